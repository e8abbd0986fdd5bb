// infoString, the rows of the addmore* calls: the old client's "one joined
// string of quoted value tuples" beside JSON (data-maintenance.md 5; the
// reading is decision 501). Parser units, then the calls end to end: what
// is sent is what is stored, and the air import keeps its first row.
import { parseInfoString, parseTuples } from "~/api/contract/infostring";
import { flushBackground } from "~/domain/rates/background.server";
import { prisma } from "~/utils/db.server";
import { api, tokenOf } from "./helpers";

afterEach(async () => {
  await flushBackground();
});

describe("the tuple form", () => {
  test("quoting: single or double quotes, unquoted words", () => {
    expect(parseTuples(`('a',"b",c,12.5)`)).toEqual([["a", "b", "c", "12.5"]]);
  });

  test("commas and parentheses inside a quoted value are text", () => {
    expect(parseTuples(`('SHANGHAI, CN','(via) BUSAN'),('x','y')`)).toEqual([
      ["SHANGHAI, CN", "(via) BUSAN"],
      ["x", "y"],
    ]);
  });

  test("quotes inside a value: doubled, backslash-escaped, or the other quote", () => {
    expect(parseTuples(`('O''Brien','it\\'s','say "hi"',"d""q",'back\\\\slash','line\\nbreak')`)).toEqual([
      ["O'Brien", "it's", 'say "hi"', 'd"q', "back\\slash", "line\nbreak"],
    ]);
  });

  test("NULL and '' are empty cells; 'NULL' quoted is the text", () => {
    expect(parseTuples(`(NULL,null,'','NULL')`)).toEqual([[null, null, null, "NULL"]]);
  });

  test("whitespace between tokens, a final semicolon", () => {
    expect(parseTuples(` ( 'a' , 'b' ) ,\n( 'c','d' ) ;`)).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  test.each([
    [`('a','b'`, 9],
    [`('a' 'b')`, 6],
    [`('a'),`, 7],
    [`('a')('b')`, 6],
    [`()`, 2],
    [`('unterminated)`, 16],
  ])("%s is refused at character %i", (text, position) => {
    expect(parseInfoString([text], ["a", "b"])).toEqual({ ok: false, key: "api.infoString.syntax", values: { position } });
  });

  test("text that is neither tuples nor JSON is refused", () => {
    expect(parseInfoString([`x('a')`], ["a"])).toEqual({ ok: false, key: "api.badInfoString" });
  });

  test("positional: the headers given, and every tuple of their length", () => {
    const result = parseInfoString([`('1','x'),('2',NULL)`], ["id", "pol"]);
    expect(result).toEqual({
      ok: true,
      sheet: {
        firstRow: 1,
        rows: [
          ["id", "pol"],
          ["1", "x"],
          ["2", null],
        ],
      },
    });
    expect(parseInfoString([`('1','x','extra')`], ["id", "pol"])).toEqual({
      ok: false,
      key: "api.infoString.arity",
      values: { row: 1, got: 3, expected: 2 },
    });
  });
});

describe("the JSON form", () => {
  test("an array of rows keyed by name; missing keys are empty", () => {
    const result = parseInfoString(
      [
        JSON.stringify([
          { pol: "A", pod: "B" },
          { pol: "C", remark: "r" },
        ]),
      ],
      ["id"],
    );
    expect(result).toEqual({
      ok: true,
      sheet: {
        firstRow: 1,
        rows: [
          ["pol", "pod", "remark"],
          ["A", "B", null],
          ["C", null, "r"],
        ],
      },
    });
  });

  test("an array of arrays is positional, as the tuples", () => {
    expect(parseInfoString([JSON.stringify([["1", "x"]])], ["id", "pol"])).toEqual({
      ok: true,
      sheet: {
        firstRow: 1,
        rows: [
          ["id", "pol"],
          ["1", "x"],
        ],
      },
    });
  });

  test("a JSON body's array arrives as one value per row", () => {
    const result = parseInfoString([JSON.stringify({ pol: "A" }), JSON.stringify({ pol: "B" })], []);
    expect(result).toEqual({ ok: true, sheet: { firstRow: 1, rows: [["pol"], ["A"], ["B"]] } });
  });

  test.each([["not json"], ["[1,2]"], ['[{"a":{"nested":1}}]'], ["[]"]])("%s is refused", (text) => {
    expect(parseInfoString([text], ["a"]).ok).toBe(false);
  });
});

describe("addmore* with the old client's tuples", () => {
  const header =
    "id,pol,pod,40coc_T0,40soc_T0,20coc_T0,20soc_T0,2_20soc_T0,40coc_T1,40soc_T1,20coc_T1,20soc_T1,2_20soc_T1,40coc_T2,40soc_T2,20coc_T2,20soc_T2,2_20soc_T2,currency,squad,t_t,valid_to,remark,update_time".split(
      ",",
    );

  test("rail rows: quotes, commas, NULL and empty values are stored as sent", async () => {
    const token = await tokenOf("data@example.com");
    const prices = Array.from({ length: 15 }, (_, i) => `'${1000 + i}.50'`).join(",");
    const infoString = [
      `(800001,'西安','阿拉山口',${prices},'USD','X8001, 周三','12天','2027-06-30','含逗号, 和''引号"','2026-11-20 10:11:12')`,
      `(800002,'成都','霍尔果斯',${prices},NULL,'','15',"2027-06-30",NULL,NULL)`,
    ].join(",");
    const result = await api("POST", "/data/addmorerailroad", { token, body: { infoString } });
    expect(result.body, JSON.stringify(result.body)).toMatchObject({ status: 0, data: { rows: 2, inserted: 2 } });
    const first = (await api("GET", "/data/railroad/800001", { token })).body.data;
    expect(Object.keys(first)).toEqual(header);
    expect(first).toMatchObject({
      pol: "西安",
      pod: "阿拉山口",
      "40coc_T0": "1000.50",
      "2_20soc_T2": "1014.50",
      squad: "X8001, 周三",
      remark: `含逗号, 和'引号"`,
      update_time: "2026-11-20 10:11:12",
    });
    const second = (await api("GET", "/data/railroad/800002", { token })).body.data;
    // NULL and '' are empty; an empty currency takes the column's default.
    expect(second).toMatchObject({ currency: "USD", squad: null, remark: null, valid_to: "2027-06-30" });
  });

  test("a wrong tuple is refused in the caller's language and nothing is stored", async () => {
    const token = await tokenOf("data@example.com");
    const before = await prisma.railRate.count();
    const short = await api("POST", "/data/addmorerailroad", { token, query: { lng: "en-US" }, body: { infoString: `('1','西安')` } });
    expect(short.http).toBe(400);
    expect(short.body.message).toBe(`infoString tuple 1 has 2 values; ${header.length} expected (in the order of the export headers)`);
    const broken = await api("POST", "/data/addmorerailroad", { token, body: { infoString: `('1','西安'` } });
    expect(broken.body.message).toBe("infoString 第 10 个字符附近格式不正确：应为 ('值','值',…),(…) 或 JSON 数组");
    const badDate = await api("POST", "/data/addmorerailroad", {
      token,
      body: { infoString: JSON.stringify([{ pol: "西安", pod: "阿拉山口", valid_to: "2027-02-30" }]) },
    });
    expect(badDate.body.status).toBe(1);
    expect(badDate.body.data.problems[0].message).toBe(badDate.body.message);
    expect(JSON.stringify(badDate.body)).not.toMatch(/\{\{/);
    expect(await prisma.railRate.count()).toBe(before);
  });

  test("addmorebyair keeps its first row: the spec drops the first data row of the uploaded FILE, not of infoString", async () => {
    const token = await tokenOf("data@example.com");
    // The standard file's +130/+2000/+3000 kg breaks are all there.
    const extras = Object.fromEntries(
      ["bulk", "tray"].flatMap((g) => [130, 2000, 3000].flatMap((kg) => ["t0", "t1", "t2"].map((t) => [`${g}_${kg}_${t}`, "9.00"]))),
    );
    const rows = ["FIRSTROW-ZZ", "SECONDROW-ZZ"].map((pod) => ({
      pol: "PVG",
      pod,
      yxq: "2027-01-01至2027-12-31",
      bulk_45_t0: "10.00",
      ...extras,
    }));
    const result = await api("POST", "/data/addmorebyair", { token, body: { infoString: JSON.stringify(rows) } });
    expect(result.body, JSON.stringify(result.body)).toMatchObject({ status: 0, data: { rows: 2, inserted: 2 } });
    const stored = await prisma.airRate.findMany({ where: { pod: { in: ["FIRSTROW-ZZ", "SECONDROW-ZZ"] } }, select: { pod: true } });
    expect(stored.map((r) => r.pod).sort()).toEqual(["FIRSTROW-ZZ", "SECONDROW-ZZ"]);
  });
});
