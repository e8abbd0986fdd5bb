// Lane watches (issue 25 item 4) and the exchange rates (item 2) for scripts
// (decision 501): the customer's own watches (list, add, remove) through the
// domain service of /userWatches and the results page, and the staff list of
// exchange rates (/exchangeRates, operation exchangeRate.read).
import { listExchangeRates } from "~/domain/reference/exchange-rates.server";
import { addWatch, listWatches, removeWatch } from "~/domain/watches/watches.server";
import { WATCH_LANES } from "~/domain/watches/lanes.server";
import { fromOutcome, idParam, ok, op, pageOf, type Endpoint } from "../contract/core.server";
import { ExchangeRateEntity, LaneWatchAddedEntity, LaneWatchEntity } from "../contract/entities";
import { shape } from "../contract/wire";

const WATCHABLE = WATCH_LANES.map((lane) => lane.mode.key).join(", ");

export const watchEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/my/lanewatches",
    access: op("watch.read"),
    summary: "The caller's lane watches, newest first (the personal centre's /userWatches).",
    response: { data: shape.list(LaneWatchEntity) },
    async handler(ctx) {
      return ok(await listWatches(ctx.user.id, ctx.lng));
    },
  },
  {
    method: "POST",
    path: "/my/addlanewatch",
    access: op("watch.add"),
    summary: `Watch a lane: one digest e-mail a day when a rate of the caller's tier on it is added or lowered, or a special-price card appears. Audited customers who see a tier only (status 1 otherwise); at most 50 watches (409). A lane already watched answers its id with existing true.`,
    fields: [
      { name: "mode", required: true, description: WATCHABLE },
      { name: "pol", required: true, description: "the origin as the rate calls answer it (pol, dock …), at most 100 characters" },
      {
        name: "pod",
        required: true,
        description: "the destination as the rate calls answer it (pod, door point …), at most 100 characters",
      },
    ],
    response: { data: shape.one(LaneWatchAddedEntity) },
    async handler(ctx) {
      const fields = await ctx.fields();
      const outcome = await addWatch(ctx.user, { mode: fields.get("mode"), pol: fields.get("pol"), pod: fields.get("pod"), lng: ctx.lng });
      if (!outcome.ok) return fromOutcome(outcome, "watches.added", "watches.errors.badLane");
      return ok({ id: outcome.id, existing: outcome.existing }, outcome.existing ? "watches.already" : "watches.added");
    },
  },
  {
    method: "DELETE",
    path: "/my/dellanewatch/{id}",
    access: op("watch.remove"),
    summary: "Stop watching a lane (the caller's own watch; 404 for anyone else's).",
    response: { data: shape.none },
    async handler(ctx) {
      return fromOutcome(await removeWatch(ctx.user.id, idParam(ctx.params.id)), "watches.removed", "watches.errors.notFound");
    },
  },
  {
    method: "GET",
    path: "/my/exchangerates",
    access: op("exchangeRate.read"),
    summary: "Exchange rates as /exchangeRates lists them (latest valid_until first): one page (pagenum, pagesize), filtered by currency.",
    fields: [
      { name: "currency", description: "three letters" },
      { name: "pagenum", type: "integer" },
      { name: "pagesize", type: "integer", description: "10, 50, 100 or 200" },
    ],
    response: { data: shape.list(ExchangeRateEntity) },
    async handler(ctx) {
      const { rows, total } = await listExchangeRates({ q: (ctx.url.searchParams.get("currency") ?? "").slice(0, 3), ...pageOf(ctx) });
      return ok(rows, "api.ok", { total });
    },
  },
];
