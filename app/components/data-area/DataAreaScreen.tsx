// The screen of every data area, generated from its description: toolbar
// (add, range delete, import, export, checks), filters, the paged table with
// edit/delete per row (and row selection where the area has it), and the
// URL-addressed dialogs. Works without JavaScript; with it, dialogs are modal
// and the filters submit themselves (debounced).
import { Link, useActionData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { DataTable, DateRangeFilter, FilterField, FilterForm, Pager, type TableColumn } from "~/components/table";
import { DIALOG_PARAMS, type AreaRow, type DataAreaActionData, type DataAreaLoaderData } from "~/domain/data-areas/screen-types";
import { EXPORT_SCOPE_PARAM } from "~/domain/data-areas/screen-types";
import { fixedColumns, visibleColumns, type DataArea } from "~/domain/data-areas/types";
import { TABLE_PARAMS, searchWith } from "~/domain/table/types";
import { CellText, cellClass, columnLabel } from "./cells";
import { CheckDialog, DeleteDialog, RangeDeleteDialog } from "./Dialogs";
import { EditDialog } from "./EditDialog";
import { ImportForm } from "./ImportForm";
import { ImportHistoryDialog, UndoDialog } from "./ImportHistory";
import { ImportProblems } from "./ImportProblems";
import { ImportPreview } from "./ImportPreview";
import { ImportWizard } from "./ImportWizard";
import { MarkupPanel } from "./MarkupPanel";
import { ColumnChooser, fixedClass } from "./ColumnChooser";

const SELECTION_FORM = "rows-selection";

export function DataAreaScreen({ area, data }: { area: DataArea; data: DataAreaLoaderData }) {
  const { t } = useTranslation();
  const { rows, page, options, dialog, preview, written, allRows } = data;
  const actionData = useActionData() as DataAreaActionData | undefined;
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const markupRefused = actionData?.intent === "markup" ? actionData : null;
  // A refused markup keeps the rows selected (without JavaScript, from the answer).
  const [selected, setSelected] = useState<Set<string>>(() => new Set(markupRefused?.ids.map(String) ?? []));
  const rowIds = rows.map((row) => row.id).join(",");
  useEffect(() => setSelected((current) => new Set([...current].filter((id) => rowIds.split(",").includes(id)))), [rowIds]);

  const params = new URLSearchParams(location.search);
  const listSearch = searchWith(location.search, Object.fromEntries(DIALOG_PARAMS.map((p) => [p, null])));
  const listHref = listSearch === "?" ? area.path : `${area.path}${listSearch}`;
  const open = (changes: Record<string, string | number>) => `${area.path}${searchWith(listSearch, changes)}`;
  // Posting to the current URL keeps an open dialog open when validation fails.
  const formAction = `${area.path}${location.search}`;
  const exportSearch = searchWith(listSearch, { [TABLE_PARAMS.page]: null, [TABLE_PARAMS.size]: null });
  const busy = navigation.state !== "idle";

  const fixed = fixedColumns(area);
  const columns: TableColumn<AreaRow>[] = visibleColumns(area, data.hidden).map((column) => ({
    key: column.field,
    header: columnLabel(t, column),
    className: [cellClass(column), fixedClass(fixed, column.field)].filter(Boolean).join(" "),
    cell: (row) => <CellText t={t} column={column} value={row[column.field]} />,
  }));

  const importFailed = actionData?.intent === "import" ? actionData : null;
  const saveResult = actionData?.intent === "save" ? actionData.result : null;
  const noSelection = hydrated && selected.size === 0;

  return (
    <section className="data-screen" aria-labelledby="data-title">
      <div className="data-screen__head">
        <h1 id="data-title">{t(area.titleKey)}</h1>
        <div className="toolbar">
          {area.edit?.add ? (
            <Link to={open({ add: 1 })} className="button button--primary" preventScrollReset>
              {t("data.action.add")}
            </Link>
          ) : null}
          <Link to={open({ range: 1 })} className="button button--ghost" preventScrollReset>
            {t("data.action.rangeDelete")}
          </Link>
          {area.import.air ? (
            <>
              <ImportForm action={formAction} intent="preview" label={t("data.air.importStandard")} maxBytes={data.importMaxBytes} />
              <ImportForm action={formAction} intent="previewPlain" label={t("data.air.importPlain")} maxBytes={data.importMaxBytes} />
            </>
          ) : (
            <ImportForm action={formAction} intent="preview" label={t("data.action.import")} maxBytes={data.importMaxBytes} />
          )}
          {/* A carrier's or agent's own sheet (issue 40): mapped in the wizard, or recognised as a saved source. */}
          <ImportForm action={formAction} intent="wizard" label={t("wizard.open")} maxBytes={data.importMaxBytes} />
          <a href={`${area.path}/template`} className="button button--ghost" download>
            {t("importHistory.template")}
          </a>
          <Link to={open({ history: 1 })} className="button button--ghost" preventScrollReset>
            {t("importHistory.open")}
          </Link>
          {area.export ? (
            <details className="export-menu">
              <summary className="button button--ghost">{t("data.action.export")}</summary>
              <div className="export-menu__body">
                <a href={`${area.path}/export${exportSearch === "?" ? "" : exportSearch}`} download={area.export.fileName}>
                  {t("data.export.filtered", { count: page.total })}
                </a>
                <a href={`${area.path}/export?${EXPORT_SCOPE_PARAM}=all`} download={area.export.fileName}>
                  {t("data.export.all", { count: allRows })}
                </a>
              </div>
            </details>
          ) : null}
          {area.checks?.map((check) => (
            <Link key={check} to={open({ check })} className="button button--ghost" preventScrollReset>
              {t(`data.check.${check}`)}
            </Link>
          ))}
        </div>
      </div>

      {area.import.air ? <p className="field__hint">{t("importHistory.airSecondLine", { plain: t("data.air.importPlain") })}</p> : null}
      {dialog.kind === "missing" ? (
        <p className="flash flash--error" role="alert">
          {t("data.msg.loadFailed")}
        </p>
      ) : null}
      {data.wizard ? <ImportWizard area={area} wizard={data.wizard} action={formAction} /> : null}
      {preview ? <ImportPreview area={area} preview={preview} /> : null}
      {data.uploadRefused ? <ImportProblems problems={[data.uploadRefused]} badRows={[]} /> : null}
      {importFailed ? (
        <ImportProblems problems={importFailed.problems} badRows={importFailed.badRows} dateErrorIds={importFailed.dateErrorIds} />
      ) : null}
      {markupRefused ? (
        <p className="flash flash--warning" role="alert">
          {t(markupRefused.key)}
        </p>
      ) : null}
      {written !== null ? (
        <p className="flash flash--info" role="status">
          {t("data.written.notice", { count: written })} <Link to={area.path}>{t("data.written.showAll")}</Link>
        </p>
      ) : null}

      <FilterForm label={t("data.filter.label")}>
        {area.filters.map((filter) =>
          filter.kind === "select" ? (
            <FilterField key={filter.param} label={t(filter.labelKey)}>
              {/* Type-ahead (issue 22 item 7): a text box with the column's values as suggestions; the server matches typed text. */}
              <input
                type="search"
                name={filter.param}
                list={`filter-${filter.param}`}
                defaultValue={params.get(filter.param) ?? ""}
                key={`${filter.param}=${params.get(filter.param) ?? ""}`}
                placeholder={t("data.filter.all")}
                autoComplete="off"
              />
              <datalist id={`filter-${filter.param}`}>
                {(options[filter.param] ?? []).map((value) => (
                  <option key={value} value={value} />
                ))}
              </datalist>
            </FilterField>
          ) : (
            <FilterField key={filter.param} label={t(filter.labelKey)}>
              <input
                type="search"
                name={filter.param}
                defaultValue={params.get(filter.param) ?? ""}
                placeholder={t("data.filter.searchPlaceholder")}
              />
            </FilterField>
          ),
        )}
        {area.dateFilter ? <DateRangeFilter page={page} label={t(area.dateFilter.labelKey)} omit={DIALOG_PARAMS} /> : null}
      </FilterForm>

      {area.selectable ? (
        <form
          id={SELECTION_FORM}
          method="post"
          action={formAction}
          className="toolbar selection-bar"
          onSubmit={(event) => {
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            // Exports download a file: leave them to the browser.
            if (submitter?.getAttribute("formaction")) return;
            event.preventDefault();
            submit(submitter ?? event.currentTarget, { preventScrollReset: true });
          }}
        >
          <span className="field__hint" aria-live="polite">
            {hydrated ? t("data.selection.count", { count: selected.size }) : t("data.selection.hint")}
          </span>
          {area.fclTierMarkup ? <MarkupPanel disabled={noSelection} busy={busy} /> : null}
          {area.exportSelected ? (
            <button
              type="submit"
              formAction={`${area.path}/export${listSearch === "?" ? "" : listSearch}`}
              formMethod="post"
              className="button button--ghost"
              disabled={noSelection}
            >
              {t("data.action.exportSelected")}
            </button>
          ) : null}
        </form>
      ) : null}

      <ColumnChooser area={area} hidden={data.hidden} />
      <DataTable
        className={area.selectable ? "datatable--fixed datatable--select" : "datatable--fixed"}
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        selection={area.selectable ? { formId: SELECTION_FORM, selected, onChange: setSelected } : undefined}
        actions={(row) => (
          <>
            {area.edit ? (
              <Link to={open({ edit: row.id })} preventScrollReset aria-label={t("data.action.editRow", { id: row.id })}>
                {t("data.action.edit")}
              </Link>
            ) : null}
            <Link
              to={open({ delete: row.id })}
              preventScrollReset
              className="danger-link"
              aria-label={t("data.action.deleteRow", { id: row.id })}
            >
              {t("data.action.delete")}
            </Link>
          </>
        )}
      />
      <Pager page={page} omit={DIALOG_PARAMS} />

      {dialog.kind === "edit" ? (
        <EditDialog
          key={`edit-${dialog.row.id}`}
          area={area}
          mode="edit"
          row={dialog.row}
          closeHref={listHref}
          action={formAction}
          lastResult={saveResult}
        />
      ) : null}
      {dialog.kind === "add" ? (
        <EditDialog
          key="add"
          area={area}
          mode="add"
          prefill={dialog.prefill}
          closeHref={listHref}
          action={formAction}
          lastResult={saveResult}
        />
      ) : null}
      {dialog.kind === "delete" ? <DeleteDialog id={dialog.id} closeHref={listHref} action={formAction} /> : null}
      {dialog.kind === "range" ? (
        <RangeDeleteDialog state={dialog} closeHref={listHref} action={formAction} listSearch={listSearch} />
      ) : null}
      {dialog.kind === "check" ? <CheckDialog state={dialog} closeHref={listHref} /> : null}
      {dialog.kind === "history" ? <ImportHistoryDialog path={area.path} batches={dialog.batches} closeHref={listHref} /> : null}
      {dialog.kind === "undo" ? <UndoDialog path={area.path} state={dialog} action={formAction} /> : null}
    </section>
  );
}
