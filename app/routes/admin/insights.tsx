// The insights dashboard (issue 24, docs/decisions/701-insights.md): for a
// mode and period, unmet demand, top lanes with conversion, growing lanes,
// the daily or weekly trend, a lane's price history and the customers who
// search without booking. Each
// chart is server-drawn SVG with its table beside it; each table exports to
// .xlsx (/insights/export?table=…). GET only: works without JavaScript.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { mayPerform } from "~/domain/permissions/operations.server";
import { requireOperation } from "~/http/auth.server";
import { notFound } from "~/http/replies.server";
import { insightsMode, insightsScreen } from "~/domain/insights/page.server";
import { LANE_MODES, laneOf, type InsightTable } from "~/domain/import-export/lanes";
import {
  CUSTOMER_COLUMNS,
  GROWTH_COLUMNS,
  priceColumns,
  TOP_COLUMNS,
  trendColumns,
  UNMET_COLUMNS,
  type Column,
} from "~/domain/insights/columns";
import { cellWords } from "~/domain/insights/words";
import { DataTable, DateRangeFilter, FilterField, FilterForm, type TableColumn } from "~/components/table";
import { Chart } from "~/components/insights/Chart";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { shanghaiDateTime } from "~/components/admin/format";
import { searchWith } from "~/domain/table/types";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { AdminBreadcrumb, adminTableLinks } from "~/components/admin/AdminScreen";
import { RequestInsights } from "~/components/price-requests/RequestInsights";
import { requestFigures, withOpenRequests } from "~/domain/price-requests/insights.server";
import { insightsQuery } from "~/domain/insights/insights.server";

export const links = adminTableLinks;
export const meta = backOfficeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "insights.read");
  const url = new URL(request.url);
  const mode = insightsMode(url);
  if (!mode) throw notFound();
  // The price requests' figures (issue 43) beside the search figures; an unmet lane links to its open requests.
  const [screen, requests] = await Promise.all([
    insightsScreen(viewer, mode, url),
    requestFigures(viewer, mode.key, insightsQuery(url).period),
  ]);
  const desk = mayPerform(viewer, "desk.read");
  const { openByLane, ...figures } = requests;
  const unmet = desk ? withOpenRequests(mode.key, screen.data.unmet, openByLane) : screen.data.unmet;
  return { ...screen, data: { ...screen.data, unmet }, requests: { ...figures, desk } };
}

export const ErrorBoundary = BackOfficeErrorBoundary;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function InsightsPage() {
  const { t } = useTranslation();
  const { modeKey, data, page, charts, requests } = useLoaderData<typeof loader>();
  const location = useLocation();
  const mode = LANE_MODES.find((m) => m.key === modeKey)!;
  const lane = laneOf(mode);
  const words = cellWords(t);
  const laneHref = (row: { origin: string; destination: string }) =>
    `${searchWith(location.search, { origin: row.origin, destination: row.destination })}#prices`;
  const exportHref = (table: InsightTable) => `/insights/export${searchWith(location.search, { table })}`;

  function columnsOf<Row>(columns: Column<Row>[], extra: TableColumn<Row>[] = []): TableColumn<Row>[] {
    return [
      ...columns.map((c) => ({
        key: c.key,
        header: c.key === "origin" ? t(lane.from.labelKey) : c.key === "destination" ? t(lane.to.labelKey) : t(c.headerKey, c.headerValues),
        cell: (row: Row) => c.value(row, words) ?? "",
        className: c.numeric ? "num" : undefined,
      })),
      ...extra,
    ];
  }
  const historyColumn = <Row extends { origin: string; destination: string }>(): TableColumn<Row> => ({
    key: "history",
    header: t("insights.unmet.priceHistory"),
    cell: (row) => (
      <Link to={laneHref(row)} preventScrollReset>
        {t("insights.unmet.priceHistory")}
      </Link>
    ),
  });

  type Unmet = Data["data"]["unmet"][number];
  const actionText = (action: Unmet["actions"][number]) =>
    action.kind === "alias"
      ? t("insights.unmet.mapAlias", { name: action.name })
      : action.kind === "addRate"
        ? t("insights.unmet.addRate")
        : action.kind === "requests"
          ? t("priceRequests.insights.openRequests", { count: action.count })
          : t("insights.unmet.openArea");
  const unmetColumns = columnsOf<Unmet>(UNMET_COLUMNS, [
    {
      key: "action",
      header: t("insights.col.action"),
      cell: (row) =>
        row.actions.length === 0 ? (
          "—"
        ) : (
          <ul className="insights-actions">
            {row.actions.map((action) => (
              <li key={action.kind}>
                <Link to={action.href}>{actionText(action)}</Link>
              </li>
            ))}
          </ul>
        ),
    },
    historyColumn<Unmet>(),
  ]);
  type Top = Data["data"]["topBySearches"][number];
  const topColumns = columnsOf<Top>(TOP_COLUMNS, [historyColumn<Top>()]);
  type Growing = Data["data"]["growth"][number];
  const growthColumns = columnsOf<Growing>(GROWTH_COLUMNS, [historyColumn<Growing>()]);
  type Idle = Data["data"]["idle"][number];
  // The follow-up table: call or write to the customer; their details where the viewer may open them.
  const customerColumns: TableColumn<Idle>[] = columnsOf<Idle>(CUSTOMER_COLUMNS).map((column) =>
    column.key === "phone"
      ? { ...column, cell: (row) => <a href={`tel:${row.phone}`}>{row.phone}</a> }
      : column.key === "email"
        ? { ...column, cell: (row) => <a href={`mailto:${row.email}`}>{row.email}</a> }
        : column,
  );
  if (data.idle.some((row) => row.href))
    customerColumns.push({
      key: "details",
      header: t("insights.col.action"),
      cell: (row) => (row.href ? <Link to={row.href}>{t("insights.customers.details")}</Link> : "—"),
    });
  const priceName = t(mode.prices.find((p) => p.key === mode.sortPrice)?.labelKey ?? mode.prices[0].labelKey);

  const section = (id: InsightTable, title: string, hint: string | null, chart: React.ReactNode, table: React.ReactNode) => (
    <section className="insights-section" aria-labelledby={`insights-${id}`} id={id}>
      <h2 id={`insights-${id}`}>
        {title}
        <a className="insights-export" href={exportHref(id)} download>
          {t("insights.export")}
        </a>
      </h2>
      {hint ? <p>{hint}</p> : null}
      <div className="insights-pair">
        <div>{chart}</div>
        <div>{table}</div>
      </div>
    </section>
  );
  const table = <Row,>(name: string, columns: TableColumn<Row>[], rows: Row[], key: (row: Row, i: number) => string) =>
    rows.length === 0 ? (
      <p>{t("insights.empty")}</p>
    ) : (
      <DataTable caption={t("insights.tableOf", { name })} columns={columns} rows={rows} rowKey={(row) => key(row, rows.indexOf(row))} />
    );
  const laneKey = (row: { origin: string; destination: string }) => `${row.origin}\u0001${row.destination}`;

  return (
    <section className="admin-page" aria-labelledby="insights-title">
      <AdminBreadcrumb area={t("admin.common.logArea")} title={t("insights.title")} />
      <h1 id="insights-title">{t("insights.title")}</h1>
      <p>{t("insights.intro")}</p>
      <p>{data.refreshedAt ? t("insights.refreshedAt", { time: shanghaiDateTime(data.refreshedAt) }) : t("insights.notRefreshed")}</p>
      <ul className="admin-tabs" aria-label={t("insights.modes")}>
        {LANE_MODES.map((m) => (
          <li key={m.key}>
            <Link
              to={searchWith(location.search, { mode: m.key, origin: null, destination: null })}
              aria-current={m.key === modeKey ? "page" : undefined}
            >
              {t(m.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
      <FilterForm label={t("insights.filterLabel")} keep={["mode", "origin", "destination", "carrier"]}>
        <DateRangeFilter page={page} label={t("insights.period")} />
        <FilterField label={t("insights.minSearches")}>
          <input type="number" name="min" min={2} max={1000} defaultValue={data.minSearches} key={data.minSearches} />
        </FilterField>
        <FilterField label={t("insights.trend.group")}>
          <select name="group" defaultValue={data.group} key={data.group}>
            <option value="day">{t("insights.trend.byDay")}</option>
            <option value="week">{t("insights.trend.byWeek")}</option>
          </select>
        </FilterField>
        <label className="filters__field filters__check">
          <input type="checkbox" name="norate" value="1" defaultChecked={data.noRate} key={String(data.noRate)} />
          <span>{t("insights.unmet.stillNoRate")}</span>
        </label>
      </FilterForm>

      <RequestInsights figures={requests} modeKey={modeKey} />
      {section(
        "unmet",
        t("insights.unmet.title"),
        t("insights.unmet.hint"),
        <Chart chart={charts.unmet} title={t("insights.chartOf", { name: t("insights.unmet.title") })} />,
        table(t("insights.unmet.title"), unmetColumns, data.unmet, laneKey),
      )}
      {section(
        "topSearches",
        t("insights.top.searchesTitle"),
        null,
        <Chart chart={charts.topSearches} title={t("insights.chartOf", { name: t("insights.top.searchesTitle") })} />,
        table(t("insights.top.searchesTitle"), topColumns, data.topBySearches, laneKey),
      )}
      {section(
        "topBookings",
        t("insights.top.bookingsTitle"),
        null,
        <Chart chart={charts.topBookings} title={t("insights.chartOf", { name: t("insights.top.bookingsTitle") })} />,
        table(t("insights.top.bookingsTitle"), topColumns, data.topByBookings, laneKey),
      )}
      {section(
        "growth",
        t("insights.growth.title"),
        t("insights.growth.hint", data.previous),
        <Chart chart={charts.growth} title={t("insights.chartOf", { name: t("insights.growth.title") })} />,
        table(t("insights.growth.title"), growthColumns, data.growth, laneKey),
      )}
      {section(
        "trend",
        data.group === "week" ? t("insights.trend.weeklyTitle") : t("insights.trend.title"),
        null,
        <Chart
          chart={charts.trend}
          title={t("insights.chartOf", { name: t("insights.trend.title") })}
          legend={[t("insights.trend.searches"), t("insights.trend.bookings")]}
        />,
        table(t("insights.trend.title"), columnsOf(trendColumns(data.group)), data.trend, (row) => row.day),
      )}
      <section className="insights-section" aria-labelledby="insights-prices" id="prices">
        <h2 id="insights-prices">
          {t("insights.prices.title")}
          {data.lane ? (
            <a className="insights-export" href={exportHref("prices")} download>
              {t("insights.export")}
            </a>
          ) : null}
        </h2>
        <p>{t("insights.prices.hint")}</p>
        <Form method="get" className="filters" aria-label={t("insights.prices.title")}>
          {[...new URLSearchParams(location.search)]
            .filter(([key]) => key !== "origin" && key !== "destination" && key !== "carrier")
            .map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
          <FilterField label={t(lane.from.labelKey)}>
            <input name="origin" defaultValue={data.lane?.origin ?? ""} key={`o${data.lane?.origin}`} maxLength={100} />
          </FilterField>
          <FilterField label={t(lane.to.labelKey)}>
            <input name="destination" defaultValue={data.lane?.destination ?? ""} key={`d${data.lane?.destination}`} maxLength={100} />
          </FilterField>
          {data.carriers.length > 1 ? (
            <FilterField label={t("insights.col.carrier")}>
              <select name="carrier" defaultValue={data.carrier ?? ""} key={`c${data.carrier}`}>
                <option value="">{t("insights.prices.everyCarrier")}</option>
                {data.carriers.map((carrier) => (
                  <option key={carrier} value={carrier}>
                    {carrier}
                  </option>
                ))}
              </select>
            </FilterField>
          ) : null}
          <button type="submit" className="button">
            {t("insights.prices.show")}
          </button>
        </Form>
        {data.lane ? (
          <>
            <h3>
              {t("insights.prices.lane", data.lane)} · {t("insights.prices.price", { name: priceName })}
              {data.carrier ? ` · ${data.carrier}` : ""}
            </h3>
            <p>{t("insights.prices.chartHint")}</p>
            {data.prices.length === 0 ? (
              <p>{t("insights.prices.none")}</p>
            ) : (
              <div className="insights-pair">
                <Chart
                  chart={charts.prices}
                  title={t("insights.chartOf", { name: t("insights.prices.title") })}
                  legend={["T0", "T1", "T2"]}
                />
                <DataTable
                  caption={t("insights.tableOf", { name: t("insights.prices.title") })}
                  columns={columnsOf(priceColumns(mode.carrierFilter))}
                  rows={data.prices}
                  rowKey={(row) => `${row.id}\u0001${row.day}\u0001${row.replacedBy?.batchId ?? "now"}`}
                />
              </div>
            )}
          </>
        ) : null}
      </section>
      <section className="insights-section" aria-labelledby="insights-customers" id="customers">
        <h2 id="insights-customers">
          {t("insights.customers.title")}
          <a className="insights-export" href={exportHref("customers")} download>
            {t("insights.export")}
          </a>
        </h2>
        <p>{t("insights.customers.hint", { n: data.minSearches })}</p>
        {table(t("insights.customers.title"), customerColumns, data.idle, (row) => `${row.userId}\u0001${laneKey(row)}`)}
      </section>
    </section>
  );
}
