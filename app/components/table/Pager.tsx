// Pager of the spec's layout: total, sizes, prev, pages, next, jumper.
// Links and GET forms only, so it works without JavaScript; with it, the
// size selector submits on change.
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { TABLE_PARAMS, searchWith, type TablePage } from "~/domain/table/types";

type Props = {
  page: TablePage;
  /** URL parameters the pager's links and forms must drop (e.g. dialog states such as "edit"). */
  omit?: readonly string[];
};

/** Pages shown around the current one; the first and last are always shown. */
function pageWindow(page: number, count: number): (number | "gap")[] {
  const pages = new Set([1, count, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= count));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) out.push("gap");
    out.push(n);
  });
  return out;
}

export function HiddenParams({ search, exclude }: { search: string; exclude: readonly string[] }) {
  const params = [...new URLSearchParams(search)].filter(([key]) => !exclude.includes(key));
  return (
    <>
      {params.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

export function Pager({ page, omit = [] }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  const base = searchWith(location.search, Object.fromEntries(omit.map((key) => [key, null])));
  const href = (n: number) => searchWith(base, { [TABLE_PARAMS.page]: n === 1 ? null : n });
  const drop = [...omit, TABLE_PARAMS.page, TABLE_PARAMS.size];
  return (
    <nav className="pager" aria-label={t("table.pagination")}>
      <span className="pager__total">{t("table.total", { count: page.total })}</span>
      <Form method="get" className="pager__sizes" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
        <HiddenParams search={location.search} exclude={drop} />
        <label>
          <span className="visually-hidden">{t("table.pageSizeLabel")}</span>
          <select name={TABLE_PARAMS.size} defaultValue={String(page.size)} key={page.size}>
            {page.sizes.map((size) => (
              <option key={size} value={size}>
                {t("table.pageSize", { size })}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className="button button--ghost button--small">
            {t("table.apply")}
          </button>
        </noscript>
      </Form>
      {page.page > 1 ? (
        <Link to={href(page.page - 1)} rel="prev" className="pager__step" preventScrollReset>
          {t("table.prev")}
        </Link>
      ) : (
        <span className="pager__step" aria-disabled="true">
          {t("table.prev")}
        </span>
      )}
      <ul className="pager__pages">
        {pageWindow(page.page, page.pageCount).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page.page ? (
                <span aria-current="page" className="pager__current">
                  {n}
                </span>
              ) : (
                <Link to={href(n)} aria-label={t("table.pageN", { page: n })} preventScrollReset>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page.page < page.pageCount ? (
        <Link to={href(page.page + 1)} rel="next" className="pager__step" preventScrollReset>
          {t("table.next")}
        </Link>
      ) : (
        <span className="pager__step" aria-disabled="true">
          {t("table.next")}
        </span>
      )}
      <Form method="get" className="pager__jump">
        <HiddenParams search={location.search} exclude={[...omit, TABLE_PARAMS.page]} />
        <label>
          {t("table.goto")}
          <input
            type="number"
            name={TABLE_PARAMS.page}
            min={1}
            max={page.pageCount}
            defaultValue={page.page}
            key={page.page}
            inputMode="numeric"
          />
          {t("table.pageUnit")}
        </label>
        <button type="submit" className="button button--ghost button--small">
          {t("table.go")}
        </button>
      </Form>
    </nav>
  );
}
