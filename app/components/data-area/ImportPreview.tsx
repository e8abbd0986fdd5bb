// The preview of an upload (issue 23.1): counts, unmatched columns, row
// errors, the rows new / changed (old → new, tier prices highlighted) and
// hidden by their own validity; paged and filtered by links, committed or
// discarded by plain POST forms (works without JavaScript). Issue 40: every
// row with its values, where it came from in a carrier's workbook (tab, row,
// period) and the counts per tab and period; the rows customers will see
// today and those they will not find (port names nothing resolves, with the
// nearest ports); what the clerk must decide before the commit (a file
// already imported, further tabs).
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PREVIEW_FILTERS, type PreviewData } from "~/domain/data-areas/screen-types";
import type { DataArea } from "~/domain/data-areas/types";
import { columnLabel } from "./cells";
import { ImportProblems } from "./ImportProblems";
import { CheckboxField, IntentForm } from "~/components/forms";

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
  const href = (changes: { pf?: string; pp?: number; ppp?: number; ptab?: string | null }) => {
    const params = new URLSearchParams({
      preview: preview.id,
      pf: changes.pf ?? preview.filter,
      pp: String(changes.pp ?? (changes.pf || changes.ptab !== undefined ? 1 : preview.page)),
      ppp: String(changes.ppp ?? preview.ports.page),
    });
    const tab = changes.ptab === undefined ? preview.tab : changes.ptab;
    if (tab) params.set("ptab", tab);
    return `${area.path}?${params}`;
  };
  const {
    decisions,
    tabs: tabCounts,
    notes,
    hiddenRows,
    portLists,
    sizeRows,
    onRequest,
    unpriced,
    notStarted,
    repeatedRates,
  } = preview.summary;
  const tabNames = [...new Set((tabCounts ?? []).map((c) => c.tab))];
  const portCounts = preview.summary.ports;
  const portPages = Math.max(1, Math.ceil(preview.ports.total / preview.pageSize));
  const { counts } = preview.summary;
  // Every value of each row (issue 40 item 3): the file's columns in write order, the update time left out.
  const shown = preview.columns.flatMap((c, index) => (c.field === "updatedAt" ? [] : [{ field: c.field, index }]));
  const withOrigin = preview.rows.some((row) => row.origin);
  const pages = Math.max(1, Math.ceil(preview.total / preview.pageSize));
  return (
    <section className="import-preview" aria-labelledby="import-preview-title" data-testid="import-preview">
      <h2 id="import-preview-title">{t("importPreview.title", { file: preview.fileName })}</h2>
      <p>{t("importPreview.noChangeYet")}</p>
      {preview.source ? (
        <p>
          {preview.source.profile ? <>{t("importPreview.source", { name: preview.source.profile.name })} · </> : null}
          <Link to={`${area.path}?wizard=${preview.source.wizard}`}>{t("importPreview.backToWizard")}</Link>
        </p>
      ) : null}
      <ul className="import-preview__counts">
        {(["new", "updated", "unchanged", "refused", "hidden"] as const).map((key) => (
          <li key={key} data-count={key}>
            {t(`importPreview.count.${key}`, { count: counts[key] })}
          </li>
        ))}
        {preview.summary.visible !== undefined ? (
          <li data-count="visible">{t("importPreview.count.visible", { count: preview.summary.visible })}</li>
        ) : null}
        {preview.summary.sameRate ? (
          <li data-count="sameRate">{t("importPreview.count.sameRate", { count: preview.summary.sameRate })}</li>
        ) : null}
      </ul>
      {preview.summary.unfound ? (
        <p className="flash flash--warning" role="note" data-count="unfound">
          {t("importPreview.count.unfound", { count: preview.summary.unfound })}
        </p>
      ) : null}
      {tabCounts?.length ? (
        <section aria-labelledby="import-preview-tabs" data-testid="preview-tabs">
          <h3 id="import-preview-tabs">{t("importPreview.tabs.title")}</h3>
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("importPreview.tabs.tab")}</th>
                  <th scope="col">{t("importPreview.tabs.period")}</th>
                  {(["new", "updated", "unchanged", "hidden"] as const).map((key) => (
                    <th scope="col" key={key}>
                      {t(`importPreview.report.count.${key === "hidden" ? "hidden" : key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {tabCounts.map((c) => (
                  <tr key={`${c.tab} ${c.period ?? ""}`}>
                    <th scope="row">{c.tab}</th>
                    <td>{c.period ?? "—"}</td>
                    <td>{c.new}</td>
                    <td>{c.updated}</td>
                    <td>{c.unchanged}</td>
                    <td>{c.hidden}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {(
        [
          ["importPreview.notes", notes],
          ["importPreview.hiddenRows", hiddenRows],
          ["importPreview.portLists", portLists],
          ["importPreview.sizeRows", sizeRows],
          ["importPreview.onRequest", onRequest],
          ["importPreview.unpriced", unpriced],
          ["importPreview.notStarted", notStarted],
          ["importPreview.repeatedRates", repeatedRates],
        ] as const
      ).map(([key, rows]) =>
        rows?.length ? (
          <div role="note" key={key}>
            <p>{t(key)}</p>
            <ul>
              {rows.map((row) => (
                <li key={row.at}>
                  {row.at}: {row.text}
                </li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
      {preview.summary.unmatched.length ? (
        <p role="note">{t("importPreview.unmatched", { columns: preview.summary.unmatched.join(", ") })}</p>
      ) : null}
      {preview.summary.problems.length ? (
        <ImportProblems problems={preview.summary.problems} badRows={preview.summary.badRows} rowLabels={preview.summary.rowLabels} />
      ) : null}
      <div className="toolbar">
        {counts.refused === 0 ? (
          <Form method="post" action={area.path} className="import-preview__commit">
            <input type="hidden" name="previewId" value={preview.id} />
            {(
              [
                ["repeat", decisions?.repeat && t("importPreview.decision.repeat", decisions.repeat)],
                [
                  "unmatchedPrices",
                  decisions?.unmatchedPrices &&
                    t("importPreview.decision.unmatchedPrices", { columns: decisions.unmatchedPrices.join("、") }),
                ],
                [
                  "repeatedRates",
                  decisions?.repeatedRates && t("importPreview.decision.repeatedRates", { count: decisions.repeatedRates }),
                ],
                [
                  "notStarted",
                  decisions?.notStarted && t("importPreview.decision.notStarted", { count: decisions.notStarted, area: t(area.titleKey) }),
                ],
                [
                  "furtherTabs",
                  decisions?.furtherTabs &&
                    t("importPreview.decision.furtherTabs", {
                      tabs: decisions.furtherTabs.map((tab) => `${tab.name} (${tab.rows})`).join("、"),
                    }),
                ],
              ] as const
            ).map(([name, said]) =>
              // A decision the commit waits for: what the preview found, and the clerk's tick that accepts it.
              said ? (
                <div className="flash flash--warning" role="note" data-decision={name} key={name}>
                  <p>{said}</p>
                  <CheckboxField
                    label={t(`importPreview.decision.${name}Accept`)}
                    inputProps={{ id: `accept-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, name: "accept", value: name }}
                  />
                </div>
              ) : null,
            )}
            <button type="submit" name="intent" value="commitPreview" className="button button--primary">
              {t("importPreview.commit", { count: counts.new + counts.updated })}
            </button>
          </Form>
        ) : null}
        <IntentForm
          intent="discardPreview"
          action={area.path}
          values={{ previewId: preview.id }}
          button={{ className: "button button--ghost" }}
        >
          {t("importPreview.discard")}
        </IntentForm>
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
                  <th scope="col">{t("importPreview.suggestions")}</th>
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
                    <td>
                      {(preview.suggestions[port.name] ?? [])
                        .map((p) => `${p.name} (${p.code}${p.nameZh && p.nameZh !== p.name ? ` ${p.nameZh}` : ""})`)
                        .join("; ")}
                    </td>
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
      {tabNames.length > 1 ? (
        <nav aria-label={t("importPreview.filter.tab")} className="toolbar">
          <Link to={href({ ptab: null })} aria-current={preview.tab === null ? "page" : undefined} className="button button--ghost">
            {t("importPreview.filter.allTabs")}
          </Link>
          {tabNames.map((tab) => (
            <Link
              key={tab}
              to={href({ ptab: tab })}
              aria-current={preview.tab === tab ? "page" : undefined}
              className="button button--ghost"
            >
              {tab}
            </Link>
          ))}
        </nav>
      ) : null}
      {preview.filter === "errors" ? null : (
        <div className="table-scroll">
          <table className="table import-preview__rows">
            <thead>
              <tr>
                <th scope="col">{t("data.col.id")}</th>
                {withOrigin ? <th scope="col">{t("importPreview.origin")}</th> : null}
                <th scope="col">{t("importPreview.status")}</th>
                <th scope="col">{t("importPreview.changes")}</th>
                {shown.map(({ field }) => (
                  <th scope="col" key={field}>
                    {label(field)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.seq} data-status={row.status}>
                  <td>{row.rowId ?? t("importPreview.newId")}</td>
                  {withOrigin ? <td>{row.origin ?? "—"}</td> : null}
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
                  {shown.map(({ field, index }) => (
                    <td key={field} className={row.changes?.[field] ? "import-preview__changed" : undefined}>
                      {text(row.values[index])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
