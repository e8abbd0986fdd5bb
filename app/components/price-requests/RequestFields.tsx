// The price-request form's fields (issue 43) as the forms module draws them,
// with their errors: /priceRequest and the embeddable form. The fields are
// described once in domain/price-requests/form-fields.ts.
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Field, Select, TextArea } from "~/components/forms";
import type { ModeKey } from "~/domain/modes";
import { requestFieldGroups } from "~/domain/price-requests/form-fields";

export type RequestFieldsProps = {
  modeKey: ModeKey;
  /** Field name → value (the pre-filled lane and cargo, or what was sent). */
  values: Record<string, string>;
  /** Field name → message keys. */
  errors?: Record<string, string[] | null | undefined>;
  visitor: boolean;
  currencies: readonly string[];
  /** Prefix of the controls' ids (two forms on one page stay distinct). */
  idPrefix: string;
  /** Rendered after the fields (the submit button, a sign-in link). */
  children?: ReactNode;
};

export function RequestFields({ modeKey, values, errors = {}, visitor, currencies, idPrefix, children }: RequestFieldsProps) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <input type="hidden" name="mode" value={modeKey} />
      {requestFieldGroups(modeKey, visitor, currencies).map((group) => (
        <fieldset key={group.legendKey} className="price-request__group">
          <legend>{t(group.legendKey)}</legend>
          {group.hintKey ? <p className="field__hint">{t(group.hintKey)}</p> : null}
          {group.fields.map((field) =>
            field.control === "select" ? (
              <Select
                key={field.name}
                label={t(field.labelKey)}
                errors={errors[field.name] ?? undefined}
                selectProps={{ id: id(field.name), name: field.name, defaultValue: values[field.name] ?? "" }}
                options={field.options.map((c) => ({ value: c, label: c }))}
              />
            ) : field.control === "textarea" ? (
              <TextArea
                key={field.name}
                label={t(field.labelKey)}
                hint={field.hintKey ? t(field.hintKey) : undefined}
                errors={errors[field.name] ?? undefined}
                textareaProps={{ id: id(field.name), name: field.name, maxLength: field.maxLength, defaultValue: values[field.name] ?? "" }}
              />
            ) : (
              <Field
                key={field.name}
                label={t(field.labelKey)}
                hint={field.hintKey ? t(field.hintKey) : undefined}
                errors={errors[field.name] ?? undefined}
                inputProps={{ id: id(field.name), name: field.name, defaultValue: values[field.name] ?? "", ...field.attributes }}
              />
            ),
          )}
        </fieldset>
      ))}
      {children}
    </>
  );
}
