// Quotes through the API (issue 25 item 3, decision 402 and 501): the
// personal centre's list, one quote, and saving the quote of a results row.
// The same domain code as the pages (createQuote recomputes the total from
// the row with the caller's own tier; nothing sent is taken as a price).
import { z } from "~/utils/zod";
import { createQuote, listOwnQuotes, ownQuote, type QuoteView } from "~/domain/quotes/quotes.server";
import { sumsText } from "~/domain/rates/totals.server";
import { op, badRequest, notFound, ok, type Endpoint } from "../contract/core.server";
import { QuoteDetailEntity, QuoteEntity } from "../contract/entities";
import { LEGACY_MODES } from "../contract/legacy";
import { shape } from "../contract/wire";

const PAGE_SIZE = 10;
const listSchema = z.object({ pagenum: z.coerce.number().int().min(1).max(100_000).default(1) });

const quoteRow = (q: QuoteView) => ({
  id: q.id,
  number: q.number,
  mode: q.mode,
  from: q.snapshot.from,
  to: q.snapshot.to,
  currency: q.currency,
  totalText: sumsText(q.snapshot.total.sums),
  validUntil: q.validUntil,
  expired: q.expired,
  createdAt: q.createdAt,
  shareUrl: `/quote/${q.token}`,
  pdfUrl: `/quote/${q.token}/pdf`,
});

export const quoteEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/my/getquote",
    access: op("quote.list"),
    summary: "The caller's saved quotes, newest first, 10 per page (pagenum).",
    fields: [{ name: "pagenum", type: "integer" }],
    response: { data: shape.list(QuoteEntity) },
    async handler(ctx) {
      const { pagenum } = await ctx.parse(listSchema, null);
      const { rows, total } = await listOwnQuotes(ctx.user.id, { skip: (pagenum - 1) * PAGE_SIZE, take: PAGE_SIZE });
      return ok(rows.map(quoteRow), "api.ok", { total });
    },
  },
  {
    method: "GET",
    path: "/my/getquote/{id}",
    access: op("quote.list"),
    summary:
      "One of the caller's quotes with its snapshot (rate, the caller's tier prices, fees, shipment, exchange rate, total). Another user's quote is 404.",
    response: { data: shape.one(QuoteDetailEntity) },
    async handler(ctx) {
      const id = /^[1-9]\d{0,9}$/.test(ctx.params.id ?? "") ? Number(ctx.params.id) : null;
      const quote = id && id <= 2_147_483_647 ? await ownQuote(ctx.user.id, id) : null;
      if (!quote) throw notFound();
      return ok({ ...quoteRow(quote), snapshot: quote.snapshot });
    },
  },
  {
    method: "POST",
    path: "/my/savequote",
    access: op("quote.create"),
    summary:
      "Save the quote of a results row: transport_mode (fcl, lcl, byair/air, railroad/rail, trailer, express), id (the row), and the results page's parameters: the shipment (qty_gp20, qty_gp40, qty_hq40 … for containers; cbm and kg for LCL; kg, cbm and pack for air; pod and num for express) and cur (the currency of the total). The total is computed on the server for the caller's tier.",
    fields: [
      { name: "transport_mode", required: true, description: "fcl, lcl, byair, railroad, trailer, express (or air, rail)" },
      { name: "id", type: "integer", required: true, description: "the rate row" },
      { name: "qty_gp20", type: "integer" },
      { name: "qty_gp40", type: "integer" },
      { name: "qty_hq40", type: "integer" },
      { name: "cbm", type: "number" },
      { name: "kg", type: "number" },
      { name: "pack", description: "air: bulk or tray" },
      { name: "pod", description: "express: the destination country" },
      { name: "num", type: "number", description: "express: the weight in kg" },
      { name: "cur", description: "the currency of the total (CNY or one with a rate valid today)" },
    ],
    response: { data: shape.one(QuoteEntity) },
    async handler(ctx) {
      const fields = await ctx.fields();
      const params = new URLSearchParams();
      for (const [name, value] of fields) if (typeof value === "string") params.set(name, value);
      const legacy = (params.get("transport_mode") ?? params.get("mode") ?? "").trim();
      // The legacy names (byair, railroad) or the domain's (air, rail), as the booking calls take them.
      const mode = LEGACY_MODES[legacy] ?? (Object.values(LEGACY_MODES).includes(legacy as never) ? legacy : null);
      const id = Number((params.get("id") ?? "").trim());
      if (!mode) throw badRequest("api.badMode");
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound("quotes.quote.error.notFound");
      const outcome = await createQuote(ctx.user, mode, id, params);
      if (!outcome.ok) {
        if (outcome.error === "notFound") throw notFound("quotes.quote.error.notFound");
        throw badRequest(`quotes.quote.error.${outcome.error}`);
      }
      const quote = await ownQuote(ctx.user.id, outcome.id);
      return ok(quoteRow(quote!), "api.ok");
    },
  },
];
