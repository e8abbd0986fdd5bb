// The preview of an upload (issue 23.1): counts, unmatched columns, row
// errors, the rows new / changed (old → new, tier prices highlighted) and
// hidden by their own validity; paged and filtered by links, committed or
// discarded by plain POST forms (works without JavaScript).
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PREVIEW_FILTERS, type PreviewData } from "~/domain/data-areas/screen-types";
import type { DataArea } from "~/domain/data-areas/types";
import { columnLabel } from "./cells";
import { ImportProblems } from "./ImportProblems";

const text = (value: unknown) => (value === null || value === undefined || value === "" ? "—" : String(value));

export function ImportPreview({ area, preview }: { area: DataArea; preview: PreviewData }) {
  const { t } = useTranslation();
  if (preview.gone) {
    return (
      <p className="flash flash--warning" role="alert" data-testid="import-preview">
        {t("importPreview.gone")}
      </p>
    );
  }
  const byField = new Map(area.columns.map((c) => [c.field, c]));
  const label = (field: string) => {
    const column = byField.get(field);
    return column ? columnLabel(t, column) : field;
  };
  const isTierPrice = (field: string) => byField.get(field)?.labelKey === "data.col.tierPrice";
  const href = (changes: { pf?: string; pp?: number; ppp?: number }) => {
    const params = new URLSearchParams({
      preview: preview.id,
      pf: changes.pf ?? preview.filter,
      pp: String(changes.pp ?? (changes.pf ? 1 : preview.page)),
      ppp: String(changes.ppp ?? preview.ports.page),
    });
    return `${area.path}?${params}`;
  };
  const portCounts = preview.summary.ports;
  const portPages = Math.max(1, Math.ceil(preview.ports.total / preview.pageSize));
  const { counts } = preview.summary;
  const pages = Math.max(1, Math.ceil(preview.total / preview.pageSize));
  return (
    <section className="import-preview" aria-labelledby="import-preview-title" data-testid="import-preview">
      <h2 id="import-preview-title">{t("importPreview.title", { file: preview.fileName })}</h2>
      <p>{t("importPreview.noChangeYet")}</p>
      <ul className="import-preview__counts">
        {(["new", "updated", "unchanged", "refused", "hidden"] as const).map((key) => (
          <li key={key} data-count={key}>
            {t(`importPreview.count.${key}`, { count: counts[key] })}
          </li>
        ))}
      </ul>
      {preview.summary.unmatched.length ? (
        <p role="note">{t("importPreview.unmatched", { columns: preview.summary.unmatched.join(", ") })}</p>
      ) : null}
      {preview.summary.problems.length ? <ImportProblems problems={preview.summary.problems} badRows={preview.summary.badRows} /> : null}
      <div className="toolbar">
        {counts.refused === 0 ? (
          <Form method="post" action={area.path}>
            <input type="hidden" name="previewId" value={preview.id} />
            <button type="submit" name="intent" value="commitPreview" className="button button--primary">
              {t("importPreview.commit", { count: counts.new + counts.updated })}
            </button>
          </Form>
        ) : null}
        <Form method="post" action={area.path}>
          <input type="hidden" name="previewId" value={preview.id} />
          <button type="submit" name="intent" value="discardPreview" className="button button--ghost">
            {t("importPreview.discard")}
          </button>
        </Form>
        <a href={`${area.path}/preview-report/${preview.id}`} className="button button--ghost" download data-testid="preview-report">
          {t("importPreview.download")}
        </a>
      </div>
      {portCounts ? (
        <section aria-labelledby="import-preview-ports" data-testid="preview-ports">
          <h3 id="import-preview-ports">{t("importPreview.ports.title")}</h3>
          <p>{t("importPreview.ports.intro")}</p>
          <p>{t("importPreview.ports.counts", portCounts)}</p>
          {preview.ports.rows.length ? (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("importPreview.ports.column")}</th>
                  <th scope="col">{t("importPreview.ports.name")}</th>
                  <th scope="col">{t("importPreview.ports.port")}</th>
                  <th scope="col">{t("importPreview.ports.result")}</th>
                  <th scope="col">{t("importPreview.ports.rows")}</th>
                </tr>
              </thead>
              <tbody>
                {preview.ports.rows.map((port) => (
                  <tr key={`${port.column} ${port.name}`} data-port-state={port.state}>
                    <td>{label(port.column)}</td>
                    <td>{port.name}</td>
                    <td>{text(port.port)}</td>
                    <td>
                      {port.state === "unresolved" ? (
                        <mark>{t(`importPreview.ports.state.${port.state}`)}</mark>
                      ) : (
                        t(`importPreview.ports.state.${port.state}`)
                      )}
                    </td>
                    <td>{port.rows}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <Pager label={t("importPreview.ports.pages")} page={preview.ports.page} pages={portPages} to={(ppp) => href({ ppp })} />
        </section>
      ) : null}
      <nav aria-label={t("importPreview.filterLabel")} className="toolbar">
        {PREVIEW_FILTERS.map((filter) => (
          <Link
            key={filter}
            to={href({ pf: filter })}
            aria-current={filter === preview.filter ? "page" : undefined}
            className="button button--ghost"
          >
            {t(`importPreview.filter.${filter}`)}
          </Link>
        ))}
      </nav>
      {preview.filter === "errors" ? null : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("data.col.id")}</th>
              <th scope="col">{t("importPreview.status")}</th>
              <th scope="col">{t("importPreview.changes")}</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.seq} data-status={row.status}>
                <td>{row.rowId ?? t("importPreview.newId")}</td>
                <td>
                  {t(`importPreview.state.${row.status}`)}
                  {row.hidden ? <> · {t("importPreview.hidden")}</> : null}
                </td>
                <td>
                  {row.changes ? (
                    <ul className="import-preview__changes">
                      {Object.entries(row.changes).map(([field, [before, after]]) => (
                        <li key={field} className={isTierPrice(field) ? "import-preview__price" : undefined}>
                          {isTierPrice(field) ? <mark>{label(field)}</mark> : label(field)}: {text(before)} → {text(after)}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.filter !== "errors" ? (
        <Pager label={t("importPreview.pages")} page={preview.page} pages={pages} to={(pp) => href({ pp })} />
      ) : null}
    </section>
  );
}

/** Previous / page n of m / next, as plain links (nothing when there is one page). */
function Pager({ label, page, pages, to }: { label: string; page: number; pages: number; to: (page: number) => string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="toolbar">
      {page > 1 ? <Link to={to(page - 1)}>{t("importPreview.previous")}</Link> : null}
      <span>{t("importPreview.page", { page, pages })}</span>
      {page < pages ? <Link to={to(page + 1)}>{t("importPreview.next")}</Link> : null}
    </nav>
  );
}
