// Every data path is checked on the server in its loader AND its action
// (and the export routes): staff without the path get 403, visitors go to login
// and come back to the screen afterwards (issue 22 item 8).
import { beforeAll, describe, expect, it } from "vitest";
import { dataAreas } from "~/domain/data-areas";
import { callRoute, fileOf, getRequest, loginAs, postForm, postMultipart } from "../support/requests";
import { sheetBytes } from "./helpers";

const routes = {
  port: () => import("~/routes/backoffice/data-area"),
  airport: () => import("~/routes/backoffice/data-area"),
  expressCountry: () => import("~/routes/backoffice/data-area"),
  fcl: () => import("~/routes/backoffice/data-area"),
  lcl: () => import("~/routes/backoffice/data-area"),
  air: () => import("~/routes/backoffice/data-area"),
  trailer: () => import("~/routes/backoffice/data-area"),
  rail: () => import("~/routes/backoffice/data-area"),
  express: () => import("~/routes/backoffice/data-area"),
};
const exportRoutes: Record<string, () => Promise<{ loader: (a: any) => unknown; action?: (a: any) => unknown }>> = {
  port: () => import("~/routes/backoffice/data-area-export"),
  airport: () => import("~/routes/backoffice/data-area-export"),
  expressCountry: () => import("~/routes/backoffice/data-area-export-selected"),
  fcl: () => import("~/routes/backoffice/data-area-export"),
  lcl: () => import("~/routes/backoffice/data-area-export"),
  trailer: () => import("~/routes/backoffice/data-area-export-selected"),
};

let staffWithout: string;
let staffWith: string;
beforeAll(async () => {
  staffWithout = await loginAs("nomenu@example.com");
  staffWith = await loginAs("data@example.com");
});

describe.each(Object.values(dataAreas))("$path", (area) => {
  it("loader: 200 with the path, 403 without, login and back for visitors", async () => {
    const { loader } = await routes[area.key]();
    expect((await callRoute(loader, getRequest(area.path, undefined, { cookie: staffWith }))).status).toBe(200);
    expect((await callRoute(loader, getRequest(area.path, undefined, { cookie: staffWithout }))).status).toBe(403);
    const visitor = await callRoute(loader, getRequest(`${area.path}?q=x`));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`${area.path}?q=x`)}`);
  });

  it("action: 403 without the path and login for visitors, for form posts and uploads alike, nothing changed", async () => {
    const { action } = await routes[area.key]();
    const del = { intent: "rangeDelete", start: "1", end: "1000000" };
    expect((await callRoute(action, postForm(area.path, del, { cookie: staffWithout }))).status).toBe(403);
    const visitor = await callRoute(action, postForm(area.path, del));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login");
    const upload = postMultipart(
      area.path,
      { intent: "import", file: fileOf(sheetBytes([["id"], [1]]), "x.xlsx") },
      { cookie: staffWithout },
    );
    expect((await callRoute(action, upload)).status).toBe(403);
    const { prisma } = await import("~/utils/db.server");
    const model = (prisma as unknown as Record<string, { count(): Promise<number> }>)[area.model];
    expect(await model.count()).toBeGreaterThan(0);
  });

  if (exportRoutes[area.key]) {
    it("export: 403 without the path, login and back for visitors", async () => {
      const { loader, action } = await exportRoutes[area.key]();
      expect((await callRoute(loader, getRequest(`${area.path}/export`, undefined, { cookie: staffWithout }))).status).toBe(403);
      expect((await callRoute(loader, getRequest(`${area.path}/export`))).headers.get("Location")).toBe(
        `/login?redirectTo=${encodeURIComponent(`${area.path}/export`)}`,
      );
      if (action)
        expect((await callRoute(action, postForm(`${area.path}/export`, { ids: [1] }, { cookie: staffWithout }))).status).toBe(403);
    });
  }
});
