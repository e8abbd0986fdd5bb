// Port names understood (issue 23 item 3, decision 205): aliases on import,
// the unresolved queue, map-and-fix, the port-matching check, the customer
// searches by alias, LOCODE and pinyin, the screen's authority and messages.
import { beforeAll, describe, expect, it } from "vitest";
import * as fcl from "~/routes/backoffice/data-area";
import * as screen from "~/routes/admin/portAliases";
import { fclArea, lclArea } from "~/domain/data-areas";
import { runCheck } from "~/domain/data-areas/queries.server";
import { resolvePort, searchPorts } from "~/domain/reference/ports.server";
import { resolvePortColumns } from "~/domain/reference/port-aliases.server";
import { pinyinOf } from "~/domain/reference/pinyin";
import { prisma } from "~/utils/db.server";
import { loader as fclResults } from "~/routes/site/mode-results";
import { api } from "../api/helpers";
import { callRoute, getRequest, loginAs, postForm } from "../support/requests";
import { flashOf, headers, rowOf, sheetBytes, uploadTo } from "./helpers";

let staff: string;
let admin: string;
beforeAll(async () => {
  staff = await loginAs("data@example.com");
  admin = await loginAs("admin@example.com");
});

const fclRow = (values: Record<string, unknown>) =>
  rowOf(fclArea, { pol: "SHANGHAI", pod: "LOS ANGELES", "20GP_T0": 100, valid_fm: "2026-01-01", valid_to: "2099-02-01", ...values });

const post = (cookie: string, fields: Record<string, string | number>, lng = "zh-CN") =>
  callRoute(screen.action, postForm(`/portAliases?lng=${lng}`, fields, { cookie }));

describe("pinyin", () => {
  it("gives full pinyin and initials of a Chinese port name", () => {
    expect(pinyinOf("上海")).toEqual({ full: "shanghai", initials: "sh" });
    expect(pinyinOf("厦门")).toEqual({ full: "xiamen", initials: "xm" });
  });
});

describe("import resolves port names through the alias table", () => {
  it("rewrites aliases, LOCODEs, Chinese names and odd spellings, and queues what nothing resolves", async () => {
    const base = 820_000;
    const bytes = sheetBytes([
      headers(fclArea),
      fclRow({ id: base + 1, pol: "Shang Hai", pod: "TSINGTAO" }),
      fclRow({ id: base + 2, pol: "上海港", pod: "CNTAO" }),
      fclRow({ id: base + 3, pol: "ＳＨＡＮＧＨＡＩ", pod: "青岛" }),
      fclRow({ id: base + 4, pol: "SHANGHAI", pod: "ZZ NOWHERE QX" }),
      fclRow({ id: base + 5, pol: "SHANGHAI", pod: "ZZ NOWHERE QX" }),
    ]);
    const result = await uploadTo(fcl, "/fclbyseaData", staff, bytes, "aliases.xlsx");
    expect(result.status).toBe(302);
    expect(await flashOf(result, staff)).toMatchObject({ type: "success", values: { rows: 5, inserted: 5 } });
    const rows = await prisma.fclRate.findMany({
      where: { id: { gt: base, lte: base + 5 } },
      orderBy: { id: "asc" },
      select: { pol: true, pod: true },
    });
    expect(rows).toEqual([
      { pol: "SHANGHAI", pod: "QINGDAO" },
      { pol: "SHANGHAI", pod: "QINGDAO" },
      { pol: "SHANGHAI", pod: "QINGDAO" },
      { pol: "SHANGHAI", pod: "ZZ NOWHERE QX" },
      { pol: "SHANGHAI", pod: "ZZ NOWHERE QX" },
    ]);
    const queued = await prisma.portUnresolvedName.findMany({ where: { name: "ZZ NOWHERE QX" } });
    expect(queued).toMatchObject([{ area: "fcl", rows: 2 }]);
    const log = await prisma.operationLog.findFirst({ where: { module: "import", operation: "fclRates" }, orderBy: { id: "desc" } });
    expect(log?.params).toContain('"portsUnresolved":1');
  });

  it("the shared function works on any table with port columns (a staging table) and reports each resolution", async () => {
    const outcome = await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`CREATE TEMP TABLE staging_ports (id int, pol text, pod text) ON COMMIT DROP`);
      await tx.$executeRawUnsafe(`INSERT INTO staging_ports VALUES (1, 'cnsha', 'Ningpo'), (2, 'SHANGHAI', 'QQ UNKNOWN ZZ')`);
      const result = await resolvePortColumns(tx, "staging_ports", ["pol", "pod"]);
      const rows = await tx.$queryRawUnsafe<{ pol: string; pod: string }[]>(`SELECT pol, pod FROM staging_ports ORDER BY id`);
      return { result, rows };
    });
    expect(outcome.rows).toEqual([
      { pol: "SHANGHAI", pod: "NINGBO" },
      { pol: "SHANGHAI", pod: "QQ UNKNOWN ZZ" },
    ]);
    expect(outcome.result.resolutions).toEqual([
      { column: "pol", from: "cnsha", to: "SHANGHAI", rows: 1 },
      { column: "pod", from: "Ningpo", to: "NINGBO", rows: 1 },
    ]);
    expect(outcome.result.unresolved).toEqual([{ column: "pod", name: "QQ UNKNOWN ZZ", rows: 1 }]);
  });
});

describe("the port-matching check and map-and-fix", () => {
  it("portMatch reports only what aliases do not resolve; mapping fixes the rows, logs the counts and clears the check", async () => {
    await prisma.lclRate.createMany({
      data: [
        { id: 830_001, pol: "SHANGHAI", pod: "AMOY" },
        { id: 830_002, pol: "SHANGHAI", pod: "XQ LOST HARBOUR" },
        { id: 830_003, pol: "SHANGHAI", pod: "XQ LOST HARBOUR" },
      ],
    });
    const pods = (await runCheck(lclArea, "portMatch")).map((i) => i.text);
    expect(pods).toContain("XQ LOST HARBOUR");
    expect(pods).not.toContain("AMOY"); // a seeded alias of XIAMEN

    // The queue entry as an import would leave it.
    const queued = await prisma.portUnresolvedName.create({ data: { area: "lcl", name: "XQ LOST HARBOUR", rows: 2 } });
    const result = await post(staff, { intent: "map", id: queued.id, port: "CNXMN" });
    expect(result.status).toBe(302);
    expect(await flashOf(result, staff)).toMatchObject({
      type: "success",
      key: "portAliases.msg.mapped",
      values: { port: "XIAMEN", lcl: 2 },
    });
    const rows = await prisma.lclRate.findMany({ where: { id: { in: [830_002, 830_003] } }, select: { pod: true } });
    expect(rows.map((r) => r.pod)).toEqual(["XIAMEN", "XIAMEN"]);
    expect(await prisma.portUnresolvedName.findUnique({ where: { id: queued.id } })).toBeNull();
    const alias = await prisma.portAlias.findUnique({ where: { key: "xqlostharbour" }, include: { port: true } });
    expect(alias?.port.code).toBe("CNXMN");
    const log = await prisma.operationLog.findFirst({
      where: { module: "portAliasMap", operation: "portAliases" },
      orderBy: { id: "desc" },
    });
    expect(log?.params).toContain('"lclRows":2');
    expect((await runCheck(lclArea, "portMatch")).map((i) => i.text)).not.toContain("XQ LOST HARBOUR");
  });
});

describe("the screen", () => {
  it("lists, adds, edits and deletes aliases with JavaScript off", async () => {
    const page = await callRoute(screen.loader, getRequest("/portAliases", { q: "TSINGTAO" }, { cookie: staff }));
    expect(page.status).toBe(200);
    expect(page.data.rows.map((r: { alias: string }) => r.alias)).toContain("TSINGTAO");

    const added = await post(staff, { intent: "save", alias: "Shang-hai  Harbour", port: "shanghai" });
    expect(await flashOf(added, staff)).toMatchObject({ type: "success", key: "portAliases.msg.saved" });
    const row = await prisma.portAlias.findUniqueOrThrow({ where: { key: "shanghaiharbour" } });
    const edited = await post(staff, { intent: "save", id: row.id, alias: "SHANGHAI HARBOR", port: "CNNGB" });
    expect(edited.status).toBe(302);
    expect(await prisma.portAlias.findUnique({ where: { id: row.id }, include: { port: true } })).toMatchObject({
      key: "shanghaiharbor",
      port: { code: "CNNGB" },
    });
    const deleted = await post(staff, { intent: "delete", id: row.id });
    expect(await flashOf(deleted, staff)).toMatchObject({ key: "portAliases.msg.deleted" });
    expect(await prisma.portAlias.findUnique({ where: { id: row.id } })).toBeNull();
  });

  it.each([
    ["zh-CN", { alias: "SOMEWHERE", port: "NO SUCH PORT" }, "找不到港口“NO SUCH PORT”"],
    ["en-US", { alias: "SOMEWHERE", port: "NO SUCH PORT" }, 'No port "NO SUCH PORT"'],
    ["zh-CN", { alias: "Shang Hai", port: "CNNGB" }, "就是港口 SHANGHAI 的名称或代码"],
    ["en-US", { alias: "TSINGTAO", port: "CNSHA" }, "already an alias of QINGDAO"],
    ["zh-CN", { alias: " ,.、 ", port: "CNSHA" }, "请输入别名"],
  ])("refuses bad input in %s with a clear message and changes nothing", async (lng, fields, text) => {
    const before = await prisma.portAlias.count();
    const result = await post(staff, { intent: "save", ...fields }, lng);
    expect(result.status).toBe(400);
    expect(result.data.error).toMatch(/^portAliases\.error\./);
    const { resources } = await import("~/i18n/resources.server");
    const messages = resources[lng as "zh-CN" | "en-US"].portAliases as { error: Record<string, string> };
    const message = messages.error[result.data.error.split(".").pop()].replace(
      /\{\{(\w+)\}\}/g,
      (_: string, k: string) => result.data.values[k],
    );
    expect(message).toContain(text);
    expect(await prisma.portAlias.count()).toBe(before);
  });

  it("is refused to staff without menu 25 and to customers (loader and every intent)", async () => {
    const customer = await loginAs("t1@example.com");
    const sales = await loginAs("sales@example.com");
    for (const cookie of [customer, sales].filter((c): c is string => !!c)) {
      const page = await callRoute(screen.loader, getRequest("/portAliases", {}, { cookie }));
      expect([302, 403, 404]).toContain(page.status);
      for (const intent of ["save", "delete", "map", "dismiss"]) {
        const before = await prisma.portAlias.count();
        const result = await post(cookie, { intent, id: 1, alias: "HACKED", port: "CNSHA" });
        expect([302, 403, 404]).toContain(result.status);
        expect(await prisma.portAlias.count()).toBe(before);
      }
    }
    expect(await prisma.portAlias.findUnique({ where: { key: "hacked" } })).toBeNull();
    void admin;
  });
});

describe("customer searches by alias, LOCODE and pinyin", () => {
  it.each(["shanghai", "sh", "上海", "CNSHA", "SHANGHAI PORT", "上海港", "Shang Hai", "ｓｈａｎｇｈａｉ"])(
    "%s resolves to SHANGHAI",
    async (text) => {
      const found = await resolvePort("sea", text);
      expect(
        found.status === "found" ? found.option.name : found.status === "ambiguous" ? found.candidates.map((c) => c.name) : null,
      ).toEqual(found.status === "found" ? "SHANGHAI" : expect.arrayContaining(["SHANGHAI"]));
      expect((await searchPorts("sea", text)).map((p) => p.name)).toContain("SHANGHAI");
    },
  );

  it("the results page finds rates by pinyin and alias (no JavaScript)", async () => {
    for (const pol of ["shanghai", "上海港", "CNSHA"]) {
      const result = await callRoute(fclResults, getRequest("/fclbysea", { pol, pod: "BATAM" }));
      expect(result.status).toBe(200);
      expect(result.data.status).not.toBe("invalid");
      expect(JSON.stringify(result.data)).toContain("SHANGHAI");
    }
  });

  it("the API's port search finds SHANGHAI by pinyin, initials and alias", async () => {
    for (const query of ["shanghai", "sh", "上海港", "CNSHA"]) {
      const result = await api("GET", "/nopermission/portbyseaselect", { query: { query } });
      expect(result.http).toBe(200);
      expect(JSON.stringify(result.body.data)).toContain("SHANGHAI");
    }
  });
});
