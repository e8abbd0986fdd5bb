// One query-log row per search a customer submits (issue 44 item 2, decision
// 701): sorting, paging, filtering, changing the currency or the language of
// a results page is another view of the same search, not a search; a new
// lane or new cargo is. A name that matches no port is logged as typed, so
// the insights list it as unmet demand. Every results page of the mode
// catalogue, as a browser sends them (the Referer names the page the link or
// form was on).
import { describe, expect, test } from "vitest";
import { loader } from "~/routes/site/mode-results";
import { loader as insightsLoader } from "~/routes/admin/insights";
import { MODES } from "~/domain/modes";
import { refreshInsights } from "~/domain/insights/rollup.server";
import { countParam } from "~/domain/pricing/shipment";
import { CURRENCY_PARAM } from "~/domain/pricing/currency";
import { sql } from "~/utils/db.server";
import { callRoute, getRequest } from "../support/requests";
import { ROUTES, cookieOf, flushBackground } from "./helpers";
import { ADMIN, load } from "../admin/helpers";

const T1_USER = 11;
const SEARCHES: Record<string, Record<string, string>> = {
  ...Object.fromEntries(ROUTES.map((r) => [r.mode, r.query])),
  express: { pod: "US-W", num: "2.5" },
};

/** One results page as the browser asks for it: the URL, and the page it came from. */
async function visit(path: string, query: Record<string, string>, from: string | null = null) {
  const request = getRequest(path, query, { cookie: await cookieOf("t1"), headers: from ? { Referer: from } : {} });
  const result = await callRoute(loader, request);
  expect(result.status, `${request.url}`).toBe(200);
  return request.url;
}

async function logged(mode: string) {
  await flushBackground();
  const [row] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM query_logs WHERE user_id = $1 AND mode = $2::transport_mode`, [
    T1_USER,
    mode,
  ]);
  return row.n;
}

describe("one query-log row per search submission", () => {
  // Decided from the request (query-log.server.ts isNewSearch); the old code logged every one of these views.
  test("every mode's page logs the submission, not its sorting, paging, filtering, currency or language", async () => {
    expect(MODES.map((m) => m.key).sort()).toEqual(Object.keys(SEARCHES).sort());
    for (const mode of MODES) {
      const query = SEARCHES[mode.key];
      const before = await logged(mode.enumValue);
      const first = await visit(mode.path, query, "http://localhost/home");
      expect(await logged(mode.enumValue), `${mode.key}: the search`).toBe(before + 1);

      const views: Record<string, string>[] = [
        { sort: "validity" },
        { sort: "price", page: "2" },
        { [CURRENCY_PARAM]: "CNY" },
        { lng: "en-US" },
        ...(mode.carrierFilter ? [{ carrier: "COSCO" }] : []),
      ];
      for (const view of views) await visit(mode.path, { ...query, ...view }, first);
      // The same search again from its own results (the search form sent unchanged).
      await visit(mode.path, query, first);
      expect(await logged(mode.enumValue), `${mode.key}: views of the same search`).toBe(before + 1);
      // A page after the first is never a submission, whatever it came from.
      await visit(mode.path, { ...query, page: "2" });
      expect(await logged(mode.enumValue), `${mode.key}: page 2 without a Referer`).toBe(before + 1);

      // New cargo from the results page is a new search.
      const cargo: Record<string, string> =
        mode.shipment === "lcl" || mode.shipment === "air"
          ? { cbm: "2", kg: "1900" }
          : mode.shipment === "express"
            ? { num: "3" }
            : { [countParam(mode.prices[0].key)]: "2" };
      const withCargo = await visit(mode.path, { ...query, ...cargo, sort: "price" }, first);
      expect(await logged(mode.enumValue), `${mode.key}: new cargo`).toBe(before + 2);
      // Sorting that cargo's results is not.
      await visit(mode.path, { ...query, ...cargo, sort: "validity" }, withCargo);
      expect(await logged(mode.enumValue), `${mode.key}: sorting the new cargo`).toBe(before + 2);
      // The same search from another page (a bookmark, the home page) is a submission.
      await visit(mode.path, query);
      expect(await logged(mode.enumValue), `${mode.key}: again from elsewhere`).toBe(before + 3);
    }
  });

  test("another mode with the same parameters is a new search", async () => {
    const before = await logged("RAIL");
    const fcl = await visit("/fclbysea", { pol: "西安", pod: "阿拉山口" });
    await visit("/railroad", { pol: "西安", pod: "阿拉山口" }, fcl);
    expect(await logged("RAIL")).toBe(before + 1);
  });
});

describe("names that match no port are demand too", () => {
  test("an unknown port name is logged as typed; an ambiguous or missing one is not", async () => {
    const before = await logged("FCL");
    await visit("/fclbysea", { pol: "HAMBURGO", pod: "BATAM" });
    await flushBackground();
    const [row] = await sql<{ pol: string; pod: string }>(
      `SELECT pol, pod FROM query_logs WHERE user_id = $1 AND mode = 'FCL' ORDER BY id DESC LIMIT 1`,
      [T1_USER],
    );
    expect(row).toEqual({ pol: "HAMBURGO", pod: "BATAM" });
    expect(await logged("FCL")).toBe(before + 1);
    // Only matched names go to the search history's suggestions.
    const [history] = await sql<{ queries: string }>(`SELECT queries FROM search_history WHERE user_id = $1 AND mode = 'FCL'`, [T1_USER]);
    expect(history.queries).not.toContain("HAMBURGO");
    // A missing end is not a search.
    const missing = getRequest("/fclbysea", { pol: "HAMBURGO", pod: "" }, { cookie: await cookieOf("t1") });
    expect((await callRoute(loader, missing)).status).toBe(400);
    expect(await logged("FCL")).toBe(before + 1);

    // The insights list it as unmet demand, with the alias mapping as its action.
    await refreshInsights();
    const { data } = await load(insightsLoader, "/insights", ADMIN);
    const lane = data.data.unmet.find((r: { origin: string }) => r.origin === "HAMBURGO");
    expect(lane).toMatchObject({ destination: "BATAM", rateNow: false });
    expect(lane.actions.map((a: { kind: string }) => a.kind)).toEqual(["alias"]);
  });
});
