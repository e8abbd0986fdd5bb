// A contract test per call of the legacy API: every path of the registry
// answers in the envelope; calls that need a session refuse without a token
// (401) and staff calls refuse staff without the permission (403), before
// any validation; public calls never ask for a token. The OpenAPI document
// lists exactly the calls the dispatcher serves.
import { apiEndpoints } from "~/api/registry.server";
import { findEndpoint, whoMayCall } from "~/api/dispatch.server";
import { API_PREFIXES } from "~/api/prefixes";
import { loader as openApiLoader } from "~/routes/legacy-api/api.openapi[.]json";
import { flushBackground } from "~/domain/rates/background.server";
import { loadViewer } from "~/domain/accounts/viewer.server";
import { mayPerform, type OperationId } from "~/domain/permissions/operations.server";
import { prisma } from "~/utils/db.server";
import { api, tokenOf } from "./helpers";
import { API_DISPATCHERS, routeManifest } from "../support/routes";

afterEach(async () => {
  await flushBackground();
});

/** A concrete URL for a path pattern ({id} → 1, {range} → 1,1). */
const concrete = (pattern: string) => pattern.replace("{range}", "999999990,999999991").replace(/\{\w+\}/g, "999999990");

const STAFF = ["data@example.com", "service@example.com", "nomenu@example.com", "sales@example.com", "manager@example.com"];

/** A seeded staff member who may not perform the operation (lacks its screen or right). */
async function firstLacking(operation: OperationId): Promise<string> {
  for (const email of STAFF) {
    const user = await prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    const viewer = (await loadViewer(user.id))!;
    if (!mayPerform(viewer, operation)) return email;
  }
  throw new Error(`every seeded staff member may perform ${operation}`);
}

function expectEnvelope(body: Record<string, unknown>) {
  expect(typeof body.status).toBe("number");
  expect(typeof body.message).toBe("string");
  expect(body).toHaveProperty("data");
}

const cases = apiEndpoints.map((e) => ({ name: `${e.method} ${e.path}`, endpoint: e }));

describe.each(cases)("$name", ({ endpoint }) => {
  test("envelope and access without a token", async () => {
    const result = await api(endpoint.method, concrete(endpoint.path), {
      body: endpoint.method === "GET" || endpoint.method === "DELETE" ? undefined : {},
    });
    expectEnvelope(result.body);
    expect(result.http).toBeLessThan(500);
    expect(result.body.message).not.toBe("");
    if (whoMayCall(endpoint) === "anyone") {
      expect(result.http).not.toBe(401);
      expect(result.http).not.toBe(403);
    } else {
      expect(result.http).toBe(401);
      expect(result.body.status).toBe(401);
    }
  });

  if (whoMayCall(endpoint) === "staff") {
    test("a customer and a staff member without the permission get 403", async () => {
      const access = endpoint.access as Extract<typeof endpoint.access, { kind: "operation" }>;
      const lacking = await firstLacking(access.id);
      for (const email of ["t0@example.com", lacking]) {
        const result = await api(endpoint.method, concrete(endpoint.path), {
          token: await tokenOf(email),
          body: endpoint.method === "GET" || endpoint.method === "DELETE" ? undefined : {},
        });
        expect(result.http).toBe(403);
        expect(result.body.status).toBe(403);
      }
    });
  }

  if (endpoint.method !== "GET") {
    test("an empty or garbage body as the administrator is refused clearly, not a 500", async () => {
      const token = await tokenOf("admin@example.com");
      for (const body of ["", "%%%&&&=", "a=" + "x".repeat(5000)]) {
        const result = await api(endpoint.method, concrete(endpoint.path), { token, body });
        expectEnvelope(result.body);
        expect(result.http).toBeLessThan(500);
        if (result.body.status !== 0) expect(result.body.message).not.toMatch(/^[a-z]+\.[A-Za-z.]+$/);
        expect(JSON.stringify(result.body), "an unfilled {{placeholder}}").not.toMatch(/\{\{/);
      }
    });
  }
});

describe("the API's routing and description", () => {
  test("every endpoint sits under a prefix with its splat resource route", () => {
    const dispatchers = routeManifest().filter((r) => API_DISPATCHERS.has(r.id));
    for (const endpoint of apiEndpoints) {
      const prefix = API_PREFIXES.find((p) => endpoint.path.startsWith(p));
      expect(prefix, endpoint.path).toBeDefined();
      const route = dispatchers.find((r) => r.url === `${prefix}*`);
      expect(route?.file, `${prefix}*`).toBe("routes/legacy-api/dispatcher.ts");
    }
  });

  test("no two endpoints share a verb and path", () => {
    const keys = apiEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("the spec's call paths are all served", () => {
    const required = [
      "POST /api/email",
      "POST /api/reguser",
      "POST /api/resetemail",
      "PUT /api/resetpassword",
      "POST /api/login",
      "POST /api/wxweblogin",
      "GET /api/code",
      "GET /api/customer",
      "GET /api/sales",
      "GET /api/role",
      "GET /my/userinfo",
      "POST /my/userinfo",
      "POST /my/userinfosh",
      "POST /my/update/avatar",
      "POST /my/updatepwd",
      "PUT /my/savefcl",
      "PUT /my/savelcl",
      "PUT /my/savetrailer",
      "PUT /my/savebyair",
      "PUT /my/saverailroad",
      "PUT /my/saveexpress",
      "GET /nopermission/portbyseaselect",
      "GET /nopermission/airportselect",
      "GET /nopermission/expresscountryselect",
      "GET /nopermission/trailerselectquery",
      "GET /nopermission/railroadselectquery",
      "GET /nopermission/manytimesportbyseaselect",
      "GET /nopermission/manytimesairportselect",
      "GET /nopermission/manytimesexpresscountryselect",
      ...["fcl", "lcl", "trailer", "byair", "railroad", "express"].flatMap((m) => [
        `GET /nopermission/getspecial${m}sale`,
        `POST /my/savespecial${m}sale`,
        `DELETE /my/delspecial${m}sale/{id}`,
        `GET /my/byidspecial${m}sale/{id}`,
        `PUT /my/editspecial${m}sale`,
        `GET /logs/${m}loglist`,
      ]),
      "GET /nopermission/touristswholebysea",
      "GET /nopermission/touristslclbyseaquery",
      "GET /nopermission/touriststrailerquery",
      "GET /nopermission/touristsrailroadquery",
      "GET /nopermission/touristsbyairquery",
      "GET /nopermission/touristsexpressquery",
      "GET /query/wholebysea",
      "GET /query/lclbyseaquery",
      "GET /query/trailerquery",
      "GET /query/railroadquery",
      "GET /query/byairquery",
      "GET /query/expressquery",
      "POST /send/sendordertocustomer",
      "POST /send/sendordershipmenttocustomer",
      "POST /send/sendordertjkptocustomer",
      "POST /send/sendordertjkpshipmenttocustomer",
      "GET /my/getentrustment",
      "GET /my/myMenu",
      "GET /my/allMenu",
      "POST /my/addmenu",
      "GET /my/byidmenu/{id}",
      "PUT /my/editmenu",
      "DELETE /my/deletemenu/{id}",
      "GET /my/userlist",
      "POST /my/saverole",
      "GET /my/byiduser/{id}",
      "PUT /my/edituser",
      "DELETE /my/deluser/{id}",
      "PUT /my/updatestate",
      "POST /my/saveview",
      "PUT /my/audituser",
      "PUT /my/auditshzluser",
      "GET /my/getzcaudituser",
      "POST /my/saveuserlevel",
      "POST /my/adduserdata",
      "GET /my/getHandOverList/{id}",
      "PUT /my/confirmHandOver",
      "POST /my/update/wxcodecard",
      "GET /my/rolestreelist",
      "GET /my/roleslist",
      "POST /my/addroles",
      "GET /my/byidroles/{id}",
      "PUT /my/editroles",
      "DELETE /my/delroles/{id}",
      "POST /my/saverightsroles",
      "GET /web/home",
      "POST /web/home/add",
      "GET /web/home/byid/{id}",
      "PUT /web/home/update",
      "DELETE /web/home/delete/{id}",
      "GET /manage/homecateall",
      "GET /manage/homecate/{id}",
      "POST /manage/homecate/add",
      "GET /manage/homecate/byid/{id}",
      "PUT /manage/homecate/update",
      "DELETE /manage/homecate/delete/{id}",
      "GET /apphomeimg/home",
      "POST /apphomeimg/home/add",
      "GET /apphomeimg/home/byid/{id}",
      "PUT /apphomeimg/home/update",
      "DELETE /apphomeimg/home/delete/{id}",
      "GET /data/port",
      "POST /data/addport",
      "GET /data/port/{id}",
      "PUT /data/updateport",
      "DELETE /data/deleteport/{id}",
      "DELETE /data/deletebatchport/{range}",
      "POST /data/addmoreport",
      "GET /data/exportport",
      "GET /data/checkportqian",
      "GET /data/checkporthou",
      "GET /data/checkfclport",
      "GET /data/checklclport",
      "GET /data/airport",
      "POST /data/addairport",
      "PUT /data/updateairport",
      "DELETE /data/deleteairport/{id}",
      "DELETE /data/deletebatchairport/{range}",
      "POST /data/addmoreairport",
      "GET /data/exportairport",
      "GET /data/checkairportqian",
      "GET /data/checkairporthou",
      "GET /data/express",
      "POST /data/addexpress",
      "GET /data/express/{id}",
      "PUT /data/editexpress",
      "PUT /data/updateexpress",
      "DELETE /data/deleteexpress/{id}",
      "DELETE /data/deletebatchexpress/{range}",
      "POST /data/addmoreexpress",
      "GET /data/exportexpress",
      "GET /data/fclbysea",
      "POST /data/addmorefcl",
      "GET /data/fcl/{id}",
      "PUT /data/editfcl",
      "DELETE /data/deletefclbysea/{id}",
      "DELETE /data/deletebatchfclbysea/{range}",
      "GET /data/lclbysea",
      "POST /data/addmorelcl",
      "GET /data/lcl/{id}",
      "PUT /data/editlcl",
      "DELETE /data/deletelclbysea/{id}",
      "DELETE /data/deletebatchlclbysea/{range}",
      "GET /data/byrailroad",
      "POST /data/addmorerailroad",
      "DELETE /data/deleterailroad/{id}",
      "DELETE /data/deletebatchrailroad/{range}",
      "GET /data/railroad/{id}",
      "PUT /data/editrailroad",
      "GET /data/bytrailer",
      "POST /data/addmoretrailer",
      "GET /data/trailer/{id}",
      "PUT /data/edittrailer",
      "DELETE /data/deletetrailer/{id}",
      "DELETE /data/deletebatchtrailer/{range}",
      "GET /data/byair",
      "POST /data/addmorebyair",
      "POST /data/addmorebyairpt",
      "DELETE /data/deletebyair/{id}",
      "DELETE /data/deletebatchbyair/{range}",
      "GET /data/byexpressdata",
      "POST /data/addmoreexpressdata",
      "DELETE /data/deleteexpressdata/{id}",
      "DELETE /data/deletebatchexpressdata/{range}",
    ];
    const served = new Set(apiEndpoints.map((e) => `${e.method} ${e.path}`));
    expect(required.filter((r) => !served.has(r))).toEqual([]);
  });

  test("/api/openapi.json describes exactly the served calls", async () => {
    const response = openApiLoader({ request: new Request("http://localhost:3000/api/openapi.json"), params: {}, context: {} });
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    const described: string[] = [];
    for (const [p, ops] of Object.entries<Record<string, { security?: unknown }>>(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        described.push(`${method.toUpperCase()} ${p}`);
        const found = findEndpoint(method.toUpperCase(), concrete(p));
        expect(found && "endpoint" in found ? `${found.endpoint.method} ${found.endpoint.path}` : null).toBe(
          `${method.toUpperCase()} ${p}`,
        );
        const endpoint = apiEndpoints.find((e) => e.path === p && e.method === method.toUpperCase())!;
        expect(!!op.security).toBe(endpoint.access.kind !== "public");
      }
    }
    expect(described.sort()).toEqual(apiEndpoints.map((e) => `${e.method} ${e.path}`).sort());
  });
});
