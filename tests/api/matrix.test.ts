// Authorization matrix of the legacy API: every call of the registry x every
// seeded kind of viewer (visitor, pending, failed, frozen, T0, T1, T2,
// customer service, sales with each view, manager, data staff, staff without
// menus, administrator). The expected outcome is derived from the call's
// declared access and the viewer's role as stored in the database, so a new
// call is covered the moment it is registered and a dispatcher or handler
// that lets someone through fails here. The declarations themselves are
// pinned per prefix by the last test.
import { apiEndpoints } from "~/api/registry.server";
import type { Endpoint } from "~/api/contract/core.server";
import { createDbSession } from "~/domain/accounts/session.server";
import { loadViewer, type Viewer } from "~/domain/accounts/viewer.server";
import { isOperation, mayPerform, OPERATIONS } from "~/domain/permissions/operations.server";
import { whoMayCall } from "~/api/dispatch.server";
import { flushBackground } from "~/domain/rates/background.server";
import { prisma } from "~/utils/db.server";
import { api, tokenOf } from "./helpers";

const VIEWERS = [
  "visitor",
  "pending@example.com",
  "failed@example.com",
  "frozen@example.com",
  "t0@example.com",
  "t1@example.com",
  "t2@example.com",
  "service@example.com",
  "sales@example.com",
  "sales.global@example.com",
  "manager@example.com",
  "data@example.com",
  "nomenu@example.com",
  "admin@example.com",
] as const;

type Expected = "allowed" | 401 | 403;

function expected(endpoint: Endpoint, viewer: Viewer | null, frozen: boolean): Expected {
  const who = whoMayCall(endpoint);
  if (who === "anyone") return "allowed";
  if (!viewer) return 401;
  if (frozen) return 403;
  if (endpoint.access.kind !== "operation") return "allowed";
  return mayPerform(viewer, endpoint.access.id) ? "allowed" : 403;
}

const concrete = (pattern: string) => pattern.replace("{range}", "999999990,999999991").replace(/\{\w+\}/g, "999999990");

afterEach(async () => {
  await flushBackground();
});

describe.each(VIEWERS)("%s", (who) => {
  let token: string | null = null;
  let viewer: Viewer | null = null;
  const frozen = who === "frozen@example.com";

  beforeAll(async () => {
    if (who === "visitor") return;
    const user = await prisma.user.findUniqueOrThrow({ where: { email: who }, select: { id: true } });
    viewer = await loadViewer(user.id);
    // The frozen account cannot sign in: its token is a session opened before it was frozen.
    token = frozen ? await createDbSession(user.id, new Request("http://localhost/api/login"), "api") : await tokenOf(who);
  });

  test("every call answers as the access rule says", async () => {
    const wrong: string[] = [];
    for (const endpoint of apiEndpoints) {
      // Reads only: GET calls, and the writes with an empty body (refused before any change, or a validation message).
      const body = endpoint.method === "GET" || endpoint.method === "DELETE" ? undefined : {};
      if (endpoint.method === "DELETE" && expected(endpoint, viewer, frozen) === "allowed") continue;
      // Logging out would end the token the rest of the loop uses (tests/api/api.test.ts covers it).
      if (endpoint.path === "/api/logout" && expected(endpoint, viewer, frozen) === "allowed") continue;
      if (frozen) {
        // Each request of a frozen account revokes its sessions: a fresh one per call.
        const user = await prisma.user.findUniqueOrThrow({ where: { email: who }, select: { id: true } });
        token = await createDbSession(user.id, new Request("http://localhost/api/login"), "api");
      }
      const result = await api(endpoint.method, concrete(endpoint.path), { token, body });
      const want = expected(endpoint, viewer, frozen);
      const got: Expected | number =
        result.http === 401 || result.http === 403 ? result.http : result.http >= 500 ? result.http : "allowed";
      if (got !== want)
        wrong.push(
          `${endpoint.method} ${endpoint.path}: expected ${want}, got ${result.http} ${JSON.stringify(result.body).slice(0, 120)}`,
        );
    }
    expect(wrong).toEqual([]);
  });
});

describe("declared access per prefix (issue 8: /nopermission needs none, /query a session, /my and /data the matching permission)", () => {
  test.each(apiEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))("%s", (_name, endpoint) => {
    const prefix = endpoint.path.split("/")[1];
    const who = whoMayCall(endpoint);
    if (prefix === "nopermission") expect(who).toBe("anyone");
    if (prefix === "query" || prefix === "send") expect(who).toBe("signedIn");
    // The two home-content lists are read by customer pages and the app's own home screen: public and read-only (issue 21).
    const publicList = endpoint.method === "GET" && (endpoint.path === "/web/home" || endpoint.path === "/apphomeimg/home");
    if (["data", "logs", "web", "apphomeimg", "manage"].includes(prefix)) expect(who).toBe(publicList ? "anyone" : "staff");
    if (prefix === "data") {
      const id = (endpoint.access as { id: keyof typeof OPERATIONS }).id;
      // The nine data areas, and the port aliases of their FCL/LCL port names (issue 23).
      expect(OPERATIONS[id].path).toMatch(
        /^\/(port|airport|expressCountry|fclbyseaData|lclbyseaData|railRoadData|trailerData|byAirData|expressData|portAliases)$/,
      );
    }
    // /my: the caller's own things need a session (issue 25: an entrustment's status and its cancel, the lane watches; issue 43: the price requests); everything about other users, roles, menus, offers needs the screen.
    if (prefix === "my") {
      const own =
        /^\/my\/(userinfo|userinfosh|updatepwd|update\/avatar|save(fcl|lcl|trailer|byair|railroad|express)|getentrustment(\/\{id\})?|getquote(\/\{id\})?|savequote|myMenu|getentrustment\/\{id\}\/status|cancelentrustment|lanewatches|addlanewatch|dellanewatch\/\{id\}|getpricerequest(\/\{id\})?)$/.test(
          endpoint.path,
        );
      expect(who).toBe(own ? "signedIn" : "staff");
    }
  });
});

describe("every call that writes, and every staff call, declares its operation (issue 17)", () => {
  test.each(apiEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))("%s", (_name, endpoint) => {
    const writes = endpoint.method !== "GET";
    if (writes || endpoint.access.kind === "operation") {
      expect(endpoint.access.kind, "a writing call without an operation").toBe("operation");
      const id = (endpoint.access as { id: string }).id;
      expect(isOperation(id), `${id} is not in the registry`).toBe(true);
    }
  });
});
