// Price requests through the API (issue 43 item 7, decision 501): the
// caller's own requests and the desk's answers, as the personal centre's
// /userRequests lists them. An answer holds the desk's lines for this
// customer only (no rate table is read), its total and its quote's links.
import { z } from "~/utils/zod";
import { listOwnRequests, type RequestView } from "~/domain/price-requests/requests.server";
import type { PriceRequestAnswer } from "~/domain/price-requests/answer";
import { sumsText } from "~/domain/rates/totals.server";
import { prisma } from "~/utils/db.server";
import { op, notFound, ok, type Endpoint } from "../contract/core.server";
import { PriceRequestDetailEntity, PriceRequestEntity } from "../contract/entities";
import { shape } from "../contract/wire";

const PAGE_SIZE = 10;
const listSchema = z.object({ pagenum: z.coerce.number().int().min(1).max(100_000).default(1) });

const requestRow = (r: RequestView) => ({
  id: r.id,
  number: r.number,
  modeKey: r.modeKey,
  origin: r.origin,
  destination: r.destination,
  cargo: r.cargo,
  readyDate: r.readyDate,
  remarks: r.remarks,
  currency: r.currency,
  state: r.state,
  createdAt: r.createdAt,
  dueAt: r.dueAt,
  answeredAt: r.answeredAt,
  declineReason: r.declineReason,
  quoteNumber: r.quote?.number ?? null,
  shareUrl: r.quote ? `/quote/${r.quote.token}` : null,
  pdfUrl: r.quote ? `/quote/${r.quote.token}/pdf` : null,
});

/** The answer as the wire gives it: lines, validity, remarks and the total as printed. */
const answerOf = (answer: PriceRequestAnswer | null) =>
  answer && {
    currency: answer.currency,
    freight: answer.freight.map((f) => ({ item: f.key, rate: f.rate, quantity: f.quantity, unit: f.unit })),
    surcharges: answer.surcharges.map((s) => ({ item: s.label, rate: s.rate, quantity: s.quantity, unit: s.unit })),
    valid_from: answer.validFrom,
    valid_to: answer.validTo,
    remarks: answer.remarks,
    total_price: sumsText(answer.total.sums),
  };

export const priceRequestEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/my/getpricerequest",
    access: op("request.list"),
    summary:
      "The caller's price requests (asked where a search found no rate), newest first, 10 per page (pagenum), with their state and, once answered, the quote's links.",
    fields: [{ name: "pagenum", type: "integer" }],
    response: { data: shape.list(PriceRequestEntity) },
    async handler(ctx) {
      const { pagenum } = await ctx.parse(listSchema, null);
      const { rows, total } = await listOwnRequests(ctx.user.id, { skip: (pagenum - 1) * PAGE_SIZE, take: PAGE_SIZE }, ctx.t);
      return ok(rows.map(requestRow), "api.ok", { total });
    },
  },
  {
    method: "GET",
    path: "/my/getpricerequest/{id}",
    access: op("request.list"),
    summary:
      "One of the caller's price requests with the desk's answer (freight and surcharge lines: rate × quantity per unit, validity, remarks, total). Another user's request is 404.",
    response: { data: shape.one(PriceRequestDetailEntity) },
    async handler(ctx) {
      const id = /^[1-9]\d{0,9}$/.test(ctx.params.id ?? "") ? Number(ctx.params.id) : null;
      const found =
        id && id <= 2_147_483_647
          ? await prisma.priceRequest.findFirst({ where: { id, userId: ctx.user.id }, select: { id: true, answer: true } })
          : null;
      if (!found) throw notFound();
      const { rows } = await listOwnRequests(ctx.user.id, { skip: 0, take: 1 }, ctx.t, found.id);
      return ok({ ...requestRow(rows[0]), answer: answerOf(found.answer as PriceRequestAnswer | null) });
    },
  },
];
