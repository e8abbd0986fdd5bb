import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ContactCard } from "~/components/ContactCard";
import type { ResultsModeView as ModeView } from "~/domain/modes";
import type { ResultsData } from "~/routes/site/-server/results.server";
import { RatesTable } from "./RatesTable";
import { PopularLanes } from "./PopularLanes";
import { SearchForm } from "./SearchForm";
import { PriceRequestOffer } from "./PriceRequestOffer";
import { hrefWith, PriceNotice } from "./shared";
import { CurrencyField, QueryForm, shipmentParams, ShipmentForm } from "./ShipmentTotals";

export { ratesHeaders, ratesMeta, SearchErrorBoundary } from "./shared";

function Toolbar({ mode, data, base }: { mode: ModeView; data: ResultsData; base: Record<string, string> }) {
  const { t } = useTranslation();
  const results = data.results!;
  const sortLink = (sort: "price" | "validity" | "total") => (
    <Link
      to={hrefWith(mode.path, { ...base, ...calcParams(data), sort })}
      aria-current={results.sort === sort ? "true" : undefined}
      className="toolbar__sort"
      preventScrollReset
    >
      {t(`search.sort.${sort}`)}
    </Link>
  );
  return (
    <div className="toolbar">
      <p className="toolbar__count" role="status">
        {t("search.results.count", { count: results.total })}
      </p>
      <div className="toolbar__sorts">
        <span>{t("search.sort.label")}</span>
        {/* Visitors cannot sort by a price they do not see. */}
        {data.tier ? sortLink("price") : null}
        {sortLink("validity")}
        {data.shipment?.totals ? sortLink("total") : null}
      </div>
      {data.carriers && data.carriers.length > 1 ? (
        <Form method="get" action={mode.path} className="toolbar__filter">
          {Object.entries(data.query)
            .filter(([key]) => key !== "carrier")
            .map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
          <input type="hidden" name="sort" value={results.sort} />
          {Object.entries(shipmentParams(data)).map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <label htmlFor={`${mode.key}-carrier`}>{t("search.col.carrier")}</label>
          <select id={`${mode.key}-carrier`} name="carrier" defaultValue={data.carrier ?? ""}>
            <option value="">{t("search.filter.allCarriers")}</option>
            {data.carriers.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--ghost">
            {t("search.filter.apply")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function calcParams(data: ResultsData): Record<string, string> {
  return { ...(data.calculator ? { cbm: data.calculator.cbm, kg: data.calculator.kg } : {}), ...shipmentParams(data) };
}

function Pager({ mode, data, base }: { mode: ModeView; data: ResultsData; base: Record<string, string> }) {
  const { t } = useTranslation();
  const { page, pageCount, sort } = data.results!;
  if (pageCount < 2) return null;
  const href = (p: number) => hrefWith(mode.path, { ...base, ...calcParams(data), sort, page: p > 1 ? p : null });
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter((p) => p === 1 || p === pageCount || Math.abs(p - page) <= 2);
  return (
    <nav className="pager" aria-label={t("search.pager.label")}>
      {page > 1 ? <Link to={href(page - 1)}>{t("search.pager.previous")}</Link> : null}
      {pages.map((p, i) => (
        <span key={p}>
          {i > 0 && p - pages[i - 1] > 1 ? <span aria-hidden="true">…</span> : null}
          <Link to={href(p)} aria-current={p === page ? "page" : undefined} className="pager__page">
            {p}
          </Link>
        </span>
      ))}
      {page < pageCount ? <Link to={href(page + 1)}>{t("search.pager.next")}</Link> : null}
    </nav>
  );
}

function Calculator({ mode, data }: { mode: ModeView; data: ResultsData }) {
  const { t } = useTranslation();
  const calc = data.calculator!;
  return (
    <QueryForm
      id="calc"
      action={mode.path}
      className="calculator"
      title={t("search.calculator.title")}
      hint={t("search.calculator.rule")}
      hidden={{ ...Object.fromEntries(mode.fields.map((f) => [f.param, data.query[f.param] ?? ""])), sort: data.results?.sort ?? "" }}
      fields={(["cbm", "kg"] as const).map((name) => ({
        name,
        label: t(`search.calculator.${name}`),
        value: calc[name],
        error: calc.errors[name],
      }))}
      submit={t("search.calculator.submit")}
    >
      <CurrencyField data={data} />
    </QueryForm>
  );
}

function ExpressSummary({ data }: { data: ResultsData }) {
  const { t } = useTranslation();
  const e = data.express!;
  return (
    <div className="express-summary">
      <p>{t("search.express.summary", { country: e.country, zone: e.zone, zoneCode: e.zoneCode, weight: e.weight })}</p>
      {data.tier ? <p className="field__hint">{t("search.express.formula")}</p> : null}
    </div>
  );
}

/** "Watch this lane" (issue 25 item 4): a plain POST to the personal centre, which sends the customer back here. */
function WatchLane({ watch, here }: { watch: NonNullable<ResultsData["watch"]>; here: string }) {
  const { t } = useTranslation();
  if (watch.watching) {
    return (
      <p className="watch-lane" data-testid="watch-lane">
        {t("watches.watching")} <Link to="/userWatches">{t("watches.title")}</Link>
      </p>
    );
  }
  return (
    <Form method="post" action="/userWatches" className="watch-lane" data-testid="watch-lane">
      {Object.entries({ intent: "add", mode: watch.mode, pol: watch.pol, pod: watch.pod, returnTo: here }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--ghost button--small" aria-describedby="watch-lane-hint">
        {t("watches.watch")}
      </button>{" "}
      <small id="watch-lane-hint">{t("watches.watchHint")}</small>
    </Form>
  );
}

/** The results page of one mode (the six routes render this with their loader's data). */
export function RatesPage({ data }: { data: ResultsData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const mode = data.mode;
  const here = location.pathname + location.search;
  const base: Record<string, string> = { ...data.query };
  const hrefFor = (param: string, value: string) => hrefWith(mode.path, { ...base, [param]: value });
  const results = data.results;
  // Express's search, or the shipment sized here (issue 45 item 3): made by the loader (rates/rate-search.server.ts).
  const bookingQuery = data.bookingQuery ?? undefined;

  return (
    <div className="page rates-page">
      {/* A lane's page names its lane (issue 45 item 9). */}
      <h1>
        {results && data.heading
          ? t("search.results.laneTitle", { lane: data.heading, mode: t(mode.labelKey) })
          : t("search.results.title", { mode: t(mode.labelKey) })}
      </h1>
      <SearchForm
        mode={mode}
        fields={data.fields}
        weight={data.weight}
        suggestions={data.suggestions}
        lists={data.lists}
        hrefFor={hrefFor}
      />
      <PriceNotice access={data.access} here={here} />
      {results ? (
        <section aria-labelledby="results-title" className="results">
          <h2 id="results-title">{data.heading}</h2>
          {data.watch ? <WatchLane watch={data.watch} here={here} /> : null}
          {data.express ? <ExpressSummary data={data} /> : null}
          {mode.calculator && data.calculator && results.total > 0 ? <Calculator mode={mode} data={data} /> : null}
          {data.shipment && data.tier && results.total > 0 ? <ShipmentForm mode={mode} data={data} /> : null}
          {results.total === 0 ? (
            <div className="empty-result">
              <p className="empty">{t("search.empty")}</p>
              <ContactCard data={data.contact} variant="inline" />
            </div>
          ) : (
            <>
              <Toolbar mode={mode} data={data} base={base} />
              <RatesTable
                mode={mode}
                rows={results.rows}
                access={data.access}
                here={here}
                bookingQuery={bookingQuery}
                charges={data.calculator?.charges ?? null}
                totals={data.shipment?.totals && (mode.shipment !== "lcl" || data.shipment.values.cur) ? data.shipment.totals : null}
              />
              <Pager mode={mode} data={data} base={base} />
            </>
          )}
          <PriceRequestOffer offer={data.priceRequest} />
        </section>
      ) : null}
      <PopularLanes lanes={data.popular} modeLabel={mode.labelKey} />
      <ContactCard data={data.contact} />
    </div>
  );
}
