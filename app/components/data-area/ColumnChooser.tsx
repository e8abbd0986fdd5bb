// Which columns the table shows (issue 22 item 6): a GET form with a
// checkbox per column, inside a disclosure, so it works without JavaScript.
// The server remembers the choice per user and area (columns.server.ts).
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { HiddenParams } from "~/components/table";
import { listColumns, type DataArea } from "~/domain/data-areas/types";
import { columnLabel } from "./cells";

export function ColumnChooser({ area, hidden }: { area: DataArea; hidden: readonly string[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const choosable = listColumns(area).filter((c) => c.kind !== "id");
  return (
    <details className="column-chooser">
      <summary className="button button--ghost">
        {t("data.columns.choose", { shown: choosable.length - hidden.length, total: choosable.length })}
      </summary>
      <Form method="get" className="column-chooser__body" preventScrollReset>
        <HiddenParams search={location.search} exclude={["columns", "show"]} />
        <input type="hidden" name="columns" value="1" />
        <fieldset>
          <legend>{t("data.columns.legend")}</legend>
          {choosable.map((column) => (
            <label key={column.field}>
              <input type="checkbox" name="show" value={column.field} defaultChecked={!hidden.includes(column.field)} />{" "}
              {columnLabel(t, column)}
            </label>
          ))}
        </fieldset>
        <div className="modal__foot">
          <button type="submit" name="show" value="*" className="button button--ghost">
            {t("data.columns.all")}
          </button>
          <button type="submit" className="button button--primary">
            {t("data.columns.apply")}
          </button>
        </div>
      </Form>
    </details>
  );
}

/** The class of a column fixed on the left (`fix-0` is the id, then the route columns), or "". */
export function fixedClass(fixed: readonly string[], field: string): string {
  const index = fixed.indexOf(field);
  return index < 0 ? "" : `fix fix-${index}`;
}
