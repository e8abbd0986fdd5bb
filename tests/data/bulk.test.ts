// Range delete by id, FCL markup and the SQL checks.
import { beforeAll, describe, expect, it } from "vitest";
import * as fcl from "~/routes/backoffice/data-area";
import * as lcl from "~/routes/backoffice/data-area";
import * as trailer from "~/routes/backoffice/data-area";
import * as port from "~/routes/backoffice/data-area";
import * as airport from "~/routes/backoffice/data-area";
import { prisma } from "~/utils/db.server";
import { loginAs } from "../support/requests";
import { apiEndpoints } from "~/api/registry.server";
import { dataAreas } from "~/domain/data-areas";
import { api, tokenOf } from "../api/helpers";
import { flashOf, load, post } from "./helpers";
import { sqlTable } from "~/utils/sql-names.server";
import type { AreaModel } from "~/domain/catalog";

let cookie: string;
beforeAll(async () => {
  cookie = await loginAs("data@example.com");
});

describe("range delete by id", () => {
  it("the dialog warns 请填写ID！ when both ends are empty and confirms a valid range with its count", async () => {
    const empty = await load(trailer, "/trailerData", cookie, { range: 1, step: "confirm", start: "", end: "" });
    expect(empty.data.dialog).toEqual({ kind: "range", start: "", end: "", warning: "data.range.required", confirm: null });
    const swapped = await load(trailer, "/trailerData", cookie, { range: 1, step: "confirm", start: "20", end: "11" });
    expect(swapped.data.dialog.confirm).toEqual({ start: 11, end: 20, count: 10 });
    const single = await load(trailer, "/trailerData", cookie, { range: 1, step: "confirm", start: "", end: "7" });
    expect(single.data.dialog.confirm).toEqual({ start: 7, end: 7, count: 1 });
    const bad = await load(trailer, "/trailerData", cookie, { range: 1, step: "confirm", start: "x" });
    expect(bad.data.dialog.warning).toBe("data.range.invalid");
  });

  it("both empty is refused on the server too; nothing deleted", async () => {
    const before = await prisma.trailerRate.count();
    const result = await post(trailer, "/trailerData?range=1", cookie, { intent: "rangeDelete", start: "", end: "" });
    expect(await flashOf(result, cookie)).toMatchObject({ type: "warning", key: "data.range.required" });
    expect(await prisma.trailerRate.count()).toBe(before);
  });

  it("deletes the inclusive range in one statement, logs it, says 批量删除成功!", async () => {
    const before = await prisma.trailerRate.count();
    const result = await post(trailer, "/trailerData?range=1&step=confirm&start=11&end=20", cookie, {
      intent: "rangeDelete",
      start: "11",
      end: "20",
    });
    expect(result.headers.get("Location")).toBe("/trailerData");
    expect(await flashOf(result, cookie)).toMatchObject({ type: "success", key: "data.msg.rangeDeleted", values: { count: 10 } });
    expect(await prisma.trailerRate.count()).toBe(before - 10);
    expect(await prisma.trailerRate.count({ where: { id: { gte: 11, lte: 20 } } })).toBe(0);
    const log = await prisma.operationLog.findFirstOrThrow({
      where: { module: "rangeDelete", operation: "trailerRates" },
      orderBy: { id: "desc" },
    });
    expect(log).toMatchObject({ targetIds: "11-20", params: JSON.stringify({ deleted: 10 }), username: "datastaff" });
  });

  it("one value alone deletes that single id", async () => {
    const result = await post(trailer, "/trailerData", cookie, { intent: "rangeDelete", start: "", end: "30" });
    expect(await flashOf(result, cookie)).toMatchObject({ values: { count: 1 } });
    expect(await prisma.trailerRate.findUnique({ where: { id: 30 } })).toBeNull();
    expect(await prisma.trailerRate.findUnique({ where: { id: 31 } })).not.toBeNull();
  });
});

describe("one strict id-range parser (issue 18, finding 1)", () => {
  /** Every batch delete of the API, from the registry, with its table. */
  const batchCalls = apiEndpoints
    .filter((e) => e.method === "DELETE" && e.path.includes("{range}"))
    .map((e) => ({ path: e.path, table: Object.values(dataAreas).find((a) => e.summary.startsWith(`${a.key}:`))!.model }));
  const total = async (model: AreaModel) =>
    Number((await prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${sqlTable(model)}"`))[0].n);
  const MALFORMED = [
    "-5,-1",
    "-5",
    "5,",
    ",5",
    "1,2,3",
    "5-",
    "--5",
    "1e3",
    "1.5,2",
    "0x10",
    "１,２",
    "5,,6",
    "abc",
    "5;6",
    "99999999999",
    "1,99999999999",
    " ",
  ];

  it("covers every batch delete of the registry", () => {
    expect(batchCalls.length).toBe(9);
  });

  it("the API refuses every malformed range with 400 in the user's language and deletes nothing", async () => {
    const token = await tokenOf("data@example.com");
    for (const { path, table } of batchCalls) {
      const before = await total(table);
      for (const range of MALFORMED) {
        const zh = await api("DELETE", path.replace("{range}", encodeURIComponent(range)), { token });
        expect(zh.http, `${path} ${JSON.stringify(range)}`).toBe(400);
        expect(zh.body.message).toMatch(/^(ID 必须是非负整数|请填写ID！)/);
      }
      const en = await api("DELETE", path.replace("{range}", "-5,-1"), { token, query: { lng: "en-US" } });
      expect(en.body.message).toMatch(/^IDs must be whole numbers/);
      expect(await total(table), path).toBe(before);
    }
  });

  it("one id or two ids joined by , ~ or - are ranges; one that matches no rows reports 0", async () => {
    const token = await tokenOf("data@example.com");
    const none = await api("DELETE", "/data/deletebatchtrailer/0,0", { token });
    expect(none.body).toMatchObject({ status: 0, message: "该 ID 范围内没有数据，未删除任何数据（0 条）", data: { count: 0 } });
    const high = await api("DELETE", "/data/deletebatchtrailer/900000~900010", { token });
    expect(high.body.data).toEqual({ count: 0 });
    const [a, b] = await prisma.trailerRate.findMany({ orderBy: { id: "desc" }, take: 2, select: { id: true } });
    const pair = await api("DELETE", `/data/deletebatchtrailer/${b.id}-${a.id}`, { token });
    expect(pair.body).toMatchObject({ status: 0, message: "批量删除成功!", data: { count: 2 } });
  });

  it("the page refuses malformed ends with a warning and deletes nothing", async () => {
    const before = await prisma.trailerRate.count();
    for (const [start, end] of [
      ["-5", "-1"],
      ["-5", ""],
      ["1e3", ""],
      ["1.5", "2"],
      ["5", "x"],
      ["１", ""],
    ]) {
      const result = await post(trailer, "/trailerData", cookie, { intent: "rangeDelete", start, end });
      expect(await flashOf(result, cookie), `${start} ${end}`).toMatchObject({ type: "warning", key: "data.range.invalid" });
    }
    expect(await prisma.trailerRate.count()).toBe(before);
    const none = await post(trailer, "/trailerData", cookie, { intent: "rangeDelete", start: "0", end: "0" });
    expect(await flashOf(none, cookie)).toMatchObject({ type: "success", key: "data.msg.rangeDeletedNone", values: { count: 0 } });
  });
});

describe("FCL markup", () => {
  it("raises the entered prices of the selected rows in one UPDATE and logs it (修改价格成功！)", async () => {
    const [a, b, other] = await prisma.fclRate.findMany({ orderBy: { id: "asc" }, take: 3 });
    await prisma.fclRate.update({ where: { id: b.id }, data: { hq40T2: null } });
    const result = await post(fcl, "/fclbyseaData?pol=x", cookie, {
      intent: "markup",
      ids: [a.id, b.id],
      gp20T1: "50",
      hq40T2: "10.5",
      gp40T0: "",
    });
    expect(result.headers.get("Location")).toBe("/fclbyseaData?pol=x");
    expect(await flashOf(result, cookie)).toMatchObject({ type: "success", key: "data.fcl.markupDone" });
    const after = await prisma.fclRate.findMany({ where: { id: { in: [a.id, b.id, other.id] } }, orderBy: { id: "asc" } });
    expect(after[0].gp20T1?.toString()).toBe(a.gp20T1!.plus(50).toString());
    expect(after[0].hq40T2?.toString()).toBe(a.hq40T2!.plus(10.5).toString());
    expect(after[0].gp40T0?.toString()).toBe(a.gp40T0?.toString());
    expect(after[1].gp20T1?.toString()).toBe(b.gp20T1!.plus(50).toString());
    expect(after[1].hq40T2).toBeNull(); // no price stays no price
    expect(after[2].gp20T1?.toString()).toBe(other.gp20T1?.toString());
    const log = await prisma.operationLog.findFirstOrThrow({ where: { module: "markup", operation: "fclRates" }, orderBy: { id: "desc" } });
    expect(log).toMatchObject({ targetIds: `${a.id},${b.id}`, params: "20GP_T1 +50, 40HQ_T2 +10.5" });
  });

  it("needs at least one price (请选择要更改的价格!), a selection, and amounts that are numbers", async () => {
    const row = await prisma.fclRate.findFirstOrThrow({ orderBy: { id: "desc" } });
    // Refusals answer on the page (400) with the rows that stay selected (issue 22 item 8).
    const noPrice = await post(fcl, "/fclbyseaData", cookie, { intent: "markup", ids: [row.id] });
    expect(noPrice).toMatchObject({ status: 400, data: { intent: "markup", key: "data.fcl.markupNoPrice", ids: [row.id] } });
    const noRows = await post(fcl, "/fclbyseaData", cookie, { intent: "markup", gp20T0: "5" });
    expect(noRows).toMatchObject({ status: 400, data: { key: "data.fcl.markupNoRows", ids: [] } });
    const bad = await post(fcl, "/fclbyseaData", cookie, { intent: "markup", ids: [row.id], gp20T0: "-5" });
    expect(bad).toMatchObject({ status: 400, data: { key: "data.fcl.markupInvalid", ids: [row.id] } });
    expect((await prisma.fclRate.findUniqueOrThrow({ where: { id: row.id } })).gp20T0?.toString()).toBe(row.gp20T0?.toString());
  });

  it("only FCL has a markup", async () => {
    expect((await post(lcl, "/lclbyseaData", cookie, { intent: "markup", ids: [1], freightCbmT0: "5" })).status).toBe(400);
  });
});

describe("checks", () => {
  it("FCL port matching lists destinations no sea-port name is contained in (spaces and case ignored)", async () => {
    const some = await prisma.fclRate.findFirstOrThrow();
    const portName = (
      await prisma.seaPort.findFirstOrThrow({ where: { name: "Los Angeles" } }).catch(() => prisma.seaPort.findFirstOrThrow())
    ).name;
    await prisma.fclRate.createMany({
      data: [
        { pol: some.pol, pod: "ZZ NOWHERE QQ" },
        { pol: some.pol, pod: "ZZ NOWHERE QQ" },
        { pol: some.pol, pod: `${portName.toLowerCase().replace(/ /g, "  ")} , usa` },
      ],
    });
    const result = await load(fcl, "/fclbyseaData", cookie, { check: "portMatch" });
    expect(result.data.dialog.kind).toBe("check");
    const items = result.data.dialog.items as { text: string; count: number }[];
    expect(items).toContainEqual({ text: "ZZ NOWHERE QQ", count: 2 });
    expect(items.some((item) => item.text.includes(portName.toLowerCase().slice(0, 3)) && item.text.endsWith(", usa"))).toBe(false);
  });

  it("LCL port matching works the same way", async () => {
    const some = await prisma.lclRate.findFirstOrThrow();
    await prisma.lclRate.create({ data: { pol: some.pol, pod: "QQ UNKNOWN" } });
    const result = await load(lcl, "/lclbyseaData", cookie, { check: "portMatch" });
    expect(result.data.dialog.items).toContainEqual({ text: "QQ UNKNOWN", count: 1 });
  });

  it("space checks: none found gives an empty list (暂未查询到结果); stray spaces are listed with their id", async () => {
    expect((await load(port, "/port", cookie, { check: "leadingSpace" })).data.dialog).toEqual({
      kind: "check",
      check: "leadingSpace",
      items: [],
    });
    const lead = await prisma.seaPort.create({ data: { code: "ZZL", name: " LEADING", nameZh: "前" } });
    const trail = await prisma.seaPort.create({ data: { code: "ZZT", name: "TRAILING ", nameZh: "后" } });
    expect((await load(port, "/port", cookie, { check: "leadingSpace" })).data.dialog.items).toEqual([{ id: lead.id, text: " LEADING" }]);
    expect((await load(port, "/port", cookie, { check: "trailingSpace" })).data.dialog.items).toEqual([
      { id: trail.id, text: "TRAILING " },
    ]);
    const code = await prisma.airport.create({ data: { code: "ZZA ", name: "Trailing Code Airport", nameZh: "后" } });
    expect((await load(airport, "/airport", cookie, { check: "trailingSpace" })).data.dialog.items).toEqual([
      { id: code.id, text: "ZZA " },
    ]);
    expect((await load(airport, "/airport", cookie, { check: "portMatch" })).data.dialog).toEqual({ kind: "none" });
  });
});
