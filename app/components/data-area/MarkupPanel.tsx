// FCL markup of the selected rows: the nine tier prices, each optional.
// A disclosure inside the selection form, so it works without JavaScript;
// with JavaScript it cannot be opened while no row is selected.
import { useTranslation } from "~/i18n/react";
import { fclArea, FCL_MARKUP_FIELDS } from "~/domain/data-areas/fcl";
import { columnLabel } from "./cells";

export function MarkupPanel({ disabled, busy }: { disabled: boolean; busy: boolean }) {
  const { t } = useTranslation();
  const columns = FCL_MARKUP_FIELDS.map((field) => fclArea.columns.find((c) => c.field === field)!);
  return (
    <details className="markup-panel" onToggle={(event) => disabled && ((event.currentTarget as HTMLDetailsElement).open = false)}>
      <summary
        className="button button--ghost"
        aria-disabled={disabled || undefined}
        onClick={(event) => {
          if (disabled) event.preventDefault();
        }}
      >
        {t("data.fcl.markup")}
      </summary>
      <div className="markup-panel__body" role="group" aria-label={t("data.fcl.markupTitle")}>
        <p className="field__hint">{t("data.fcl.markupHint")}</p>
        <div className="markup-grid">
          {columns.map((column) => (
            <label key={column.field}>
              {columnLabel(t, column)}
              <input name={column.field} inputMode="decimal" pattern="\d+(\.\d{1,2})?" placeholder="0" />
            </label>
          ))}
        </div>
        <div className="modal__foot">
          <button type="submit" name="intent" value="markup" className="button button--primary" disabled={disabled || busy}>
            {t("data.fcl.markupSubmit")}
          </button>
        </div>
      </div>
    </details>
  );
}
