// /quote/<token> (issue 25 item 3, decision 402): a saved quote, for anyone
// holding the link (no login; the random token is the key, never the id).
// It shows the snapshot: the customer's own tier's prices only, the shipment,
// the fees, the exchange rate and the total. An expired quote says so and
// offers a requote at today's price (the results page with the same search
// and shipment). Server-rendered; no JavaScript needed. Its owner, signed
// in, gets "Book at this quote" (a plain link to /booking/quote/<id>); a
// visitor is told the owner can sign in to book; another customer cannot
// book it in the owner's name and is offered the requote for themselves.
import { sessionOf, languageOf, versionsOf } from "~/http/context.server";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { BookingErrorBoundary } from "~/components/booking/BookingErrorBoundary";
import { quoteByToken, type QuoteView } from "~/domain/quotes/quotes.server";
import { QUOTE_SOURCE } from "~/domain/quotes/booking.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { forwarderLines, quoteWords } from "~/domain/quotes/words.server";
import { companyIdentity } from "~/domain/site/company.server";
import { pageT } from "~/i18n/i18n.server";
import { sitePageMeta } from "~/http/page-meta.server";
import { notFound } from "~/http/replies.server";
import { loaderMeta } from "~/components/root-data";
import bookingStylesHref from "~/styles/booking.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStylesHref }];
export const meta = loaderMeta;
// The loader's headers on the document too: a shared quote is never cached nor indexed.
export const headers = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
export const ErrorBoundary = BookingErrorBoundary;

/** What the reader may do about booking (decision 402): only the owner books, and only a quote still valid. */
function bookingOffer(quote: QuoteView, viewer: Viewer | null, here: string) {
  if (!viewer) return { kind: "visitor" as const, href: `/login?redirectTo=${encodeURIComponent(here)}` };
  if (viewer.id !== quote.userId) return { kind: "other" as const, href: null };
  return quote.expired ? null : { kind: "owner" as const, href: `/booking/${QUOTE_SOURCE}/${quote.id}?back=${encodeURIComponent(here)}` };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [quote, lng, session] = await Promise.all([
    quoteByToken(params.token ?? ""),
    languageOf({ request, context }),
    sessionOf({ request, context }),
  ]);
  if (!quote) throw notFound();
  // The page stays public for everyone (a frozen or expired session reads it as a visitor): only the Book offer depends on who reads.
  const viewer = session.state === "active" ? session.viewer : null;
  const company = await companyIdentity(await versionsOf({ request, context }), lng);
  return data(
    {
      meta: await sitePageMeta({ request, context }, { title: "quotes.quote.title", titleValues: { number: quote.number } }),
      pdfHref: `/quote/${quote.token}/pdf`,
      book: bookingOffer(quote, viewer, `/quote/${quote.token}`),
      // The words are made here (this page shares no component with the results pages' bundle).
      ...quoteWords(quote, lng),
      forwarder: forwarderLines(company, pageT(lng)),
    },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export default function QuotePage() {
  const { t } = useTranslation();
  const q = useLoaderData<typeof loader>();
  return (
    <article className="page quote" aria-labelledby="quote-title">
      <address className="quote__forwarder" data-testid="quote-forwarder">
        {q.forwarder.map((line, i) => (i === 0 ? <strong key={i}>{line}</strong> : <span key={i}>{line}</span>))}
      </address>
      <h1 id="quote-title">{t("quotes.quote.title", { number: q.number })}</h1>
      {q.expired ? (
        <p className="notice notice--warning" role="status">
          {t("quotes.quote.expired", { day: q.validUntil })} <Link to={q.requoteHref}>{t("quotes.quote.requote")}</Link>
        </p>
      ) : null}
      <dl className="quote__facts">
        <dt>{t("quotes.quote.mode")}</dt>
        <dd>{t(q.modeLabel)}</dd>
        <dt>{t("quotes.quote.route")}</dt>
        <dd>{q.route}</dd>
        <dt>{t("quotes.quote.createdAt")}</dt>
        <dd>{q.createdAt}</dd>
        <dt>{t("quotes.quote.validUntil")}</dt>
        <dd>{q.validUntil ?? t("quotes.quote.noEnd")}</dd>
        {q.facts.map((f) => (
          <div key={f.key}>
            <dt>{t(f.labelKey)}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
        {q.prices.map((p) => (
          <div key={p.key}>
            <dt>{p.label}</dt>
            <dd>{p.text}</dd>
          </div>
        ))}
        {q.fees.map((f) => (
          <div key={f.key}>
            <dt>{t(f.labelKey)}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <h2>{t("quotes.quote.total")}</h2>
      <p className="quote__total">
        <strong>{q.totalText}</strong>
      </p>
      {q.rateUsed ? <p>{q.rateUsed}</p> : null}
      <h3>{t("quotes.shipment.breakdown")}</h3>
      <ul>
        {q.breakdown.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {q.book?.kind === "owner" ? (
        <p className="quote__book">
          <Link to={q.book.href} className="button button--primary" data-testid="quote-book">
            {t("quoteBooking.quote.book")}
          </Link>{" "}
          <span className="field__hint">{t("quoteBooking.quote.bookHint")}</span>
        </p>
      ) : q.book?.kind === "visitor" ? (
        <p className="field__hint">
          {t("quoteBooking.quote.visitorHint")} <Link to={q.book.href}>{t("quoteBooking.quote.loginToBook")}</Link>
        </p>
      ) : q.book?.kind === "other" ? (
        <p className="field__hint" data-testid="quote-not-owner">
          {t("quoteBooking.quote.notOwner")}
        </p>
      ) : null}
      <p>
        {/* A plain link: the PDF is a download, not a page (reloadDocument: no client-side navigation). */}
        <a href={q.pdfHref} download>
          {t("quotes.quote.pdf")}
        </a>{" "}
        <Link to={q.requoteHref}>{t("quotes.quote.requote")}</Link>
      </p>
    </article>
  );
}
