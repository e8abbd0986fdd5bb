// /priceDesk (issue 43): the pricing desk's queue of price requests, in the
// viewer's scope (a view-2 salesperson or customer service sees their own
// customers' requests and the visitors' they accepted). Open requests are
// listed most urgent first with their age and service-level clock; the
// filters (state, mode, lane, text) are a GET form, so it works without
// JavaScript. Each request opens on /priceDesk/<id> (accept, answer, decline,
// make it a rate). Menu 43 under 运营管理; operation desk.read.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireOperation } from "~/http/auth.server";
import { listDesk, type RequestState } from "~/domain/price-requests/requests.server";
import { deskPromise } from "~/domain/price-requests/form.server";
import { MODE_KEYS } from "~/domain/price-requests/schemas";
import { MODES } from "~/domain/modes";
import { defineTable, parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { DataTable, FilterField, FilterForm, Pager, SearchField, type TableColumn } from "~/components/table";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { AdminBreadcrumb, adminTableLinks } from "~/components/admin/AdminScreen";
import { pageT } from "~/i18n/i18n.server";
import { languageOf } from "~/http/context.server";
import { embedSnippets, SITE_NAME } from "~/domain/price-requests/embed.server";
import { publicOrigin } from "~/utils/public-origin.server";
import { formatDateTime } from "~/utils/dates";
import { z } from "~/utils/zod";
import { duration, SlaClock } from "~/components/price-requests/SlaClock";
import priceRequestStylesHref from "~/components/price-requests/price-requests.css";

export const links = () => [...adminTableLinks(), { rel: "stylesheet", href: priceRequestStylesHref }];
export const meta = backOfficeMeta;

const STATE_FILTERS = ["OPEN", "HELD", "ANSWERED", "DECLINED", "BOOKED", "all"] as const satisfies readonly (RequestState | "all")[];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "desk.read");
  const query = parseTableQuery(
    request,
    defineTable({
      sizes: [20, 50, 100],
      defaultSize: 20,
      filters: {
        q: z.string().trim().max(100),
        state: z.enum(STATE_FILTERS),
        mode: z.enum(MODE_KEYS),
        origin: z.string().trim().max(100),
        destination: z.string().trim().max(100),
      },
    }),
  );
  const t = pageT(await languageOf({ request, context }));
  const now = new Date();
  const { rows, total } = await listDesk(viewer, query.filters, query, t, now);
  // The embeddable form's snippets for a website staff name (?embed=agent-hk): its form token is in them.
  const site = new URL(request.url).searchParams.get("embed");
  const embed =
    site === null
      ? null
      : SITE_NAME.test(site)
        ? { site, error: null, ...embedSnippets(publicOrigin(new URL(request.url)), site, await languageOf({ request, context })) }
        : { site, error: "priceRequests.embed.badSite" as const, iframe: null, form: null };
  return {
    embed,
    rows: rows.map((r) => ({ ...r, ageMinutes: Math.max(0, Math.floor((now.getTime() - Date.parse(r.createdAt)) / 60_000)) })),
    page: tablePage(query, total),
    state: query.filters.state ?? "OPEN",
    mode: query.filters.mode ?? "",
    promise: deskPromise(),
  };
}

export const ErrorBoundary = BackOfficeErrorBoundary;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function PriceDeskPage() {
  const { t } = useTranslation();
  const { rows, page, state, mode, promise, embed } = useLoaderData<typeof loader>();
  const columns: TableColumn<Row>[] = [
    { key: "number", header: t("priceRequests.field.number"), cell: (r) => <Link to={`/priceDesk/${r.id}`}>{r.number}</Link> },
    {
      key: "customer",
      header: t("priceRequests.field.customer"),
      cell: (r) => (
        <>
          {r.customer.name}
          {r.customer.company ? ` · ${r.customer.company}` : ""}
          {r.visitor ? <small> ({t("priceRequests.visitor")})</small> : null}
        </>
      ),
    },
    { key: "mode", header: t("priceRequests.field.mode"), cell: (r) => t(r.modeLabel) },
    { key: "lane", header: t("priceRequests.field.lane"), cell: (r) => r.route },
    { key: "cargo", header: t("priceRequests.field.cargo"), cell: (r) => r.cargo },
    { key: "createdAt", header: t("priceRequests.field.createdAt"), cell: (r) => formatDateTime(r.createdAt) },
    { key: "age", header: t("priceRequests.field.age"), cell: (r) => duration(t, r.ageMinutes) },
    {
      key: "sla",
      header: t("priceRequests.field.sla"),
      cell: (r) => (r.sla ? <SlaClock sla={r.sla} /> : r.dueAt ? formatDateTime(r.dueAt) : "—"),
    },
    { key: "state", header: t("priceRequests.field.state"), cell: (r) => t(`priceRequests.state.${r.state}`) },
    { key: "open", header: t("admin.common.actions"), cell: (r) => <Link to={`/priceDesk/${r.id}`}>{t("priceRequests.desk.open")}</Link> },
  ];
  return (
    <section className="admin-page" aria-labelledby="price-desk-title">
      <AdminBreadcrumb area={t("admin.common.operationsArea")} title={t("priceRequests.desk.title")} />
      <h1 id="price-desk-title">{t("priceRequests.desk.title")}</h1>
      <p className="field__hint">{t("priceRequests.desk.hint", promise)}</p>
      <FilterForm label={t("priceRequests.desk.searchLabel")} keep={["origin", "destination"]}>
        <SearchField label={t("priceRequests.desk.search")} maxLength={100} />
        <FilterField label={t("priceRequests.desk.state")}>
          <select name="state" defaultValue={state} key={state}>
            {STATE_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`priceRequests.state.${s}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={t("priceRequests.desk.mode")}>
          <select name="mode" defaultValue={mode} key={mode}>
            <option value="">{t("priceRequests.desk.allModes")}</option>
            {MODES.map((m) => (
              <option key={m.key} value={m.key}>
                {t(m.labelKey)}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterForm>
      {rows.length === 0 ? (
        <p>{t("priceRequests.desk.empty")}</p>
      ) : (
        <DataTable caption={t("priceRequests.desk.listTitle")} columns={columns} rows={rows} rowKey={(r) => String(r.id)} />
      )}
      <Pager page={page} />
      <details className="price-desk__section" open={!!embed}>
        <summary>{t("priceRequests.embed.staffTitle")}</summary>
        <p className="field__hint">{t("priceRequests.embed.staffHint")}</p>
        <Form method="get" className="filters">
          <FilterField label={t("priceRequests.embed.site")}>
            <input name="embed" defaultValue={embed?.site ?? ""} maxLength={40} placeholder="agent-hk" />
          </FilterField>
          <button type="submit" className="button">
            {t("priceRequests.embed.show")}
          </button>
        </Form>
        {embed?.error ? (
          <p className="field__errors" role="alert">
            {t(embed.error)}
          </p>
        ) : embed ? (
          <>
            <h3>{t("priceRequests.embed.iframe")}</h3>
            <pre data-testid="embed-iframe">{embed.iframe}</pre>
            <h3>{t("priceRequests.embed.form")}</h3>
            <pre data-testid="embed-form">{embed.form}</pre>
          </>
        ) : null}
      </details>
    </section>
  );
}
