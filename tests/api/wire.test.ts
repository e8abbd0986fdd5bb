// The wire mapping's formats (app/api/contract/wire.ts; decision 501), and the edit
// calls' booleans as issue 20 found them: yes_no sent as false, 0, true, 1 or
// a JSON boolean is taken; anything else is refused in the caller's language
// and changes nothing.
import { fromWire, serialize, shape, toWire, w, entity } from "~/api/contract/wire";
import { flushBackground } from "~/domain/rates/background.server";
import { prisma } from "~/utils/db.server";
import { api, tokenOf } from "./helpers";

afterEach(async () => {
  await flushBackground();
});

const Sample = entity("Sample", [
  w.int("id"),
  w.str("sale_state", { domain: "sailingSchedule", accept: ["saleState"] }),
  w.dec("20GP", "gp20"),
  w.dec("discount", "discount", 4),
  w.bool("yes_no", "paused"),
  w.date("valid_to", "validTo"),
  w.datetime("update_time", { domain: "updatedAt", readOnly: true }),
  w.datetime("valid_fm", { domain: "validFrom", timeField: "validFromTime" }),
  w.code("level"),
  w.ids("view_st", "viewIds"),
  w.str("password", { writeOnly: true }),
  w.str("transportation", { domain: "transportType", values: { 海运整箱: "FCL" } }),
]);

describe("replies", () => {
  test("each field under its wire name, in its format", () => {
    const row = {
      id: 7,
      sailingSchedule: "周三",
      gp20: "592",
      discount: 0.85,
      paused: false,
      validTo: new Date("2027-06-30T00:00:00.000Z"),
      updatedAt: "2026-11-20T02:11:12.000Z",
      validFrom: "2027-01-01",
      validFromTime: "08:30",
      level: 2,
      viewIds: [1, 2],
      password: "secret",
      transportType: "FCL",
    };
    expect(toWire(Sample, row)).toEqual({
      id: 7,
      sale_state: "周三",
      "20GP": "592.00",
      discount: "0.8500",
      yes_no: false,
      valid_to: "2027-06-30",
      update_time: "2026-11-20 10:11:12",
      valid_fm: "2027-01-01 08:30:00",
      level: "2",
      view_st: "1,2",
      transportation: "海运整箱",
    });
  });

  test("empty values are null (booleans false, id lists empty)", () => {
    expect(toWire(Sample, {})).toMatchObject({
      id: null,
      sale_state: null,
      "20GP": null,
      yes_no: false,
      valid_to: null,
      update_time: null,
      valid_fm: null,
      view_st: "",
    });
  });

  test("lists and trees keep their shape", () => {
    const tree = [{ id: 1, children: [{ id: 2, children: [] }] }];
    expect(serialize(shape.tree(entity("Node", [w.int("pid", "id")])), tree)).toEqual([{ pid: 1, children: [{ pid: 2, children: [] }] }]);
    expect(serialize(shape.list(Sample), null)).toEqual([]);
  });
});

describe("bodies", () => {
  const form = (fields: Record<string, string | string[]>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
    return data;
  };

  test("wire names and accepted names become the domain's; read-only fields are dropped; others pass", () => {
    const { form: out, problems } = fromWire(
      Sample,
      form({ sale_state: "周三", saleState: "ignored", update_time: "x", extra: "kept", password: "p" }),
    );
    expect(problems).toEqual([]);
    expect([...out.entries()]).toEqual([
      ["sailingSchedule", "周三"],
      ["password", "p"],
      ["extra", "kept"],
    ]);
  });

  test.each([
    ["true", "on"],
    ["1", "on"],
    ["on", "on"],
    ["是", "on"],
    ["false", null],
    ["0", null],
    ["", null],
    ["否", null],
  ])("yes_no %j → %j", (value, expected) => {
    const { form: out, problems } = fromWire(Sample, form({ yes_no: value }));
    expect(problems).toEqual([]);
    expect(out.get("paused")).toBe(expected);
  });

  test("a boolean that is none is a problem named by its wire name", () => {
    expect(fromWire(Sample, form({ yes_no: "maybe" })).problems).toEqual([{ field: "yes_no", key: "api.wire.boolean" }]);
  });

  test("dates to days, a datetime split into its day and time, id lists repeated, values mapped", () => {
    const { form: out } = fromWire(
      Sample,
      form({ valid_to: "2027-6-30 12:00:00", valid_fm: "2027-01-01 08:30:00", view_st: "1,2", transportation: "海运整箱" }),
    );
    expect(out.get("validTo")).toBe("2027-06-30");
    expect(out.get("validFrom")).toBe("2027-01-01");
    expect(out.get("validFromTime")).toBe("08:30:00");
    expect(out.getAll("viewIds")).toEqual(["1", "2"]);
    expect(out.get("transportType")).toBe("FCL");
    expect(fromWire(Sample, form({ view_st: "[1,2]" })).form.getAll("viewIds")).toEqual(["1", "2"]);
  });
});

describe.each([
  ["fcl", "/data/fcl", "/data/editfcl", "fclRate"],
  ["lcl", "/data/lcl", "/data/editlcl", "lclRate"],
  ["trailer", "/data/trailer", "/data/edittrailer", "trailerRate"],
] as const)("%s: yes_no as the old client sends it", (_area, get, edit, model) => {
  async function row(token: string) {
    const first = await (prisma[model] as unknown as { findFirst(a: object): Promise<{ id: number }> }).findFirst({
      select: { id: true },
      orderBy: { id: "asc" },
    });
    return (await api("GET", `${get}/${first.id}`, { token })).body.data as Record<string, unknown>;
  }

  test.each([
    [true, "json", true],
    [false, "json", false],
    ["1", "form", true],
    ["0", "form", false],
    ["true", "form", true],
    ["false", "form", false],
    ["on", "form", true],
  ] as const)("%j (%s) is taken", async (value, encoding, paused) => {
    const token = await tokenOf("data@example.com");
    const before = await row(token);
    const body = { ...before, yes_no: value } as Record<string, string>;
    const result = await api("PUT", edit, {
      token,
      body: encoding === "json" ? body : Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === null ? "" : String(v)])),
      json: encoding === "json",
    });
    expect(result.body.status, JSON.stringify(result.body)).toBe(0);
    expect((await row(token)).yes_no).toBe(paused);
  });

  test("anything else is refused in the caller's language, and nothing changes", async () => {
    const token = await tokenOf("data@example.com");
    const before = await row(token);
    const zh = await api("PUT", edit, { token, body: { ...before, yes_no: "maybe" } as Record<string, string>, json: true });
    expect(zh.http).toBe(400);
    expect(zh.body.message).toBe("yes_no 应为 true 或 false（也可为 1/0、是/否）");
    expect(zh.body.data.fieldErrors).toEqual({ yes_no: ["yes_no 应为 true 或 false（也可为 1/0、是/否）"] });
    const en = await api("PUT", edit, {
      token,
      query: { lng: "en-US" },
      body: { ...before, yes_no: "maybe" } as Record<string, string>,
      json: true,
    });
    expect(en.body.message).toBe("yes_no must be true or false (or 1/0, yes/no)");
    expect(await row(token)).toEqual(before);
  });

  test("a bad date is refused with the field's own message under its wire name", async () => {
    const token = await tokenOf("data@example.com");
    const before = await row(token);
    const result = await api("PUT", edit, { token, body: { ...before, valid_to: "2027-02-30" } as Record<string, string>, json: true });
    expect(result.http).toBe(400);
    expect(Object.keys(result.body.data.fieldErrors)).toEqual(["valid_to"]);
    expect(result.body.message).not.toMatch(/^[a-z]+\.[A-Za-z.]+$/);
    expect(await row(token)).toEqual(before);
  });
});

test("FCL markup takes the nine prices under the row's names (20GP_T0 …)", async () => {
  const token = await tokenOf("data@example.com");
  const { id } = await prisma.fclRate.findFirstOrThrow({ where: { gp20T0: { not: null }, hq40T2: { not: null } }, select: { id: true } });
  const before = (await api("GET", `/data/fcl/${id}`, { token })).body.data;
  const result = await api("PUT", "/data/markupfcl", { token, body: { ids: String(id), "20GP_T0": "10", "40HQ_T2": "2.50" } });
  expect(result.body, JSON.stringify(result.body)).toMatchObject({ status: 0, data: { count: 1 } });
  const after = (await api("GET", `/data/fcl/${id}`, { token })).body.data;
  expect(Number(after["20GP_T0"])).toBeCloseTo(Number(before["20GP_T0"]) + 10, 2);
  expect(Number(after["40HQ_T2"])).toBeCloseTo(Number(before["40HQ_T2"]) + 2.5, 2);
  expect(after["40GP_T1"]).toBe(before["40GP_T1"]);
});
