// Row edit (fetched by id), add, delete with confirmation, and the spec's
// required-field and duplicate messages.
import { beforeAll, describe, expect, it } from "vitest";
import * as port from "~/routes/backoffice/data-area";
import * as airport from "~/routes/backoffice/data-area";
import * as expressCountry from "~/routes/backoffice/data-area";
import * as fcl from "~/routes/backoffice/data-area";
import * as air from "~/routes/backoffice/data-area";
import * as express from "~/routes/backoffice/data-area";
import { prisma } from "~/utils/db.server";
import { loginAs } from "../support/requests";
import { flashOf, load, post } from "./helpers";

let cookie: string;
beforeAll(async () => {
  cookie = await loginAs("data@example.com");
});

const errorsOf = (result: { data: any }) => result.data.result.error as Record<string, string[]>;

describe("sea ports", () => {
  it("add: required fields give 请输入港口代码 / 英文名 / 中文名", async () => {
    const result = await post(port, "/port?add=1", cookie, { intent: "save", lane: "x" });
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toMatchObject({
      code: ["data.port.codeRequired"],
      name: ["data.port.nameRequired"],
      nameZh: ["data.port.nameZhRequired"],
    });
  });

  it("add: a taken code gives 海运港口代码重复！, a taken name 海运港口英文名重复！", async () => {
    const taken = await prisma.seaPort.findFirstOrThrow({ orderBy: { id: "asc" } });
    const dupCode = await post(port, "/port?add=1", cookie, { intent: "save", code: taken.code, name: "Brand New Port", nameZh: "新港" });
    expect(dupCode.status).toBe(409);
    expect(errorsOf(dupCode)).toEqual({ code: ["data.port.dupCode"] });
    const dupName = await post(port, "/port?add=1", cookie, { intent: "save", code: "ZZNEW", name: taken.name, nameZh: "新港" });
    expect(errorsOf(dupName)).toEqual({ name: ["data.port.dupName"] });
  });

  it("add succeeds with 添加成功！ and an operation log row", async () => {
    const result = await post(port, "/port?add=1&q=zz", cookie, {
      intent: "save",
      code: "ZZNEW",
      name: "New Port",
      nameZh: "新港",
      countryCode: "ZZ",
    });
    expect(result.status).toBe(302);
    expect(await flashOf(result, cookie)).toMatchObject({ type: "success", key: "data.msg.added" });
    const created = await prisma.seaPort.findUniqueOrThrow({ where: { code: "ZZNEW" } });
    // The list then shows the row just added (issue 22 item 5).
    expect(result.headers.get("Location")).toBe(`/port?written=${created.id}`);
    const log = await prisma.operationLog.findFirstOrThrow({ where: { module: "add", operation: "seaPorts" }, orderBy: { id: "desc" } });
    expect(log.targetIds).toBe(String(created.id));
  });

  it("edit opens with the row fetched by id; a missing id says 获取数据失败!", async () => {
    const first = await prisma.seaPort.findFirstOrThrow({ orderBy: { id: "asc" } });
    const open = await load(port, "/port", cookie, { edit: first.id });
    expect(open.data.dialog).toMatchObject({ kind: "edit", row: { id: first.id, code: first.code, name: first.name } });
    const missing = await load(port, "/port", cookie, { edit: 99_999_999 });
    expect(missing.data.dialog).toEqual({ kind: "missing" });
  });

  it("edit: idchange to a taken id gives ID重复!, a taken code 海运港口代码重复！; a free id moves the row", async () => {
    const [a, b] = await prisma.seaPort.findMany({ orderBy: { id: "asc" }, take: 2 });
    const fields = { intent: "save", id: a.id, code: a.code, name: a.name, nameZh: a.nameZh };
    const idClash = await post(port, `/port?edit=${a.id}`, cookie, { ...fields, idChange: b.id });
    expect(errorsOf(idClash)).toEqual({ idChange: ["data.dup.id"] });
    const codeClash = await post(port, `/port?edit=${a.id}`, cookie, { ...fields, code: b.code });
    expect(errorsOf(codeClash)).toEqual({ code: ["data.port.dupCode"] });
    const moved = await post(port, `/port?edit=${a.id}`, cookie, { ...fields, idChange: 88_888, lane: "远东" });
    expect(moved.status).toBe(302);
    expect(await flashOf(moved, cookie)).toMatchObject({ key: "data.msg.edited" });
    expect(await prisma.seaPort.findUnique({ where: { id: a.id } })).toBeNull();
    expect(await prisma.seaPort.findUniqueOrThrow({ where: { id: 88_888 } })).toMatchObject({ code: a.code, lane: "远东" });
  });
});

describe("airports", () => {
  it("required messages, 空运港口代码重复！ and 空运港口英文名重复！", async () => {
    const empty = await post(airport, "/airport?add=1", cookie, { intent: "save" });
    expect(errorsOf(empty)).toMatchObject({
      code: ["data.airport.codeRequired"],
      name: ["data.airport.nameRequired"],
      nameZh: ["data.airport.nameZhRequired"],
    });
    const taken = await prisma.airport.findFirstOrThrow({ orderBy: { id: "asc" } });
    const dupCode = await post(airport, "/airport?add=1", cookie, { intent: "save", code: taken.code, name: "Nowhere Intl", nameZh: "无" });
    expect(errorsOf(dupCode)).toEqual({ code: ["data.airport.dupCode"] });
    const dupName = await post(airport, "/airport?add=1", cookie, { intent: "save", code: "ZZZ", name: taken.name, nameZh: "无" });
    expect(errorsOf(dupName)).toEqual({ name: ["data.airport.dupName"] });
  });
});

describe("express countries", () => {
  it("all fields required; 国家代码重复！, 国家信息重复, 全称重复", async () => {
    const empty = await post(expressCountry, "/expressCountry?add=1", cookie, { intent: "save" });
    expect(errorsOf(empty)).toEqual({
      zoneCode: ["data.expressCountry.zoneCodeRequired"],
      zone: ["data.expressCountry.zoneRequired"],
      countryCode: ["data.expressCountry.countryCodeRequired"],
      countryZh: ["data.expressCountry.countryZhRequired"],
      countryEn: ["data.expressCountry.countryEnRequired"],
    });
    const taken = await prisma.expressCountry.findFirstOrThrow({ orderBy: { id: "asc" } });
    const fields = { intent: "save", zoneCode: "A", zone: "一区", countryCode: "QQ", countryZh: "新国家", countryEn: "New Country" };
    expect(errorsOf(await post(expressCountry, "/expressCountry?add=1", cookie, { ...fields, countryCode: taken.countryCode }))).toEqual({
      countryCode: ["data.expressCountry.dupCode"],
    });
    expect(errorsOf(await post(expressCountry, "/expressCountry?add=1", cookie, { ...fields, countryZh: taken.countryZh }))).toEqual({
      countryZh: ["data.expressCountry.dupZh"],
    });
    expect(errorsOf(await post(expressCountry, "/expressCountry?add=1", cookie, { ...fields, countryEn: taken.countryEn }))).toEqual({
      countryEn: ["data.expressCountry.dupEn"],
    });
    const edited = await post(expressCountry, `/expressCountry?edit=${taken.id}`, cookie, { ...fields, id: taken.id });
    expect(edited.status).toBe(302);
    expect(await prisma.expressCountry.findUniqueOrThrow({ where: { id: taken.id } })).toMatchObject({
      countryCode: "QQ",
      countryEn: "New Country",
    });
  });
});

describe("rate rows", () => {
  it("FCL edit saves prices, dates and the pause flag; bad values are refused per field", async () => {
    const row = await prisma.fclRate.findFirstOrThrow({ orderBy: { id: "asc" } });
    const open = await load(fcl, "/fclbyseaData", cookie, { edit: row.id });
    const fields = { ...(open.data.dialog.row as Record<string, string | number | boolean | null>) };
    const form: Record<string, string | number> = { intent: "save" };
    for (const [key, value] of Object.entries(fields)) {
      if (key === "updatedAt" || value === null || value === false) continue;
      form[key] = value === true ? "on" : (value as string | number);
    }
    const bad = await post(fcl, `/fclbyseaData?edit=${row.id}`, cookie, { ...form, gp20T1: "12a", validTo: "2026-02-30" });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toEqual({ gp20T1: ["data.validation.decimal"], validTo: ["data.validation.date"] });
    const ok = await post(fcl, `/fclbyseaData?edit=${row.id}`, cookie, { ...form, gp20T1: "777.5", validTo: "2027/3/1", paused: "on" });
    expect(ok.status).toBe(302);
    const saved = await prisma.fclRate.findUniqueOrThrow({ where: { id: row.id } });
    expect([saved.gp20T1?.toString(), saved.validTo?.toISOString().slice(0, 10), saved.paused, saved.pol]).toEqual([
      "777.5",
      "2027-03-01",
      true,
      row.pol,
    ]);
    const log = await prisma.operationLog.findFirstOrThrow({ where: { module: "edit", operation: "fclRates" }, orderBy: { id: "desc" } });
    expect(log.targetIds).toBe(String(row.id));
  });

  it("express price edit keeps a multi-line remark", async () => {
    const row = await prisma.expressRate.findFirstOrThrow({ orderBy: { id: "asc" } });
    const result = await post(express, `/expressData?edit=${row.id}`, cookie, {
      intent: "save",
      id: row.id,
      category: row.category,
      weight: "0.5",
      remark: "第一行\n第二行",
    });
    expect(result.status).toBe(302);
    expect((await prisma.expressRate.findUniqueOrThrow({ where: { id: row.id } })).remark).toBe("第一行\n第二行");
  });

  it("air rows have no edit: ?edit is ignored and a save is refused", async () => {
    const row = await prisma.airRate.findFirstOrThrow();
    expect((await load(air, "/byAirData", cookie, { edit: row.id })).data.dialog).toEqual({ kind: "none" });
    expect((await post(air, "/byAirData", cookie, { intent: "save", id: row.id, pol: "X" })).status).toBe(400);
  });
});

describe("delete", () => {
  it("asks first (?delete=id), deletes with 删除成功！ and logs; cancelling says 已取消删除", async () => {
    const row = await prisma.fclRate.findFirstOrThrow({ orderBy: { id: "desc" } });
    const confirm = await load(fcl, "/fclbyseaData", cookie, { delete: row.id, pol: "x" });
    expect(confirm.data.dialog).toEqual({ kind: "delete", id: row.id });

    const cancelled = await post(fcl, `/fclbyseaData?delete=${row.id}&pol=x`, cookie, { intent: "cancelDelete" });
    expect(cancelled.headers.get("Location")).toBe("/fclbyseaData?pol=x");
    expect(await flashOf(cancelled, cookie)).toMatchObject({ type: "info", key: "data.msg.deleteCancelled" });
    expect(await prisma.fclRate.findUnique({ where: { id: row.id } })).not.toBeNull();

    const deleted = await post(fcl, `/fclbyseaData?delete=${row.id}`, cookie, { intent: "delete", id: row.id });
    expect(await flashOf(deleted, cookie)).toMatchObject({ type: "success", key: "data.msg.deleted" });
    expect(await prisma.fclRate.findUnique({ where: { id: row.id } })).toBeNull();
    expect(await prisma.operationLog.count({ where: { module: "delete", operation: "fclRates", targetIds: String(row.id) } })).toBe(1);

    const again = await post(fcl, "/fclbyseaData", cookie, { intent: "delete", id: row.id });
    expect(await flashOf(again, cookie)).toMatchObject({ type: "error", key: "data.msg.deleteFailed" });
  });

  it("air rows can be deleted", async () => {
    const row = await prisma.airRate.findFirstOrThrow();
    const deleted = await post(air, "/byAirData", cookie, { intent: "delete", id: row.id });
    expect(deleted.status).toBe(302);
    expect(await prisma.airRate.findUnique({ where: { id: row.id } })).toBeNull();
  });
});
