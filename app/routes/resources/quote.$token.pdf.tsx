// /quote/<token>/pdf (issue 25 item 3, decision 402): the quote's PDF in the
// reader's language (?lng= or the language cookie), for anyone holding the
// link, like the shared page: the random token is the key, the session is not
// read. Linked from the shared page and from the owner's list in /quotes.
// Only the snapshot is printed (the customer's own tier's prices).
import { languageOf, versionsOf } from "~/http/context.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentDisposition } from "~/http/replies.server";
import { quotePdf } from "~/domain/quotes/pdf.server";
import { quoteByToken } from "~/domain/quotes/quotes.server";
import { companyIdentity } from "~/domain/site/company.server";
import { notFound } from "~/http/replies.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [quote, lng] = await Promise.all([quoteByToken(params.token ?? ""), languageOf({ request, context })]);
  if (!quote) throw notFound();
  const pdf = await quotePdf(quote, lng, await companyIdentity(await versionsOf({ request, context }), lng));
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": contentDisposition(`${quote.number}.pdf`),
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
