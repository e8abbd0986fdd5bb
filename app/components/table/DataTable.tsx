// A plain, accessible table for paged data. Optional row selection puts a
// checkbox per row that belongs to a form elsewhere on the page (the HTML
// `form` attribute), so selected ids are submitted with that form, with or
// without JavaScript.
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";

export type TableColumn<Row> = {
  key: string;
  header: React.ReactNode;
  cell: (row: Row) => React.ReactNode;
  /** Extra class for th and td (e.g. "num" for right-aligned numbers). */
  className?: string;
};

export type RowSelection = {
  /** id of the <form> the checkboxes belong to. */
  formId: string;
  /** Field name of the checkboxes (default "ids"). */
  name?: string;
  /** Controlled selection (optional): enables "select all on this page". */
  selected?: ReadonlySet<string>;
  onChange?: (selected: Set<string>) => void;
};

type Props<Row> = {
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  caption?: React.ReactNode;
  selection?: RowSelection;
  /** Last column (edit, delete ...). */
  actions?: (row: Row) => React.ReactNode;
  actionsHeader?: React.ReactNode;
  className?: string;
};

export function DataTable<Row>({ columns, rows, rowKey, caption, selection, actions, actionsHeader, className }: Props<Row>) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const name = selection?.name ?? "ids";
  const selected = selection?.selected;
  const allKeys = rows.map(rowKey);
  const allSelected = !!selected && allKeys.length > 0 && allKeys.every((key) => selected.has(key));
  const toggle = (key: string, on: boolean) => {
    if (!selection?.onChange || !selected) return;
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    selection.onChange(next);
  };
  return (
    <div className={`datatable ${className ?? ""}`}>
      {/* Phones: wide tables scroll sideways; this says so (CSS shows it on narrow screens only). */}
      <p className="datatable__hint">{t("table.scrollHint")}</p>
      <table>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="datatable__check">
                {hydrated && selected ? (
                  <input
                    type="checkbox"
                    aria-label={t("table.selectAll")}
                    checked={allSelected}
                    onChange={(event) => selection.onChange?.(new Set(event.target.checked ? allKeys : []))}
                  />
                ) : (
                  <span className="visually-hidden">{t("table.select")}</span>
                )}
              </th>
            ) : null}
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="datatable__actions">
                {actionsHeader ?? t("table.actions")}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (selection ? 1 : 0) + (actions ? 1 : 0)} className="datatable__empty">
                {t("table.empty")}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              return (
                <tr key={key}>
                  {selection ? (
                    <td className="datatable__check">
                      <input
                        type="checkbox"
                        name={name}
                        value={key}
                        form={selection.formId}
                        aria-label={t("table.selectRow", { id: key })}
                        {...(selected
                          ? {
                              checked: selected.has(key),
                              onChange: (event: React.ChangeEvent<HTMLInputElement>) => toggle(key, event.target.checked),
                            }
                          : {})}
                      />
                    </td>
                  ) : null}
                  {columns.map((column) => (
                    <td key={column.key} className={column.className}>
                      {column.cell(row)}
                    </td>
                  ))}
                  {actions ? (
                    <td className="datatable__actions">
                      <div>{actions(row)}</div>
                    </td>
                  ) : null}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
