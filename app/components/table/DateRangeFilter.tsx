// Date range inputs for FilterForm plus the spec's shortcuts (last week,
// month, three months) as links; "any date" clears the range (from=&to=).
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { RANGE_SHORTCUTS, TABLE_PARAMS, addDays, searchWith, type TablePage } from "~/domain/table/types";

export function DateRangeFilter({ page, label, omit = [] }: { page: TablePage; label: string; omit?: readonly string[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!page.range) return null;
  const base = searchWith(location.search, Object.fromEntries(omit.map((key) => [key, null])));
  const inputType = page.withTime ? "datetime-local" : "date";
  // A datetime-local input shows nothing for a bare day: give it the day's first and last minute.
  const shown = (value: string | null, time: string) =>
    value && page.withTime && !value.includes("T") ? `${value}T${time}` : (value ?? "");
  const from = shown(page.range.from, "00:00");
  const to = shown(page.range.to, "23:59");
  const link = (from: string, to: string) =>
    searchWith(base, { [TABLE_PARAMS.from]: from, [TABLE_PARAMS.to]: to, [TABLE_PARAMS.page]: null });
  return (
    <fieldset className="filters__range">
      <legend>{label}</legend>
      <label>
        <span className="visually-hidden">{t("table.range.from")}</span>
        <input type={inputType} name={TABLE_PARAMS.from} defaultValue={from} key={`f${from}`} aria-label={t("table.range.from")} />
      </label>
      <span aria-hidden="true">–</span>
      <label>
        <span className="visually-hidden">{t("table.range.to")}</span>
        <input type={inputType} name={TABLE_PARAMS.to} defaultValue={to} key={`t${to}`} aria-label={t("table.range.to")} />
      </label>
      <span className="filters__shortcuts">
        {RANGE_SHORTCUTS.map((shortcut) => (
          <Link key={shortcut.key} to={link(addDays(page.today, -shortcut.days), page.today)} preventScrollReset>
            {t(shortcut.key)}
          </Link>
        ))}
        <Link to={link("", "")} preventScrollReset>
          {t("table.range.any")}
        </Link>
      </span>
    </fieldset>
  );
}
