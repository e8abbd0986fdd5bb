// Property-based fuzzing of every writing call of the legacy API (fast-check):
// bodies with the call's own field names (its documented fields and its body
// record's wire names, from the registry that also drives the OpenAPI
// description) and hostile values, path parameters of any
// shape. Properties: never a 5xx, always the envelope, and a refused call
// changes no row.
import fc from "fast-check";
import { apiEndpoints } from "~/api/registry.server";
import type { Endpoint } from "~/api/core.server";
import { whoMayCall } from "~/api/dispatch.server";
import { flushBackground } from "~/domain/rates/background.server";
import { withTestDb } from "../support/db";
import { api, tokenOf } from "./helpers";

const TABLES = [
  "users", "roles", "menus", "role_permissions", "sessions", "entrustments", "email_outbox", "special_offers", "home_contents", "home_categories",
  "sea_ports", "airports", "express_countries", "fcl_rates", "lcl_rates", "rail_rates", "trailer_rates", "air_rates", "express_rates", "operation_logs", "search_history",
];

async function counts(): Promise<Record<string, number>> {
  return withTestDb(async (db) => {
    // A refusal is written to the operation log (issue 17): that row is the refusal's only trace.
    const where = (t: string) => (t === "operation_logs" ? " WHERE module <> 'refused'" : "");
    const { rows } = await db.query(`SELECT ${TABLES.map((t) => `(SELECT count(*) FROM ${t}${where(t)})::int AS "${t}"`).join(", ")}`);
    const row = rows[0] as Record<string, number>;
    // Signing in opens a session; everything else must stay put.
    delete row.sessions;
    return row;
  });
}

const edgeString = fc.oneof(
  fc.constant(""),
  fc.constant(" "),
  fc.constant("0"),
  fc.constant("-1"),
  fc.constant("2147483648"),
  fc.constant("1e309"),
  fc.constant("NaN"),
  fc.constant("null"),
  fc.constant("[]"),
  fc.constant("{}"),
  fc.constant('{"a":'),
  fc.constant("2026-02-30"),
  fc.constant("../../etc/passwd"),
  fc.constant("<script>alert(1)</script>"),
  fc.constant("' OR 1=1 --"),
  fc.constant("\u0000"),
  fc.constant("海运整箱"),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constant("x".repeat(3000)),
);

function bodyArbitrary(endpoint: Endpoint) {
  // The documented fields and the body record's wire names (the same list the OpenAPI description shows).
  const names = [...new Set([...(endpoint.fields ?? []).map((f) => f.name), ...(endpoint.input?.fields ?? []).filter((f) => !f.readOnly).map((f) => f.wire)])].filter((n) => !/\s/.test(n));
  const known = names.length ? fc.dictionary(fc.constantFrom(...names), fc.oneof(edgeString, fc.array(edgeString, { maxLength: 3 })), { maxKeys: names.length }) : fc.constant({});
  const stray = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), edgeString, { maxKeys: 3 });
  return fc.tuple(known, stray).map(([a, b]) => ({ ...b, ...a }));
}

const pathParam = fc.oneof(fc.constant("0"), fc.constant("-5"), fc.constant("abc"), fc.constant("1,2"), fc.constant("%E0%A4%A"), fc.constant("99999999999"), fc.nat().map(String), fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent));

const writers = apiEndpoints.filter((e) => e.method !== "GET");

afterEach(async () => {
  await flushBackground();
});

describe.each(writers.map((e) => [`${e.method} ${e.path}`, e] as const))("%s", (_name, endpoint) => {
  test("never a 5xx; a refusal writes nothing", async () => {
    const token = whoMayCall(endpoint) === "staff" ? await tokenOf("admin@example.com") : await tokenOf("t1@example.com");
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(endpoint), pathParam, pathParam, fc.boolean(), async (body, p1, p2, asJson) => {
        const path = endpoint.path.replace("{id}", p1).replace("{range}", `${p1},${p2}`);
        const before = await counts();
        const result = await api(endpoint.method, path, { token, body: endpoint.method === "DELETE" ? undefined : (body as Record<string, string>), json: asJson });
        expect(result.http).toBeLessThan(500);
        expect(typeof result.body.status).toBe("number");
        expect(typeof result.body.message).toBe("string");
        if (result.body.status !== 0) {
          await flushBackground();
          expect(await counts()).toEqual(before);
        }
      }),
      { numRuns: 6, seed: 20261122 },
    );
  });
});
