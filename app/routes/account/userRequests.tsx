// /userRequests (issue 43): the customer's price requests and where each
// stands (open with its deadline, answered with its quote link, PDF and
// "book at this quote", declined with the reason, booked). 10 a page,
// newest first. Server-rendered; no JavaScript needed.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireOperation } from "~/http/auth.server";
import { listOwnRequests } from "~/domain/price-requests/requests.server";
import { QUOTE_SOURCE } from "~/domain/quotes/booking.server";
import { sitePageMeta } from "~/http/page-meta.server";
import { defineTable, parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { Pager } from "~/components/table";
import { pageT } from "~/i18n/i18n.server";
import { languageOf } from "~/http/context.server";
import { formatDateTime } from "~/utils/dates";
import { loaderMeta } from "~/components/root-data";

export const meta = loaderMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "request.list");
  const query = parseTableQuery(request, defineTable({ sizes: [10], defaultSize: 10 }));
  const t = pageT(await languageOf({ request, context }));
  const { rows, total } = await listOwnRequests(viewer.id, query, t);
  return {
    meta: await sitePageMeta({ request, context }, { title: "priceRequests.mine.title" }),
    rows: rows.map((r) => ({
      ...r,
      quote: r.quote && {
        ...r.quote,
        href: `/quote/${r.quote.token}`,
        pdf: `/quote/${r.quote.token}/pdf`,
        // Booked once, the request is closed; the quote stays bookable while valid (as a rate is).
        book: r.state === "ANSWERED" && r.quoteId ? `/booking/${QUOTE_SOURCE}/${r.quoteId}?back=%2FuserRequests` : null,
      },
    })),
    page: tablePage(query, total),
  };
}

export default function UserRequestsPage() {
  const { t } = useTranslation();
  const { rows, page } = useLoaderData<typeof loader>();
  return (
    <section className="account-page" aria-labelledby="requests-title">
      <h1 id="requests-title">{t("priceRequests.mine.title")}</h1>
      <p>{t("priceRequests.mine.intro")}</p>
      {rows.length === 0 ? (
        <p className="empty">{t("priceRequests.mine.empty")}</p>
      ) : (
        <table className="datatable" data-testid="request-list">
          <thead>
            <tr>
              <th scope="col">{t("priceRequests.field.number")}</th>
              <th scope="col">{t("priceRequests.field.mode")}</th>
              <th scope="col">{t("priceRequests.field.lane")}</th>
              <th scope="col">{t("priceRequests.field.cargo")}</th>
              <th scope="col">{t("priceRequests.field.createdAt")}</th>
              <th scope="col">{t("priceRequests.field.state")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.number}</td>
                <td>{t(r.modeLabel)}</td>
                <td>{r.route}</td>
                <td>{r.cargo}</td>
                <td>{formatDateTime(r.createdAt)}</td>
                <td>
                  <strong>{t(`priceRequests.state.${r.state}`)}</strong>
                  {r.state === "OPEN" && r.dueAt ? (
                    <div>
                      {t("priceRequests.field.dueAt")}: {formatDateTime(r.dueAt)}
                    </div>
                  ) : null}
                  {r.state === "DECLINED" && r.declineReason ? (
                    <div>
                      {t("priceRequests.field.reason")}: {r.declineReason}
                    </div>
                  ) : null}
                  {r.quote ? (
                    <div>
                      <Link to={r.quote.href}>{t("priceRequests.mine.openQuote")}</Link> ·{" "}
                      <a href={r.quote.pdf} download>
                        {t("priceRequests.mine.pdf")}
                      </a>
                      {r.quote.book ? (
                        <>
                          {" "}
                          · <Link to={r.quote.book}>{t("priceRequests.mine.book")}</Link>
                        </>
                      ) : null}
                    </div>
                  ) : null}
                  {r.entrustmentId ? (
                    <div>
                      <Link to={`/entrustment/${r.entrustmentId}`}>{t("priceRequests.mine.entrustment")}</Link>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} />
    </section>
  );
}
