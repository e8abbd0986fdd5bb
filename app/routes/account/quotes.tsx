// /quotes (issue 25 item 3, decision 402): the customer's saved quotes in the
// personal centre, newest first; POST (intent create) saves the quote of a
// results row: `from` is the results page (path and query) it was saved on,
// `id` the row. The server recomputes everything from the row and the
// customer's tier, then goes to the quote's shared page.
import { requireViewer, requireOperation, runAction } from "~/http/auth.server";
import { messageText, useTranslation } from "~/i18n/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable, Pager, type TableColumn } from "~/components/table";
import { createQuote, listOwnQuotes, QUOTES_TABLE, type QuoteView } from "~/domain/quotes/quotes.server";
import { MODES } from "~/domain/modes";
import { QUOTE_SOURCE } from "~/domain/quotes/booking.server";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { formatPrice } from "~/domain/pricing/format";
import { sitePageMeta } from "~/http/page-meta.server";
import { readFormData } from "~/utils/form-data.server";
import { loaderMeta } from "~/components/root-data";
import type { Language } from "~/i18n/config";
import { languageOf } from "~/http/context.server";
import { vocabulary } from "~/domain/reference/vocabulary.server";
import datatableStylesHref from "~/styles/datatable.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: datatableStylesHref }];
export const meta = loaderMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "quote.list");
  const query = parseTableQuery(request, QUOTES_TABLE);
  const [{ rows, total }, lng] = await Promise.all([listOwnQuotes(viewer.id, query), languageOf({ request, context })]);
  return data(
    {
      meta: await sitePageMeta({ request, context }, { title: "quotes.quote.listTitle" }),
      rows: rows.map((q) => listRow(q, lng)),
      page: tablePage(query, total),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What the list shows of a quote (the full snapshot stays on its own page). */
const listRow = (q: QuoteView, lng: Language) => ({
  number: q.number,
  token: q.token,
  modeLabel: MODES.find((m) => m.key === q.mode)!.labelKey,
  route: [vocabulary(q.snapshot.from, lng), vocabulary(q.snapshot.to, lng)].filter(Boolean).join(" → "),
  total: q.snapshot.total.sums,
  savedOn: q.savedOn,
  validUntil: q.validUntil,
  expired: q.expired,
  // Booking from a quote (decision 402): a plain link while it is valid; the booking route checks again.
  bookHref: q.expired ? null : `/booking/${QUOTE_SOURCE}/${q.id}?back=%2Fquotes`,
  requoteHref: q.requoteHref,
});

export const action = (args: ActionFunctionArgs) =>
  runAction(args, { "*": "quote.create" }, async ({ request, context }, gate) => {
    // A visitor goes to /home, a frozen account to /freeze (as every personal-centre action).
    const viewer = await requireViewer({ request, context });
    await gate.authorize();
    const form = await readFormData(request);
    const from = new URL(String(form.get("from") ?? "").slice(0, 2000), "http://quote.local");
    const mode = MODES.find((m) => m.path === from.pathname);
    const id = Number(form.get("id"));
    const outcome =
      mode && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
        ? await createQuote(viewer, mode.key, id, from.searchParams)
        : ({ ok: false, error: "notFound" } as const);
    if (!outcome.ok) return data({ error: `quotes.quote.error.${outcome.error}` }, { status: outcome.error === "notFound" ? 404 : 400 });
    return redirect(`/quote/${outcome.token}`);
  });

type Row = ReturnType<typeof listRow>;

export default function QuotesPage() {
  const { t } = useTranslation();
  const { rows, page } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as { error: string } | undefined;
  const columns: TableColumn<Row>[] = [
    { key: "number", header: t("quotes.quote.number"), cell: (row) => <Link to={`/quote/${row.token}`}>{row.number}</Link> },
    { key: "mode", header: t("quotes.quote.mode"), cell: (row) => t(row.modeLabel) },
    { key: "route", header: t("quotes.quote.route"), cell: (row) => row.route },
    {
      key: "total",
      header: t("quotes.quote.total"),
      cell: (row) => row.total.map((s) => `${formatPrice(s.amount, "money")} ${s.currency}`).join(" + "),
    },
    { key: "createdAt", header: t("quotes.quote.createdAt"), cell: (row) => row.savedOn },
    {
      key: "pdf",
      header: t("quotes.quote.pdf"),
      cell: (row) => (
        <a href={`/quote/${row.token}/pdf`} download>
          {t("quotes.quote.pdf")}
        </a>
      ),
    },
    {
      key: "validUntil",
      header: t("quotes.quote.validUntil"),
      cell: (row) => (row.expired ? t("quotes.quote.expiredOn", { day: row.validUntil }) : (row.validUntil ?? t("quotes.quote.noEnd"))),
    },
    {
      key: "book",
      header: t("quoteBooking.quote.book"),
      cell: (row) =>
        row.bookHref ? (
          <Link to={row.bookHref} data-testid="quote-book">
            {t("quoteBooking.quote.book")}
          </Link>
        ) : (
          <Link to={row.requoteHref}>{t("quotes.quote.requote")}</Link>
        ),
    },
  ];
  return (
    <section aria-labelledby="quotes-title">
      <h1 id="quotes-title">{t("quotes.quote.listTitle")}</h1>
      {failed ? (
        <p className="field__errors" role="alert">
          {messageText(t, failed.error)}
        </p>
      ) : null}
      {rows.length === 0 ? <p>{t("quotes.quote.none")}</p> : <DataTable columns={columns} rows={rows} rowKey={(row) => row.token} />}
      <Pager page={page} />
    </section>
  );
}
