// Date range inputs for FilterForm plus the spec's shortcuts (last week,
// month, three months) as links; "any date" clears the range (from=&to=).
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RANGE_SHORTCUTS, TABLE_PARAMS, addDays, searchWith, type TablePage } from "~/domain/table/types";

export function DateRangeFilter({ page, label, omit = [] }: { page: TablePage; label: string; omit?: readonly string[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!page.range) return null;
  const base = searchWith(location.search, Object.fromEntries(omit.map((key) => [key, null])));
  const link = (from: string, to: string) => searchWith(base, { [TABLE_PARAMS.from]: from, [TABLE_PARAMS.to]: to, [TABLE_PARAMS.page]: null });
  return (
    <fieldset className="filters__range">
      <legend>{label}</legend>
      <label>
        <span className="visually-hidden">{t("table.range.from")}</span>
        <input type="date" name={TABLE_PARAMS.from} defaultValue={page.range.from ?? ""} key={`f${page.range.from}`} aria-label={t("table.range.from")} />
      </label>
      <span aria-hidden="true">–</span>
      <label>
        <span className="visually-hidden">{t("table.range.to")}</span>
        <input type="date" name={TABLE_PARAMS.to} defaultValue={page.range.to ?? ""} key={`t${page.range.to}`} aria-label={t("table.range.to")} />
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
