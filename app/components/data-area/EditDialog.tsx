// The one editor of an area's row, for "add" and "edit" (house style 3):
// fields generated from the description, validated by the same zod schema
// in the browser (conform) and on the server. Opened by URL (?edit=12,
// ?add=1), rendered open by the server, modal with JavaScript.
import { Form, Link, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useMemo } from "react";
import { useTranslation } from "~/i18n/react";
import { ErrorList } from "~/components/forms";
import { UrlDialog } from "~/components/dialog";
import { editFormSchema } from "~/domain/data-areas/schema";
import { editColumns, type AreaColumn, type DataArea } from "~/domain/data-areas/types";
import type { AreaRow } from "~/domain/data-areas/screen-types";
import { columnLabel } from "./cells";

type Props = {
  area: DataArea;
  mode: "add" | "edit";
  row?: AreaRow;
  /** Add: values to start from (the lane of the list's filters). */
  prefill?: Record<string, string>;
  closeHref: string;
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
};

function defaults(
  area: DataArea,
  row: AreaRow | undefined,
  prefill?: Record<string, string>,
): Record<string, string | undefined> | undefined {
  if (!row) return prefill;
  const out: Record<string, string | undefined> = { idChange: String(row.id) };
  for (const column of editColumns(area)) {
    const value = row[column.field];
    if (column.kind === "bool") out[column.field] = value ? "on" : undefined;
    // datetime-local wants "YYYY-MM-DDTHH:mm:ss".
    else if (column.kind === "localDateTime" && typeof value === "string") out[column.field] = value.replace(" ", "T");
    else out[column.field] = value === null || value === undefined ? undefined : String(value);
  }
  return out;
}

function EditField({ column, field, label }: { column: AreaColumn; field: FieldMetadata<unknown>; label: string }) {
  const errorId = field.errors?.length ? field.errorId : undefined;
  const described = { "aria-invalid": errorId ? true : undefined, "aria-describedby": errorId } as const;
  if (column.kind === "bool") {
    return (
      <div className="field">
        <label className="field__check">
          <input {...getInputProps(field, { type: "checkbox" })} {...described} />
          {label}
        </label>
        <ErrorList id={errorId} errors={field.errors} />
      </div>
    );
  }
  if (column.kind === "longtext") {
    return (
      <div className="field field--wide">
        <label htmlFor={field.id}>{label}</label>
        <textarea {...getTextareaProps(field)} rows={3} {...described} />
        <ErrorList id={errorId} errors={field.errors} />
      </div>
    );
  }
  const type = column.kind === "date" ? "date" : column.kind === "localDateTime" ? "datetime-local" : "text";
  return (
    <div className="field">
      <label htmlFor={field.id} className={column.required ? "field__label--required" : undefined}>
        {label}
      </label>
      <input
        {...getInputProps(field, { type })}
        inputMode={column.kind === "decimal" ? "decimal" : undefined}
        aria-required={column.required ? true : undefined}
        {...described}
      />
      <ErrorList id={errorId} errors={field.errors} />
    </div>
  );
}

export function EditDialog({ area, mode, row, prefill, closeHref, action, lastResult }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const schema = useMemo(() => editFormSchema(area, mode), [area, mode]);
  const [form, fields] = useForm({
    id: `${area.key}-${mode}-${row?.id ?? "new"}`,
    lastResult,
    shouldValidate: area.edit?.validateOnBlur ? "onBlur" : "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue: defaults(area, row, prefill),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const all = fields as unknown as Record<string, FieldMetadata<unknown>>;
  return (
    <UrlDialog look="data" title={mode === "add" ? t("data.dialog.add") : t("data.dialog.edit", { id: row?.id })} closeTo={closeHref} wide>
      <Form method="post" action={action} {...getFormProps(form)} preventScrollReset>
        <input type="hidden" name="intent" value="save" />
        {mode === "edit" && row ? <input type="hidden" name="id" value={row.id} /> : null}
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="edit-grid">
          {mode === "edit" && area.edit?.idChange ? (
            <div className="field">
              <label htmlFor={all.idChange.id}>{t("data.col.idChange")}</label>
              <input
                {...getInputProps(all.idChange, { type: "text" })}
                inputMode="numeric"
                aria-invalid={all.idChange.errors?.length ? true : undefined}
                aria-describedby={all.idChange.errors?.length ? all.idChange.errorId : undefined}
              />
              <ErrorList id={all.idChange.errors?.length ? all.idChange.errorId : undefined} errors={all.idChange.errors} />
            </div>
          ) : null}
          {editColumns(area).map((column) => (
            <EditField key={column.field} column={column} field={all[column.field]} label={columnLabel(t, column)} />
          ))}
        </div>
        <div className="modal__foot">
          <Link to={closeHref} className="button button--ghost" preventScrollReset replace>
            {t("common.actions.cancel")}
          </Link>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("common.actions.save")}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
