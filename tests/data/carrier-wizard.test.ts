// The import wizard (issue 40): each kind of carrier sheet, as .xlsx and .xls,
// uploaded, mapped on the wizard's page (the no-JavaScript form: every step
// is a POST of the one form), previewed through the one preview and
// committed; the mapping saved as a source and the next week's sheet of the
// same layout recognised and previewed at once, its rows updating the
// stored rates instead of doubling them.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as fcl from "~/routes/backoffice/data-area";
import { fclArea } from "~/domain/data-areas";
import { parseWorkbookInWorker } from "~/domain/import-export/sheet-worker.server";
import { detectLayout, emptyMapping, mappingProblems } from "~/domain/import-export/source-layout.server";
import type { WizardView } from "~/domain/import-export/wizard.server";
import { prisma } from "~/utils/db.server";
import { loginAs } from "../support/requests";
import { render, visibleText } from "../support/render";
import {
  agentSheet,
  bilingualSheet,
  chineseNotice,
  tabPeriodsSheet,
  currencyInPricesSheet,
  englishSheet,
  hiddenPartsSheet,
  mergedLanesSheet,
  messySheet,
  periodSheet,
  portListsSheet,
  pricesInOneCellSheet,
  titleValiditySheet,
  withUnsavedFormulas,
  type Book,
  workbookBytes,
  yearlessValiditySheet,
  type FixtureRate,
} from "../support/carrier-sheets";
import { flashOf, headers, load, post, rowOf, uploadTo } from "./helpers";
import { formatDate, todayInShanghai } from "~/utils/dates";
import { lclCharge } from "~/domain/pricing/lcl";

let cookie: string;
beforeAll(async () => {
  cookie = await loginAs("data@example.com");
});

const PATH = "/fclbyseaData";

async function startWizard(bytes: Uint8Array, name: string) {
  const result = await uploadTo(fcl, PATH, cookie, bytes, name, "wizard");
  expect(result.status, JSON.stringify(result.data)).toBe(302);
  return result.headers.get("Location") ?? "";
}

const idIn = (location: string, param: "wizard" | "preview") => new RegExp(`${param}=([0-9a-f-]{36})`).exec(location)?.[1] ?? "";

async function wizardPage(id: string): Promise<WizardView> {
  const page = await load(fcl, PATH, cookie, { wizard: id });
  expect(page.data.wizard.gone).toBe(false);
  return page.data.wizard as WizardView;
}

/** The wizard's form as its page fills it, with `changes` (column label → target; field → value) applied. */
function formOf(view: WizardView, columns: Record<string, string>, fields: Record<string, string>): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {
    previewId: view.id,
    tabsShown: "1",
    tabs: view.tabs.filter((t) => t.chosen).map((t) => t.name),
  };
  view.columns.forEach((column, i) => {
    form[`k${i}`] = column.key;
    form[`c${i}`] = columns[column.label] ?? column.target ?? "";
  });
  for (const [key, value] of Object.entries(view.fixed)) form[`fixed.${key}`] = String(value);
  form.saveAs = view.saveAs;
  form.headerRow = view.header ? String(view.header.row) : "";
  form.headerRows = String(view.header?.rows ?? 1);
  if (view.profile) form.profile = String(view.profile.id);
  return { ...form, ...fields };
}

/** A sheet through the wizard straight to its preview, with the wizard's own choices and `fields`: the preview's id and page. */
async function previewOf(bytes: Uint8Array, name: string, fields: Record<string, string>) {
  const id = idIn(await startWizard(bytes, name), "wizard");
  const previewed = await post(fcl, PATH, cookie, { intent: "wizardPreview", ...formOf(await wizardPage(id), {}, fields) });
  const previewId = idIn(previewed.headers.get("Location") ?? "", "preview");
  return { previewId, page: (await load(fcl, PATH, cookie, { preview: previewId })).data.preview };
}

/** The wizard's form as the page renders it carries the checkbox `name` and the marker saying it was shown (how an unticked box is told from one not offered, without JavaScript). */
function offersCheckbox(html: string, name: string): boolean {
  const inputs = html.match(/<input\b[^>]*>/g) ?? [];
  const has = (type: string, field: string) => inputs.some((tag) => tag.includes(`type="${type}"`) && tag.includes(`name="${field}"`));
  return has("checkbox", name) && has("hidden", `${name}Shown`);
}

/** The preview page's form offers the tick that accepts `decision` (a checkbox named accept with that value, labelled). */
function offersDecision(html: string, decision: string): boolean {
  const box = (html.match(/<input\b[^>]*>/g) ?? []).find(
    (tag) => tag.includes('type="checkbox"') && tag.includes('name="accept"') && tag.includes(`value="${decision}"`),
  );
  const id = box ? /\bid="([^"]+)"/.exec(box)?.[1] : undefined;
  return !!id && html.includes(`for="${id}"`);
}

async function commit(previewId: string, accept: string[] = []) {
  const result = await post(fcl, PATH, cookie, { intent: "commitPreview", previewId, ...(accept.length ? { accept } : {}) });
  expect(result.status).toBe(302);
  return flashOf(result, cookie);
}

async function expectRates(rates: FixtureRate[], carrier?: string) {
  for (const rate of rates) {
    const rows = await prisma.fclRate.findMany({
      where: { pol: rate.pol, pod: rate.pod, carrier: rate.carrier ?? carrier, validFrom: new Date(rate.from), validTo: new Date(rate.to) },
    });
    expect(rows, `${rate.pol} → ${rate.pod} ${rate.from}`).toHaveLength(1);
    const [row] = rows;
    expect([Number(row.gp20T1), Number(row.gp40T1), Number(row.hq40T1)]).toEqual([rate.gp20, rate.gp40, rate.hq40]);
  }
}

describe("the layout of each kind of sheet is found", () => {
  it.each(["xlsx", "xls"] as const)(
    "the Chinese notice (%s): header on rows 4-5 under two title lines, a tab per lane, BAF and EBS price-like",
    async (book) => {
      const { tabs } = await parseWorkbookInWorker(chineseNotice(book).bytes);
      const layout = detectLayout(fclArea, tabs);
      expect(layout.tabs.map((t) => [t.name, t.headerRow, t.headerRows])).toEqual([
        ["欧洲线", 4, 2],
        ["地中海线", 4, 2],
      ]);
      const auto = Object.fromEntries(layout.keys.map((k) => [k.label, k.auto]));
      expect(auto).toMatchObject({
        起运港: "pol",
        目的港: "pod",
        "目的港（英文）": null,
        船期: "sailingSchedule",
        "20GP": "price:gp20",
        "40HQ": "price:hq40",
        "THC(RMB)": "thc",
        "有效期 / 开始": "validFrom",
        "有效期 / 截止": "validTo",
        "中转/直达": "via",
        "航程(天)": "transitTime",
        备注: "remark",
        BAF: null,
      });
      const problems = mappingProblems(fclArea, layout, emptyMapping()).map((p) => [p.key, p.values?.column]);
      expect(problems).toEqual(
        expect.arrayContaining([
          ["wizard.problem.unmappedPrice", "BAF"],
          ["wizard.problem.unmappedPrice", "EBS"],
          ["wizard.problem.tier", undefined],
        ]),
      );
    },
  );

  it.each(["xlsx", "xls"] as const)("two validity periods side by side (%s) become a row per period", async (book) => {
    const { tabs } = await parseWorkbookInWorker(periodSheet(book).bytes);
    const layout = detectLayout(fclArea, tabs);
    expect(layout.tabs[0]).toMatchObject({ headerRow: 1, headerRows: 2, rows: 2 });
    expect(layout.tabs[0].periods).toHaveLength(2);
  });
});

type Kind = {
  name: string;
  make: (book: Book) => { bytes: Uint8Array; rates: FixtureRate[] };
  columns: Record<string, string>;
  fields: Record<string, string>;
  carrier?: string;
};
const KINDS: Kind[] = [
  {
    name: "Chinese notice",
    make: (book) => chineseNotice(book),
    // The clerk: BAF and EBS are not imported, the English destination instead of the Chinese one, the carrier fixed.
    columns: { BAF: "ignore", EBS: "ignore", 目的港: "ignore", "目的港（英文）": "pod", 航线代码: "ignore" },
    fields: { "fixed.carrier": "COSCO", "fixed.tier": "all", saveAs: "中远海运 运价通知" },
    carrier: "COSCO",
  },
  { name: "agent sheet", make: (book) => agentSheet(book), columns: {}, fields: { "fixed.tier": "all", saveAs: "深圳环球" } },
  { name: "periods side by side", make: (book) => periodSheet(book), columns: {}, fields: { "fixed.tier": "all", saveAs: "CMA periods" } },
  { name: "plain English sheet", make: (book) => englishSheet(book), columns: {}, fields: { "fixed.tier": "all", saveAs: "COSCO weekly" } },
  {
    name: "ports, carriers and validity merged over their lanes",
    make: (book) => mergedLanesSheet(book),
    columns: {},
    fields: { "fixed.tier": "all", saveAs: "Grouped lanes" },
  },
  {
    name: "the validity in one cell without its year",
    make: (book) => yearlessValiditySheet(book),
    columns: {},
    fields: { "fixed.tier": "all", saveAs: "Notice without years" },
  },
  {
    name: "the validity stated once in the title",
    make: (book) => titleValiditySheet(book),
    columns: {},
    fields: { "fixed.tier": "all", saveAs: "MSC notice" },
  },
  {
    name: "several ports in one cell",
    make: (book) => portListsSheet(book),
    columns: {},
    fields: { "fixed.tier": "all", saveAs: "Base ports" },
  },
  {
    name: "the three sizes' prices in one cell",
    make: (book) => pricesInOneCellSheet(book),
    columns: {},
    fields: { "fixed.tier": "all", saveAs: "Chat paste" },
  },
  {
    name: "prices written with their currency",
    make: (book) => currencyInPricesSheet(book),
    columns: {},
    fields: { "fixed.tier": "all", saveAs: "Agent with symbols" },
  },
  {
    name: "free text and full width",
    make: (book) => messySheet(book),
    columns: {},
    fields: { "fixed.tier": "all", saveAs: "Hand typed" },
  },
  {
    // Headers in both languages, "O/F 40'", days day-first (the clerk's word, kept with the source), local charges in a tab of their own.
    name: "a bilingual workbook with its local charges",
    make: (book) => bilingualSheet(book),
    columns: {},
    fields: { "fixed.tier": "all", dateOrder: "dmy", saveAs: "Xiamen agent" },
  },
  {
    name: "a tab per half-month, named by its days",
    make: (book) => tabPeriodsSheet(book),
    columns: {},
    fields: { "fixed.tier": "all", saveAs: "Gulf half-months" },
  },
];

describe.each(["xlsx", "xls"] as const)("each kind of carrier sheet through the wizard (%s), without JavaScript", (book) => {
  it.each(KINDS.map((k) => [k.name, k] as const))("%s: mapped, previewed, committed, then recognised next week", async (_name, kind) => {
    await prisma.importSourceProfile.deleteMany({});
    const { bytes, rates } = kind.make(book);
    const location = await startWizard(bytes, `${kind.name}.${book}`);
    const wizardId = idIn(location, "wizard");
    expect(wizardId, location).not.toBe("");
    const view = await wizardPage(wizardId);

    // Step by step: "Apply and refresh" keeps the choices, the page shows what is left to decide.
    const applied = await post(fcl, PATH, cookie, { intent: "wizardApply", ...formOf(view, kind.columns, kind.fields) });
    expect(applied.status).toBe(302);
    expect(applied.headers.get("Location")).toBe(`${PATH}?wizard=${wizardId}`);
    expect((await wizardPage(wizardId)).problems).toEqual([]);

    const previewed = await post(fcl, PATH, cookie, { intent: "wizardPreview", ...formOf(await wizardPage(wizardId), {}, {}) });
    expect(previewed.status).toBe(302);
    const previewId = idIn(previewed.headers.get("Location") ?? "", "preview");
    expect(previewId, previewed.headers.get("Location") ?? "").not.toBe("");
    const page = (await load(fcl, PATH, cookie, { preview: previewId })).data.preview;
    expect(page.summary.counts).toMatchObject({ new: rates.length, refused: 0 });
    expect(page.summary.problems).toEqual([]);
    // Every row shown with its values and where it came from.
    expect(page.rows[0].origin).toMatch(/ · \d+/);
    expect(page.source).toMatchObject({ wizard: wizardId, profile: { name: kind.fields.saveAs } });
    expect(await commit(previewId)).toMatchObject({ type: "success", values: { inserted: rates.length } });
    await expectRates(rates, kind.carrier);

    // Next week: the same layout, recognised by its headers, straight to the preview; its rows update the stored ones.
    const again = await startWizard(kind.make(book).bytes, `${kind.name} next week.${book}`);
    const nextId = idIn(again, "preview");
    expect(nextId, again).not.toBe("");
    const next = (await load(fcl, PATH, cookie, { preview: nextId })).data.preview;
    expect(next.summary.counts).toMatchObject({ new: 0, refused: 0, unchanged: rates.length });
    expect(next.summary.sameRate).toBe(rates.length);
    expect(next.summary.decisions?.repeat).toBeDefined();
    expect(offersDecision((await render(PATH, { preview: nextId }, { cookie })).html, "repeat")).toBe(true);
    await prisma.importPreview.deleteMany({ where: { id: nextId } });
    await prisma.fclRate.deleteMany({ where: { OR: rates.map((r) => ({ pol: r.pol, pod: r.pod, validFrom: new Date(r.from) })) } });
  });
});

describe("the wizard never loses data without a word", () => {
  // No saved source recognises these sheets: each opens the wizard.
  beforeEach(() => prisma.importSourceProfile.deleteMany({}));
  it("a price-looking column left unmapped keeps the preview from being made, naming it", async () => {
    const location = await startWizard(chineseNotice().bytes, "notice.xlsx");
    const id = idIn(location, "wizard");
    const view = await wizardPage(id);
    const result = await post(fcl, PATH, cookie, {
      intent: "wizardPreview",
      ...formOf(view, {}, { "fixed.carrier": "COSCO", "fixed.tier": "all" }),
    });
    expect(result.headers.get("Location")).toBe(`${PATH}?wizard=${id}`);
    // The flash says something is left to decide; the wizard's page names it.
    expect(await flashOf(result, cookie)).toMatchObject({ key: "wizard.msg.undecided" });
    expect((await wizardPage(id)).problems.map((p) => p.values?.column)).toEqual(expect.arrayContaining(["BAF", "EBS"]));
  });

  it.each(["xlsx", "xls"] as const)(
    "what the sender hid (%s): a hidden column is never matched by its name, a hidden row is named and not imported",
    async (book) => {
      const { bytes, rates, withdrawn } = hiddenPartsSheet(book);
      const id = idIn(await startWizard(bytes, `hidden.${book}`), "wizard");
      const view = await wizardPage(id);
      const column = (label: string) => view.columns.find((c) => c.label === label);
      // Last week's 20GP, hidden, does not take this week's place; it still has to be decided on, by name.
      expect(column("20GP (last week)")).toMatchObject({ hidden: true, auto: null, priceLike: true });
      expect(column("20GP")).toMatchObject({ hidden: false, auto: "price:gp20" });
      const refused = await post(fcl, PATH, cookie, { intent: "wizardPreview", ...formOf(view, {}, { "fixed.tier": "all" }) });
      expect(await flashOf(refused, cookie)).toMatchObject({ key: "wizard.msg.undecided" });
      expect((await wizardPage(id)).problems).toContainEqual({
        key: "wizard.problem.unmappedPrice",
        values: { column: "20GP (last week)" },
      });
      // SheetJS writes hidden rows to .xlsx only: the .xls has all three lanes in view.
      const hiddenRows = book === "xlsx" ? 1 : 0;
      expect(view.tabs[0]).toMatchObject({ rows: 3, hiddenRows });

      const previewed = await post(fcl, PATH, cookie, {
        intent: "wizardPreview",
        ...formOf(view, { "20GP (last week)": "ignore" }, { "fixed.tier": "all" }),
      });
      const previewId = idIn(previewed.headers.get("Location") ?? "", "preview");
      const page = (await load(fcl, PATH, cookie, { preview: previewId })).data.preview;
      expect(page.summary.counts).toMatchObject({ new: 3 - hiddenRows, refused: 0 });
      if (hiddenRows) {
        // The clerk reads it on the wizard's and the preview's pages, in either language.
        for (const [lng, said] of [
          [
            "zh-CN",
            [
              /20GP \(last week\)[^·]{0,40}在工作簿中隐藏/,
              "其中 1 行在工作簿中被隐藏，不导入",
              "以下行在工作簿中被隐藏",
              /Sheet1 · 3\s*:\s*QINGDAO SEATTLE/,
            ],
          ],
          [
            "en-US",
            [
              /20GP \(last week\)[^·]{0,40}hidden in the workbook/,
              "rows hidden in the workbook, not imported: 1",
              "These rows are hidden in the workbook",
              /Sheet1 · 3\s*:\s*QINGDAO SEATTLE/,
            ],
          ],
        ] as const) {
          const wizardText = visibleText((await render(PATH, { wizard: id, lng }, { cookie })).html);
          const previewText = visibleText((await render(PATH, { preview: previewId, lng }, { cookie })).html);
          // The column's name, its tags (looks like a price, hidden), then its samples.
          expect(wizardText).toMatch(said[0]);
          expect(wizardText).toContain(said[1]);
          expect(previewText).toContain(said[2]);
          expect(previewText).toMatch(said[3]);
        }
      }
      if (hiddenRows)
        expect(page.summary.hiddenRows).toEqual([{ at: "Sheet1 · 3", text: expect.stringContaining("QINGDAO SEATTLE COSCO") }]);
      else expect(page.summary.hiddenRows).toBeUndefined();
      expect(await commit(previewId)).toMatchObject({ type: "success", values: { inserted: 3 - hiddenRows } });
      await expectRates(hiddenRows ? rates : [...rates, withdrawn]);
      expect(await prisma.fclRate.count({ where: { pol: withdrawn.pol, pod: withdrawn.pod } })).toBe(1 - hiddenRows);
      await prisma.fclRate.deleteMany({ where: { pol: "QINGDAO", pod: { in: [...rates, withdrawn].map((r) => r.pod) } } });
    },
  );

  it("a price in another currency than its table's or its row's refuses the row, naming both", async () => {
    const validity = { from: "2026/12/01", to: "2026/12/31" };
    const bytes = workbookBytes([
      {
        name: "Sheet1",
        rows: [
          ["POL", "POD", "Carrier", "20GP", "40GP", "40HC", "Valid From", "Valid To"],
          ["QINGDAO", "LONG BEACH", "COSCO", "RMB 11,800", "RMB 14,600", "RMB 15,300", validity.from, validity.to],
          ["QINGDAO", "OAKLAND", "COSCO", "USD 1700", "EUR 1,900", "USD 2220", validity.from, validity.to],
          ["QINGDAO", "SEATTLE", "COSCO", "USD 1710", "USD 2130", "2230", validity.from, validity.to],
        ],
      },
    ]);
    const { previewId, page } = await previewOf(bytes, "currencies.xlsx", { "fixed.tier": "T1" });
    expect(page.summary.counts).toMatchObject({ new: 1, refused: 2 });
    expect(page.summary.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: "wizard.row.tableCurrency", values: { row: 2, value: "CNY", currency: "USD" } }),
        expect.objectContaining({ key: "wizard.row.priceCurrency", values: { row: 3, value: "EUR", currency: "USD" } }),
      ]),
    );
    await prisma.importPreview.deleteMany({ where: { id: previewId } });
  });

  it("a validity stated once in the title is shown on the tab and dates its rows; the clerk's fixed dates are this file's only", async () => {
    await prisma.importSourceProfile.deleteMany({});
    const { bytes, rates } = titleValiditySheet();
    const id = idIn(await startWizard(bytes, "title.xlsx"), "wizard");
    expect((await wizardPage(id)).tabs[0].titlePeriod).toEqual({ from: rates[0].from, to: rates[0].to, inName: false });
    for (const [lng, said] of [
      ["zh-CN", `标题中的有效期 ${rates[0].from} 至 ${rates[0].to}`],
      ["en-US", `validity in the title: ${rates[0].from} to ${rates[0].to}`],
    ] as const)
      expect(visibleText((await render(PATH, { wizard: id, lng }, { cookie })).html)).toContain(said);

    // A sheet that dates nothing: the clerk fixes this week's validity and saves the source.
    const undated = (gp20: number) =>
      workbookBytes([
        {
          name: "Sheet1",
          rows: [
            ["POL", "POD", "Carrier", "20GP", "40GP", "40HC"],
            ["QINGDAO", "TACOMA", "COSCO", gp20, 2050, 2150],
          ],
        },
      ]);
    const week = { "fixed.validFrom": "2026-12-01", "fixed.validTo": "2026-12-07", "fixed.tier": "all", saveAs: "Undated weekly" };
    const first = await previewOf(undated(1650), "week 1.xlsx", week);
    expect(first.page.rows[0].values).toEqual(expect.arrayContaining(["2026-12-01", "2026-12-07"]));
    const saved = await prisma.importSourceProfile.findFirstOrThrow({ where: { name: "Undated weekly" } });
    expect((saved.mapping as { fixed: object }).fixed).toEqual({ tier: "all" });
    // Next week's sheet is recognised, but is not dated with last week's days: the wizard asks for them.
    const next = await startWizard(undated(1700), "week 2.xlsx");
    expect(idIn(next, "preview"), next).toBe("");
    const view = await wizardPage(idIn(next, "wizard"));
    expect(view.profile?.name).toBe("Undated weekly");
    expect(view.fixed).toEqual({ tier: "all" });
    expect(view.problems).toEqual([{ key: "wizard.problem.required", values: { fields: "validFrom, validTo" } }]);
    // …by the columns' names, as the selects show them.
    for (const [lng, said] of [
      ["zh-CN", "以下字段没有对应的列或固定值：生效日期、有效期至"],
      ["en-US", "Valid from, Valid to"],
    ] as const)
      expect(visibleText((await render(PATH, { wizard: view.id, lng }, { cookie })).html)).toContain(said);
    await prisma.importPreview.deleteMany({ where: { id: first.previewId } });
  });

  it("a tab named by its days ('1126-1209') dates the rows that give none, and the wizard says so in either language", async () => {
    await prisma.importSourceProfile.deleteMany({});
    const { bytes, rates } = tabPeriodsSheet();
    const id = idIn(await startWizard(bytes, "halves.xlsx"), "wizard");
    const view = await wizardPage(id);
    expect(view.tabs.map((t) => t.titlePeriod)).toEqual([
      { from: rates[0].from, to: rates[0].to, inName: true },
      { from: rates[2].from, to: rates[2].to, inName: true },
    ]);
    expect(view.problems.map((p) => p.key)).toEqual(["wizard.problem.tier"]);
    for (const [lng, said] of [
      ["zh-CN", `工作表名称中的有效期 ${rates[0].from} 至 ${rates[0].to}`],
      ["en-US", `validity in the tab's name: ${rates[0].from} to ${rates[0].to}`],
    ] as const)
      expect(visibleText((await render(PATH, { wizard: id, lng }, { cookie })).html)).toContain(said);
  });

  it("a row for several ports is split only when each is a port, and the preview names it in either language", async () => {
    const bytes = workbookBytes([
      {
        name: "Sheet1",
        rows: [
          ["POL", "POD", "Carrier", "20GP", "40GP", "40HC", "Valid From", "Valid To"],
          ["SHANGHAI / NINGBO", "HAMBURG", "MSC", 1150, 2100, 2200, "2026/12/01", "2026/12/31"],
          ["SHANGHAI", "HAMBURG/MEISHAN WHARF 3", "MSC", 1150, 2100, 2200, "2026/12/01", "2026/12/31"],
        ],
      },
    ]);
    const { previewId, page } = await previewOf(bytes, "lists.xlsx", { "fixed.tier": "T1" });
    expect(page.summary.counts).toMatchObject({ new: 3, refused: 0 });
    expect(page.summary.portLists).toEqual([{ at: "Sheet1 · 2", text: "SHANGHAI / NINGBO → HAMBURG (2)" }]);
    // Not every part a port: kept as written, and named among the names customers will not find.
    expect(page.summary.unfound).toBe(1);
    for (const [lng, said] of [
      ["zh-CN", "已按每一对起运港和目的港各导入一条相同价格的运价"],
      ["en-US", "each pair of port of loading and destination is imported as a rate of its own"],
    ] as const) {
      const text = visibleText((await render(PATH, { preview: previewId, lng }, { cookie })).html);
      expect(text).toContain(said);
      expect(text).toMatch(/Sheet1 · 2\s*:\s*SHANGHAI \/ NINGBO → HAMBURG \(2\)/);
    }
    await prisma.importPreview.deleteMany({ where: { id: previewId } });
  });

  it("prices split by / in one cell: a size not offered stays empty, a wrong count refuses the row, and such a column is never passed over", async () => {
    const header = ["POL", "POD", "Carrier", "20'GP", "40'GP/40'HQ", "Valid From", "Valid To"];
    const bytes = workbookBytes([
      {
        name: "Sheet1",
        rows: [
          header,
          ["DALIAN", "VANCOUVER", "ONE", 1650, "2050/2150", "2026/12/01", "2026/12/31"],
          ["DALIAN", "SEATTLE", "ONE", 1660, "-/2160", "2026/12/01", "2026/12/31"],
          ["DALIAN", "TACOMA", "ONE", 1670, "2170", "2026/12/01", "2026/12/31"],
        ],
      },
    ]);
    // Before, "40'GP/40'HQ" matched nothing and looked like no price: the file imported its 20GP alone, without a word.
    const id = idIn(await startWizard(bytes, "split.xlsx"), "wizard");
    const view = await wizardPage(id);
    // Looking like a price, it would keep the preview from being made while unmapped, as any price column does.
    expect(view.columns.find((c) => c.label === "40'GP/40'HQ")).toMatchObject({ auto: "prices:gp40/hq40", priceLike: true });
    for (const [lng, said] of [
      ["zh-CN", "40GP / 40HQ（一个单元格中以 / 分隔，写入所选等级） (自动识别)"],
      ["en-US", "40GP / 40HQ (in one cell, split by /; into the tiers chosen) (matched by its name)"],
    ] as const)
      expect(visibleText((await render(PATH, { wizard: id, lng }, { cookie })).html)).toContain(said);
    const { previewId, page } = await previewOf(bytes, "split again.xlsx", { "fixed.tier": "T1" });
    expect(page.summary.counts).toMatchObject({ new: 2, refused: 1 });
    expect(page.summary.problems).toContainEqual(
      expect.objectContaining({ key: "wizard.row.priceParts", values: { row: 4, value: "2170", count: 2 } }),
    );
    const rows = new Map(page.rows.map((row: { values: unknown[] }) => [row.values[1], row.values]));
    expect(rows.get("VANCOUVER")).toEqual(expect.arrayContaining(["1650.00", "2050.00", "2150.00"]));
    expect(rows.get("SEATTLE")).toEqual(expect.arrayContaining(["1660.00", "2160.00"]));
    expect(rows.get("SEATTLE")).not.toContain("2050.00");
    await prisma.importPreview.deleteMany({ where: { id: previewId } });
  });

  it("carriers' tables stacked in one tab: each header after the first is no rate, and the titles are named as notes", async () => {
    const validity = { from: "2026/12/01", to: "2026/12/31" };
    const header = ["POL", "POD", "Carrier", "20GP", "40GP", "40HC", "Valid From", "Valid To"];
    const bytes = workbookBytes([
      {
        name: "Sheet1",
        rows: [
          ["MSC"],
          header,
          ["QINGDAO", "LONG BEACH", "MSC", 1650, 2050, 2150, validity.from, validity.to],
          [],
          ["CMA CGM"],
          header,
          ["QINGDAO", "OAKLAND", "CMA CGM", 1700, 2120, 2220, validity.from, validity.to],
        ],
      },
    ]);
    const { previewId, page } = await previewOf(bytes, "stacked.xlsx", { "fixed.tier": "T1" });
    expect(page.summary.counts).toMatchObject({ new: 2, refused: 0 });
    expect(page.summary.problems).toEqual([]);
    expect(page.summary.notes).toEqual([
      { at: "Sheet1 · 5", text: "CMA CGM" },
      { at: "Sheet1 · 6", text: header.join(" ") },
    ]);
    await prisma.importPreview.deleteMany({ where: { id: previewId } });
  });

  it("stacked tables under their carriers' titles: the wizard counts them, and on the clerk's word each title is its rows' carrier", async () => {
    const validity = { from: "2026/12/01", to: "2026/12/31" };
    const header = ["POL", "POD", "20GP", "40GP", "40HC", "Valid From", "Valid To"];
    const bytes = workbookBytes([
      {
        name: "Sheet1",
        rows: [
          ["美西线 12月"],
          ["MSC"],
          header,
          ["QINGDAO", "LONG BEACH", 1650, 2050, 2150, validity.from, validity.to],
          ["QINGDAO", "OAKLAND", 1660, 2060, 2160, validity.from, validity.to],
          ["以上价格不含THC"],
          [],
          ["CMA CGM"],
          [],
          header,
          ["QINGDAO", "LONG BEACH", 1700, 2120, 2220, validity.from, validity.to],
        ],
      },
    ]);
    const id = idIn(await startWizard(bytes, "stacked titles.xlsx"), "wizard");
    const view = await wizardPage(id);
    expect(view.tabs[0]).toMatchObject({ headerRow: 3, rows: 5, stacked: 1 });
    for (const [lng, said] of [
      ["zh-CN", ["2 段表格上下叠放（表头重复出现）", "每段表格上方的标题行是其下各行的承运人"]],
      ["en-US", ["2 tables stacked (the header repeats)", "The title line above each table is the carrier of its rows"]],
    ] as const) {
      const { html } = await render(PATH, { wizard: id, lng }, { cookie });
      for (const part of said) expect(visibleText(html)).toContain(part);
      expect(offersCheckbox(html, "carrierTitles")).toBe(true);
    }
    const carriers = async (fields: Record<string, string>) => {
      const previewed = await post(fcl, PATH, cookie, { intent: "wizardPreview", ...formOf(await wizardPage(id), {}, fields) });
      const previewId = idIn(previewed.headers.get("Location") ?? "", "preview");
      const page = (await load(fcl, PATH, cookie, { preview: previewId })).data.preview;
      expect(page.summary.counts).toMatchObject({ new: 3, refused: 0 });
      await prisma.importPreview.deleteMany({ where: { id: previewId } });
      return page.rows.map((row: { values: unknown[] }) => `${row.values[1]} ${row.values[2]}`);
    };
    // Unticked, the titles are notes and the clerk's fixed carrier fills the rows; ticked, each table's title does.
    expect(await carriers({ "fixed.tier": "T1", "fixed.carrier": "COSCO" })).toEqual([
      "LONG BEACH COSCO",
      "OAKLAND COSCO",
      "LONG BEACH COSCO",
    ]);
    expect(await carriers({ "fixed.tier": "T1", "fixed.carrier": "COSCO", carrierTitlesShown: "1", carrierTitles: "1" })).toEqual([
      "LONG BEACH MSC",
      "OAKLAND MSC",
      "LONG BEACH CMA CGM",
    ]);
    expect((await wizardPage(id)).carrierTitles).toBe(true);
  });

  it("a column the clerk left unmapped is named on the preview as not imported; one said 不导入 is not", async () => {
    const bytes = workbookBytes([
      {
        name: "Sheet1",
        rows: [
          ["POL", "POD", "Carrier", "20GP", "40GP", "40HC", "Valid From", "Valid To", "Free Time", "Contract No."],
          ["QINGDAO", "LONG BEACH", "COSCO", 1650, 2050, 2150, "2026/12/01", "2026/12/31", "14 days", "SC-118"],
        ],
      },
    ]);
    const id = idIn(await startWizard(bytes, "free time.xlsx"), "wizard");
    const previewed = await post(fcl, PATH, cookie, {
      intent: "wizardPreview",
      ...formOf(await wizardPage(id), { "Contract No.": "ignore" }, { "fixed.tier": "T1" }),
    });
    const previewId = idIn(previewed.headers.get("Location") ?? "", "preview");
    expect((await load(fcl, PATH, cookie, { preview: previewId })).data.preview.summary.unmatched).toEqual(["Free Time"]);
    for (const [lng, said] of [
      ["zh-CN", "以下列未能识别，将被忽略：Free Time"],
      ["en-US", "These columns matched nothing and will be ignored: Free Time"],
    ] as const)
      expect(visibleText((await render(PATH, { preview: previewId, lng }, { cookie })).html)).toContain(said);
    await prisma.importPreview.deleteMany({ where: { id: previewId } });
  });

  it("a price 'on request' (询价, TBA) or not offered (-, N/A, /) leaves its size without a price and the row's others imported; the former named", async () => {
    const bytes = workbookBytes([
      {
        name: "Sheet1",
        rows: [
          ["POL", "POD", "Carrier", "20GP", "40GP", "40HQ", "Valid From", "Valid To"],
          ["SHANGHAI", "KOPER", "COSCO", 1650, "询价", 2150, "2026/12/01", "2026/12/31"],
          ["SHANGHAI", "TRIESTE", "COSCO", "TBA", 2100, "-", "2026/12/01", "2026/12/31"],
          ["SHANGHAI", "RIJEKA", "COSCO", 1700, "N/A", "/", "2026/12/01", "2026/12/31"],
          // Not one price: the lane is not quoted this week.
          ["SHANGHAI", "KOTKA", "COSCO", "询价", "询价", "TBA", "2026/12/01", "2026/12/31"],
          ["SHANGHAI", "GDYNIA", "COSCO", "-", "-", "-", "2026/12/01", "2026/12/31"],
        ],
      },
    ]);
    const { previewId, page } = await previewOf(bytes, "on request.xlsx", { "fixed.tier": "T1" });
    expect(page.summary.counts).toMatchObject({ new: 3, refused: 0 });
    expect(page.summary.onRequest).toEqual([
      { at: "Sheet1 · 2", text: "40GP: 询价" },
      { at: "Sheet1 · 3", text: "20GP: TBA" },
    ]);
    expect(page.summary.unpriced).toEqual([
      { at: "Sheet1 · 5", text: "SHANGHAI KOTKA COSCO 询价 询价 TBA 2026/12/01 2026/12/31" },
      { at: "Sheet1 · 6", text: "SHANGHAI GDYNIA COSCO - - - 2026/12/01 2026/12/31" },
    ]);
    for (const [lng, said] of [
      [
        "zh-CN",
        "以下价格写的是“询价”“TBA”等，不是金额：这些箱型导入后没有价格，客户看到“-”： Sheet1 · 2 : 40GP: 询价 Sheet1 · 3 : 20GP: TBA",
      ],
      ["en-US", 'These prices say "on request", "TBA" or the like, not an amount'],
      ["zh-CN", "以下行没有任何价格（各箱型都是“-”“询价”或空白），该航线未报价，不导入： Sheet1 · 5 : SHANGHAI KOTKA COSCO"],
      [
        "en-US",
        'These rows have no price at all (every size "-", "on request" or empty): the lane is not quoted, and they are not imported: Sheet1 · 5 : SHANGHAI KOTKA COSCO',
      ],
    ] as const)
      expect(visibleText((await render(PATH, { preview: previewId, lng }, { cookie })).html)).toContain(said);
    expect(await commit(previewId)).toMatchObject({ type: "success", values: { inserted: 3 } });
    const stored = await prisma.fclRate.findMany({
      where: {
        pol: "SHANGHAI",
        pod: { in: ["KOPER", "TRIESTE", "RIJEKA", "KOTKA", "GDYNIA"] },
        carrier: "COSCO",
        validFrom: new Date("2026-12-01"),
      },
      orderBy: { pod: "asc" },
    });
    expect(stored.map((r) => [r.pod, r.gp20T1 && Number(r.gp20T1), r.gp40T1 && Number(r.gp40T1), r.hq40T1 && Number(r.hq40T1)])).toEqual([
      ["KOPER", 1650, null, 2150],
      ["RIJEKA", 1700, null, null],
      ["TRIESTE", null, 2100, null],
    ]);
    await prisma.fclRate.deleteMany({ where: { id: { in: stored.map((r) => r.id) } } });
  });

  it("a refused cell is named by the sheet's own column, once, not by the import layout's column of each tier", async () => {
    const bytes = workbookBytes([
      {
        name: "Rates",
        rows: [
          ["起运港\nPOL", "目的港\nPOD", "船公司\nCarrier", "O/F 20'", "O/F 40'", "O/F 40HQ", "Valid From", "Valid To"],
          ["SHANGHAI", "BARCELONA", "COSCO", "1650 ALL IN", 2100, 2200, "2026/12/01", "2026/12/31"],
          ["SHANGHAI", "", "COSCO", 1650, 2100, 2200, "2026/12/01", "2026/12/31"],
        ],
      },
    ]);
    const { previewId, page } = await previewOf(bytes, "refused.xlsx", { "fixed.tier": "all" });
    expect(page.summary.problems).toEqual([
      { key: "data.import.badNumber", values: { row: 2, value: "1650 ALL IN", column: "O/F 20'" }, at: "Rates" },
      { key: "data.import.missing", values: { row: 3, column: "目的港\nPOD" }, at: "Rates" },
    ]);
    for (const [lng, said] of [
      ["zh-CN", "第2行 O/F 20' 不是有效数字：1650 ALL IN"],
      ["en-US", "Row 2: O/F 20' is not a number: 1650 ALL IN"],
    ] as const)
      expect(visibleText((await render(PATH, { preview: previewId, lng }, { cookie })).html)).toContain(said);
    await prisma.importPreview.deleteMany({ where: { id: previewId } });
  });

  it("days written 01/12/2026: read in the order the sheet proves, else the clerk names it (kept with the source); a day of the other order is named", async () => {
    await prisma.importSourceProfile.deleteMany({});
    const sheet = (...days: [string, string][]) =>
      workbookBytes([
        {
          name: "Sheet1",
          rows: [
            ["POL", "POD", "Carrier", "20GP", "40GP", "40HQ", "Valid From", "Valid To"],
            ...days.map(([from, to], i) => ["NINGBO", ["VALENCIA", "GENOA", "PIRAEUS"][i], "MSC", 1400, 2500, 2600, from, to]),
          ],
        },
      ]);
    const datesOf = (page: { rows: { values: unknown[] }[] }) =>
      page.rows.map((row) => row.values.filter((v) => /^\d{4}-\d{2}-\d{2}$/.test(String(v))));

    // A 31/12 proves day first: read so, and the wizard says why.
    const proven = idIn(await startWizard(sheet(["05/12/2026", "31/12/2026"]), "proven.xlsx"), "wizard");
    expect((await wizardPage(proven)).dateOrder).toEqual({ order: "dmy", proven: "dmy", example: "05/12/2026" });
    expect((await wizardPage(proven)).problems.map((p) => p.key)).not.toContain("wizard.problem.dateOrder");
    const first = await post(fcl, PATH, cookie, {
      intent: "wizardPreview",
      ...formOf(await wizardPage(proven), {}, { "fixed.tier": "T1" }),
    });
    const firstId = idIn(first.headers.get("Location") ?? "", "preview");
    expect(datesOf((await load(fcl, PATH, cookie, { preview: firstId })).data.preview)).toEqual([["2026-12-05", "2026-12-31"]]);
    await prisma.importPreview.deleteMany({ where: { id: firstId } });

    // No day past the 12th: only the clerk can tell, and the wizard asks, with one of the sheet's days.
    const asked = idIn(await startWizard(sheet(["01/12/2026", "05/12/2026"]), "ambiguous.xlsx"), "wizard");
    const view = await wizardPage(asked);
    expect(view.dateOrder).toEqual({ order: null, proven: null, example: "01/12/2026" });
    expect(view.problems).toContainEqual({ key: "wizard.problem.dateOrder", values: { example: "01/12/2026" } });
    for (const [lng, said] of [
      ["zh-CN", "日期写作“01/12/2026”这样的两个数字加年份，无法判断是日/月/年还是月/日/年：请选择日期写法"],
      ["en-US", "nothing in the file tells day/month/year from month/day/year"],
    ] as const) {
      const html = (await render(PATH, { wizard: asked, lng }, { cookie })).html;
      expect(visibleText(html)).toContain(said);
      expect(html).toMatch(/<select[^>]*name="dateOrder"/);
    }
    const refused = await post(fcl, PATH, cookie, { intent: "wizardPreview", ...formOf(view, {}, { "fixed.tier": "T1" }) });
    expect(idIn(refused.headers.get("Location") ?? "", "preview")).toBe("");
    // The clerk says month first: 01/12/2026 is 12 January; the choice is kept with the source.
    const chosen = await post(fcl, PATH, cookie, {
      intent: "wizardPreview",
      ...formOf(view, {}, { "fixed.tier": "T1", dateOrder: "mdy", saveAs: "US agent" }),
    });
    const chosenId = idIn(chosen.headers.get("Location") ?? "", "preview");
    expect(datesOf((await load(fcl, PATH, cookie, { preview: chosenId })).data.preview)).toEqual([["2026-01-12", "2026-05-12"]]);
    await prisma.importPreview.deleteMany({ where: { id: chosenId } });
    const saved = await prisma.importSourceProfile.findFirstOrThrow({ where: { name: "US agent" } });
    expect(saved.mapping).toMatchObject({ dateOrder: "mdy" });

    // Next time the same layout comes, it is read month first without asking.
    const again = await startWizard(sheet(["01/12/2026", "05/12/2026"]), "ambiguous again.xlsx");
    const againId = idIn(again, "preview");
    expect(againId, again).not.toBe("");
    expect(datesOf((await load(fcl, PATH, cookie, { preview: againId })).data.preview)).toEqual([["2026-01-12", "2026-05-12"]]);
    await prisma.importPreview.deleteMany({ where: { id: againId } });
    await prisma.importSourceProfile.deleteMany({});

    // Both orders in one sheet: the clerk names the sheet's; a day that does not exist in it is named as a date error, not guessed.
    const mixed = idIn(await startWizard(sheet(["05/12/2026", "31/12/2026"], ["12/01/2026", "12/31/2026"]), "mixed.xlsx"), "wizard");
    expect((await wizardPage(mixed)).dateOrder).toMatchObject({ order: null, proven: null });
    const { page } = await (async () => {
      const res = await post(fcl, PATH, cookie, {
        intent: "wizardPreview",
        ...formOf(await wizardPage(mixed), {}, { "fixed.tier": "T1", dateOrder: "dmy" }),
      });
      const id = idIn(res.headers.get("Location") ?? "", "preview");
      return { page: (await load(fcl, PATH, cookie, { preview: id })).data.preview };
    })();
    expect(page.summary.counts).toMatchObject({ new: 1, refused: 1 });
    expect(page.summary.rowLabels).toEqual(["Sheet1 · 3"]);
  });

  it("a tab of local charges (prices, no lane) is shown but not imported unless ticked, and the wizard says why", async () => {
    const id = idIn(await startWizard(bilingualSheet().bytes, "with charges.xlsx"), "wizard");
    const view = await wizardPage(id);
    expect(view.tabs.map((t) => [t.name, t.chosen, t.lanes])).toEqual([
      ["Rates", true, true],
      ["Local Charges", false, false],
    ]);
    for (const [lng, said] of [
      ["zh-CN", "Local Charges · 表头第 1 行 · 2 行数据 · 表头只有价格，没有港口、船公司等列（如本地费用表），默认不导入"],
      ["en-US", "the header names only prices, no port, carrier or other lane column (local charges, say): not imported unless ticked"],
    ] as const)
      expect(visibleText((await render(PATH, { wizard: id, lng }, { cookie })).html)).toContain(said);
  });

  it("a notice whose title names its carrier ('MSC 地中海线运价通知') and no column does: the carrier filled in from the title", async () => {
    await prisma.importSourceProfile.deleteMany({});
    const sheet = (title: string) =>
      workbookBytes([
        {
          name: "Sheet1",
          rows: [
            [title],
            ["POL", "POD", "20GP", "40GP", "40HQ", "Valid From", "Valid To"],
            ["NINGBO", "VALENCIA", 1400, 2500, 2600, "2026/12/01", "2026/12/31"],
          ],
        },
      ]);
    const named = await wizardPage(idIn(await startWizard(sheet("MSC 地中海线运价通知"), "msc.xlsx"), "wizard"));
    expect(named.fixed.carrier).toBe("MSC");
    expect((await render(PATH, { wizard: named.id }, { cookie })).html).toMatch(
      /name="fixed.carrier"[^>]*value="MSC"|value="MSC"[^>]*name="fixed.carrier"/,
    );
    const { previewId, page } = await previewOf(sheet("MSC 地中海线运价通知"), "msc again.xlsx", { "fixed.tier": "T1" });
    expect(page.rows[0].values).toContain("MSC");
    await prisma.importPreview.deleteMany({ where: { id: previewId } });
    // A title that names no carrier the rates know leaves it to the clerk.
    const unnamed = await wizardPage(idIn(await startWizard(sheet("地中海线运价通知"), "med.xlsx"), "wizard"));
    expect(unnamed.fixed.carrier).toBeUndefined();
  });

  it("a sheet 'EX SHANGHAI' without a column for the port of loading: the title's port, or the clerk's, fixed once and kept with the source", async () => {
    await prisma.importSourceProfile.deleteMany({});
    const sheet = (title: string, gp20: number) =>
      workbookBytes([
        {
          name: "Sheet1",
          rows: [
            [title],
            ["POD", "Carrier", "20GP", "40GP", "40HC", "Valid From", "Valid To"],
            ["MANZANILLO", "ONE", gp20, 2350, 2450, "2026/12/01", "2026/12/31"],
          ],
        },
      ]);
    // A title that names no port: the wizard asks for it.
    const asked = idIn(await startWizard(sheet("FCL TARIFF DEC", 1950), "tariff.xlsx"), "wizard");
    expect((await wizardPage(asked)).problems).toContainEqual({ key: "wizard.problem.required", values: { fields: "pol" } });
    for (const [lng, said] of [
      ["zh-CN", "以下字段没有对应的列或固定值：起运港"],
      ["en-US", "Port of loading (for a sheet without its column"],
    ] as const)
      expect(visibleText((await render(PATH, { wizard: asked, lng }, { cookie })).html)).toContain(said);

    // "EX SHANGHAI" in the title: filled in (the clerk sees it and may change it).
    const id = idIn(await startWizard(sheet("FCL TARIFF EX SHANGHAI", 1950), "ex shanghai.xlsx"), "wizard");
    const view = await wizardPage(id);
    expect(view.fixed.pol).toBe("SHANGHAI");
    expect(view.problems).toEqual([{ key: "wizard.problem.tier" }]);
    const previewed = await post(fcl, PATH, cookie, {
      intent: "wizardPreview",
      ...formOf(view, {}, { "fixed.tier": "all", saveAs: "Ex Shanghai" }),
    });
    const previewId = idIn(previewed.headers.get("Location") ?? "", "preview");
    const page = (await load(fcl, PATH, cookie, { preview: previewId })).data.preview;
    expect(page.summary.counts).toMatchObject({ new: 1, refused: 0 });
    expect(page.rows[0].values.slice(0, 2)).toEqual(["SHANGHAI", "MANZANILLO"]);
    // Next week: recognised, and straight to the preview from Shanghai.
    const next = await startWizard(sheet("FCL TARIFF EX SHANGHAI", 1990), "ex shanghai 2.xlsx");
    const nextId = idIn(next, "preview");
    expect(nextId, next).not.toBe("");
    expect((await load(fcl, PATH, cookie, { preview: nextId })).data.preview.rows[0].values.slice(0, 2)).toEqual([
      "SHANGHAI",
      "MANZANILLO",
    ]);
    await prisma.importPreview.deleteMany({ where: { id: { in: [previewId, nextId] } } });
  });

  it("a sheet that gives only its end ('Valid Till'): on the clerk's word its rates start the day they are imported, every week", async () => {
    await prisma.importSourceProfile.deleteMany({});
    const sheet = (gp20: number) =>
      workbookBytes([
        {
          name: "Sheet1",
          rows: [
            ["POL", "POD", "Carrier", "20GP", "40GP", "40HC", "Valid Till"],
            ["SHANGHAI", "DURBAN", "MSC", gp20, 2650, 2750, "2027/01/31"],
          ],
        },
      ]);
    const id = idIn(await startWizard(sheet(2150), "till.xlsx"), "wizard");
    const view = await wizardPage(id);
    expect(view.problems).toContainEqual({ key: "wizard.problem.required", values: { fields: "validFrom" } });
    expect(view.startToday).toBe(false);
    for (const [lng, said] of [
      ["zh-CN", "没有开始日期的行（只写“有效期至”）自导入当天起生效"],
      ["en-US", "A row with no start date (only “Valid Till”) is valid from the day it is imported"],
    ] as const) {
      const { html } = await render(PATH, { wizard: id, lng }, { cookie });
      expect(visibleText(html)).toContain(said);
      expect(offersCheckbox(html, "startToday")).toBe(true);
    }
    const today = formatDate(todayInShanghai());
    const previewed = await post(fcl, PATH, cookie, {
      intent: "wizardPreview",
      ...formOf(view, {}, { "fixed.tier": "all", startTodayShown: "1", startToday: "1", saveAs: "Till only" }),
    });
    const previewId = idIn(previewed.headers.get("Location") ?? "", "preview");
    const page = (await load(fcl, PATH, cookie, { preview: previewId })).data.preview;
    expect(page.summary.counts).toMatchObject({ new: 1, refused: 0 });
    expect(page.rows[0].values).toEqual(expect.arrayContaining([today, "2027-01-31"]));
    // Next week: recognised, straight to the preview, starting that day.
    const nextId = idIn(await startWizard(sheet(2190), "till 2.xlsx"), "preview");
    expect(nextId).not.toBe("");
    expect((await load(fcl, PATH, cookie, { preview: nextId })).data.preview.rows[0].values).toEqual(
      expect.arrayContaining([today, "2027-01-31"]),
    );
    await prisma.importPreview.deleteMany({ where: { id: { in: [previewId, nextId] } } });
  });

  it("a rail sheet: the wizard offers only the ends rail keeps (an end, no start), and names no column the file does not have", async () => {
    const RAIL = "/railroadData";
    const bytes = workbookBytes([
      {
        name: "中欧班列",
        rows: [
          ["起运站", "目的站", "40HQ COC", "币种", "有效期至"],
          ["XIAN", "HAMBURG", 6800, "USD", "2027/01/31"],
        ],
      },
    ]);
    const started = await uploadTo(fcl, RAIL, cookie, bytes, "rail.xlsx", "wizard");
    const id = idIn(started.headers.get("Location") ?? "", "wizard");
    const view = (await load(fcl, RAIL, cookie, { wizard: id })).data.wizard as WizardView;
    expect(view.fixedKeys).toEqual(["pol", "currency", "validTo", "tier"]);
    expect(view.startToday).toBeNull();
    const form: Record<string, string | string[]> = { previewId: id, tabsShown: "1", tabs: ["中欧班列"], "fixed.tier": "all" };
    view.columns.forEach((column, i) => Object.assign(form, { [`k${i}`]: column.key, [`c${i}`]: column.target ?? "" }));
    const previewed = await post(fcl, RAIL, cookie, { intent: "wizardPreview", ...form });
    const previewId = idIn(previewed.headers.get("Location") ?? "", "preview");
    const page = (await load(fcl, RAIL, cookie, { preview: previewId })).data.preview;
    // Before, every rail preview said "以下列未能识别，将被忽略：validFrom": a start the wizard itself had added.
    expect(page.summary).toMatchObject({ counts: { new: 1, refused: 0 }, unmatched: [] });
    expect(visibleText((await render(RAIL, { preview: previewId }, { cookie })).html)).not.toContain("validFrom");
    await prisma.importPreview.deleteMany({ where: { id: previewId } });
  });

  it("an LCL sheet's W/M rate is its rate per CBM and per ton alike: a heavy shipment is charged by its weight", async () => {
    const LCL = "/lclbyseaData";
    const bytes = workbookBytes([
      {
        name: "LCL",
        rows: [
          ["POL", "POD", "W/M (USD)", "CFS Closing", "Sailing", "Transit", "Valid Till"],
          ["SHANGHAI", "ZZ WM PORT", 45, "MON", "WED", 30, "2027/01/31"],
        ],
      },
    ]);
    const started = await uploadTo(fcl, LCL, cookie, bytes, "lcl.xlsx", "wizard");
    const id = idIn(started.headers.get("Location") ?? "", "wizard");
    const view = (await load(fcl, LCL, cookie, { wizard: id })).data.wizard as WizardView;
    expect(Object.fromEntries(view.columns.map((c) => [c.label, c.target]))).toEqual({
      POL: "pol",
      POD: "pod",
      "W/M (USD)": "same:freightCbm/freightTon",
      "CFS Closing": "cargoCutoff",
      Sailing: "etd",
      Transit: "transitTime",
      "Valid Till": "validTo",
    });
    for (const [lng, said] of [
      ["zh-CN", "W/M 运费：同一价格写入 CBM、TON（按体积或重量取大者计费，写入所选等级）"],
      ["en-US", "W/M rate: the same price as CBM"],
    ] as const)
      expect(visibleText((await render(LCL, { wizard: id, lng }, { cookie })).html)).toContain(said);
    const form: Record<string, string | string[]> = { previewId: id, tabsShown: "1", tabs: ["LCL"], "fixed.tier": "T1" };
    view.columns.forEach((column, i) => Object.assign(form, { [`k${i}`]: column.key, [`c${i}`]: column.target ?? "" }));
    const previewed = await post(fcl, LCL, cookie, { intent: "wizardPreview", ...form });
    const previewId = idIn(previewed.headers.get("Location") ?? "", "preview");
    const committed = await post(fcl, LCL, cookie, { intent: "commitPreview", previewId });
    expect(await flashOf(committed, cookie)).toMatchObject({ type: "success", values: { inserted: 1 } });
    const rate = await prisma.lclRate.findFirstOrThrow({ where: { pod: "ZZ WM PORT" } });
    // Before, W/M filled the rate per CBM only, and 1 CBM weighing 5 t was charged as 1 revenue ton.
    expect([Number(rate.freightCbmT1), Number(rate.freightTonT1)]).toEqual([45, 45]);
    expect(
      lclCharge({ cbm: "1.000", kg: "5000.0", perCbm: rate.freightCbmT1!.toString(), perTon: rate.freightTonT1!.toString() }).total,
    ).toBe("225.00");
    await prisma.lclRate.delete({ where: { id: rate.id } });
  });

  /** A sheet of another area through its wizard to the preview, with the wizard's own choices and `fields`. */
  async function areaPreview(path: string, bytes: Uint8Array, fields: Record<string, string>) {
    const started = await uploadTo(fcl, path, cookie, bytes, "carrier.xlsx", "wizard");
    const id = idIn(started.headers.get("Location") ?? "", "wizard");
    const view = (await load(fcl, path, cookie, { wizard: id })).data.wizard as WizardView;
    const form: Record<string, string | string[]> = {
      previewId: id,
      tabsShown: "1",
      tabs: view.tabs.filter((t) => t.chosen).map((t) => t.name),
    };
    view.columns.forEach((column, i) => Object.assign(form, { [`k${i}`]: column.key, [`c${i}`]: column.target ?? "" }));
    for (const [key, value] of Object.entries(view.fixed)) form[`fixed.${key}`] = String(value);
    const previewed = await post(fcl, path, cookie, { intent: "wizardPreview", ...form, ...fields });
    const previewId = idIn(previewed.headers.get("Location") ?? "", "preview");
    expect(previewId, JSON.stringify(await flashOf(previewed, cookie))).not.toBe("");
    return { id, view, previewId, page: (await load(fcl, path, cookie, { preview: previewId })).data.preview };
  }

  it("a China-Europe rail tariff: boxes in brackets and 自备箱; a rate starting after today is named, and committed only on the clerk's word", async () => {
    const RAIL = "/railRoadData";
    const today = todayInShanghai();
    const day = (days: number) => formatDate(new Date(today.getTime() + days * 86_400_000));
    const bytes = workbookBytes([
      {
        name: "中欧班列",
        rows: [
          ["中欧班列运价表"],
          ["始发站", "目的站", "40HQ(COC)", "40HQ(SOC)", "20GP(自备箱)", "双20自备箱", "班列", "时效", "有效期"],
          ["XIAN", "ZZ RAIL NEXT", 6800, 5200, 3200, 6100, "长安号", "18-20天", `${day(10)}至${day(40)}`],
          ["XIAN", "ZZ RAIL NOW", 6500, "询价", 3100, 5900, "长安号", "18天", `${day(-5)}至${day(25)}`],
        ],
      },
    ]);
    const { view, previewId, page } = await areaPreview(RAIL, bytes, { "fixed.tier": "T1", "fixed.currency": "USD" });
    expect(view.columns.map((c) => c.target)).toEqual([
      "pol",
      "pod",
      "price:coc40",
      "price:soc40",
      "price:soc20",
      "price:soc20x2",
      "trainService",
      "transitTime",
      "validity",
    ]);
    // Rail keeps only the end of a validity: the rate of next month would be shown today. Named, with its start.
    expect(page.summary.counts).toMatchObject({ new: 2, refused: 0 });
    expect(page.summary.decisions).toEqual({ notStarted: 1 });
    expect(page.summary.notStarted).toEqual([{ at: "中欧班列 · 3", text: day(10) }]);
    for (const [lng, said] of [
      ["zh-CN", `铁路数据只保存有效期的截止日，不保存开始日：1 条运价的有效期在今天之后才开始`],
      ["zh-CN", `中欧班列 · 3 : ${day(10)}`],
      ["en-US", "Rates that start after today (listed below): 1."],
    ] as const)
      expect(visibleText((await render(RAIL, { preview: previewId, lng }, { cookie })).html)).toContain(said);
    expect(offersDecision((await render(RAIL, { preview: previewId }, { cookie })).html, "notStarted")).toBe(true);
    const refused = await post(fcl, RAIL, cookie, { intent: "commitPreview", previewId });
    expect(await flashOf(refused, cookie)).toMatchObject({ key: "importPreview.decide.notStarted" });
    expect(await prisma.railRate.count({ where: { pod: { startsWith: "ZZ RAIL" } } })).toBe(0);
    const committed = await post(fcl, RAIL, cookie, { intent: "commitPreview", previewId, accept: ["notStarted"] });
    expect(await flashOf(committed, cookie)).toMatchObject({ type: "success", values: { inserted: 2 } });
    const rates = await prisma.railRate.findMany({ where: { pod: { startsWith: "ZZ RAIL" } }, orderBy: { pod: "asc" } });
    expect(
      rates.map((r) => [r.pod, Number(r.coc40T1), r.soc40T1 === null ? null : Number(r.soc40T1), Number(r.soc20T1), Number(r.soc20x2T1)]),
    ).toEqual([
      ["ZZ RAIL NEXT", 6800, 5200, 3200, 6100],
      ["ZZ RAIL NOW", 6500, null, 3100, 5900],
    ]);
    await prisma.railRate.deleteMany({ where: { pod: { startsWith: "ZZ RAIL" } } });
  });

  it("an express rate card: the network from its title, zones, weights and the fuel surcharge as written", async () => {
    const EXPRESS = "/expressData";
    const bytes = workbookBytes([
      {
        name: "Export",
        rows: [
          ["DHL 出口价格表（USD）"],
          ["Weight (kg)", "Zone A", "Zone B", "1区", "Fuel Surcharge"],
          [301, 1650, 1720, 1810, "18.5%"],
          ["302 KG", 1655.5, 1726, 1816, "18.5%"],
        ],
      },
    ]);
    const { id, view, previewId, page } = await areaPreview(EXPRESS, bytes, {});
    // Before, every rate card was refused ("category" required): a card names its network only in its title.
    expect(view.fixed).toMatchObject({ category: "DHL" });
    expect(view.columns.map((c) => c.target)).toEqual(["weight", "zoneA", "zoneB", "zone1", "fuel"]);
    for (const [lng, said] of [
      ["zh-CN", "快递网络（文件只在标题中写明时，例如“DHL 出口价格表”）"],
      ["en-US", "Express network (for a rate card that names it only in its title"],
    ] as const)
      expect(visibleText((await render(EXPRESS, { wizard: id, lng }, { cookie })).html)).toContain(said);
    expect(page.summary, JSON.stringify(page.summary.problems)).toMatchObject({ counts: { new: 2, refused: 0 }, problems: [] });
    const committed = await post(fcl, EXPRESS, cookie, { intent: "commitPreview", previewId });
    expect(await flashOf(committed, cookie)).toMatchObject({ type: "success", values: { inserted: 2 } });
    const rates = await prisma.expressRate.findMany({ where: { weight: { gte: 301 } }, orderBy: { weight: "asc" } });
    expect(rates.map((r) => [r.category, Number(r.weight), Number(r.zoneA), Number(r.zone1), Number(r.fuel)])).toEqual([
      ["DHL", 301, 1650, 1810, 18.5],
      ["DHL", 302, 1655.5, 1816, 18.5],
    ]);
    await prisma.expressRate.deleteMany({ where: { weight: { gte: 301 } } });
  });

  it("a rate the sheet gives twice (an express card's documents and parcels tables) is named, and committed only on the clerk's word", async () => {
    const EXPRESS = "/expressData";
    const bytes = workbookBytes([
      {
        name: "Sheet1",
        rows: [
          ["出口价格表"],
          ["文件 Documents"],
          ["重量(KG)", "Zone A", "Zone B"],
          [0.5, 100, 110],
          [1, 120, 130],
          ["包裹 Package"],
          ["重量(KG)", "Zone A", "Zone B"],
          [0.5, 150, 170],
          [1, 190, 210],
          [2, 230, 250],
        ],
      },
    ]);
    const { previewId, page } = await areaPreview(EXPRESS, bytes, { "fixed.category": "ZZEXP" });
    // Before, both 0.5 kg rows were imported without a word: customers saw two DHL prices for 0.5 kg.
    expect(page.summary.counts).toMatchObject({ new: 5, refused: 0 });
    expect(page.summary.repeatedRates).toEqual([
      { at: "Sheet1 · 4", text: "Sheet1 · 8" },
      { at: "Sheet1 · 5", text: "Sheet1 · 9" },
    ]);
    expect(page.summary.decisions).toEqual({ repeatedRates: 2 });
    for (const [lng, said] of [
      ["zh-CN", "文件中有 2 条运价各写了不止一行"],
      ["zh-CN", "以下运价在文件中写了不止一行（行：其他各行）： Sheet1 · 4 : Sheet1 · 8"],
      ["en-US", "Rates the file gives on more than one row (the same lane, weight and so on; listed below): 2."],
    ] as const)
      expect(visibleText((await render(EXPRESS, { preview: previewId, lng }, { cookie })).html)).toContain(said);
    expect(offersDecision((await render(EXPRESS, { preview: previewId }, { cookie })).html, "repeatedRates")).toBe(true);
    const refused = await post(fcl, EXPRESS, cookie, { intent: "commitPreview", previewId });
    expect(await flashOf(refused, cookie)).toMatchObject({ key: "importPreview.decide.repeatedRates" });
    expect(await prisma.expressRate.count({ where: { category: "ZZEXP" } })).toBe(0);
    const committed = await post(fcl, EXPRESS, cookie, { intent: "commitPreview", previewId, accept: ["repeatedRates"] });
    expect(await flashOf(committed, cookie)).toMatchObject({ type: "success", values: { inserted: 5 } });
    await prisma.expressRate.deleteMany({ where: { category: "ZZEXP" } });
  });

  it("a sheet in the portal's own layout: the preview's ticks for further tabs and unmatched prices, as the form posts them", async () => {
    const row = rowOf(fclArea, {
      pol: "SHANGHAI",
      pod: "ZZ OWN",
      carrier: "ZZOWN",
      "20GP_T0": 100,
      valid_fm: "2026-01-01",
      valid_to: "2099-02-01",
    });
    const bytes = workbookBytes([
      {
        name: "欧洲线",
        rows: [
          [...headers(fclArea), "BAF"],
          [...row, 150],
        ],
      },
      { name: "地中海线", rows: [headers(fclArea), row] },
    ]);
    const uploaded = await uploadTo(fcl, PATH, cookie, bytes, "own.xlsx", "preview");
    const previewId = idIn(uploaded.headers.get("Location") ?? "", "preview");
    expect(previewId, JSON.stringify(await flashOf(uploaded, cookie))).not.toBe("");
    const page = (await load(fcl, PATH, cookie, { preview: previewId })).data.preview;
    expect(Object.keys(page.summary.decisions ?? {}).sort()).toEqual(["furtherTabs", "unmatchedPrices"]);
    const { html } = await render(PATH, { preview: previewId }, { cookie });
    for (const decision of ["furtherTabs", "unmatchedPrices"]) expect(offersDecision(html, decision), decision).toBe(true);
    expect(visibleText(html)).toContain("以下列看起来是价格，但本表没有对应的列，提交时不会导入：BAF");
    await prisma.importPreview.deleteMany({ where: { id: previewId } });
  });

  it("a trailer quote names its doors as 装货地址", async () => {
    const bytes = workbookBytes([
      {
        name: "拖车",
        rows: [
          ["港区", "装货地址", "20GP", "40GP", "40HQ", "有效期至"],
          ["外高桥", "ZZ 嘉定工业区", 1200, 1500, 1500, "2027/01/31"],
        ],
      },
    ]);
    const { view, page } = await areaPreview("/trailerData", bytes, { "fixed.tier": "T1" });
    expect(view.columns.map((c) => c.target)).toEqual(["dock", "doorPoint", "price:gp20", "price:gp40", "price:hq40", "validTo"]);
    expect(page.summary.counts).toMatchObject({ new: 1, refused: 0 });
  });

  it("a trailer quote of one port area names it only in its title: the port area of every row", async () => {
    const bytes = workbookBytes([
      {
        name: "Sheet1",
        rows: [
          ["宁波港拖车报价"],
          ["装货地址", "20GP", "40GP", "40HQ", "有效期至"],
          ["ZZ 慈溪", 900, 1200, 1200, "2027/01/31"],
          ["ZZ 余姚", 950, 1250, 1250, "2027/01/31"],
        ],
      },
    ]);
    const { id, view, previewId } = await areaPreview("/trailerData", bytes, { "fixed.tier": "T1" });
    // Before, such a quote was refused ("dock" required) and no value could be given for the whole file.
    expect(view.fixed).toMatchObject({ dock: "宁波港" });
    for (const [lng, said] of [
      ["zh-CN", "港区（文件中没有港区列时，例如“洋山港区拖车报价”）"],
      ["en-US", "Port area (for a quote without its column"],
    ] as const)
      expect(visibleText((await render("/trailerData", { wizard: id, lng }, { cookie })).html)).toContain(said);
    const committed = await post(fcl, "/trailerData", cookie, { intent: "commitPreview", previewId });
    expect(await flashOf(committed, cookie)).toMatchObject({ type: "success", values: { inserted: 2 } });
    const rates = await prisma.trailerRate.findMany({ where: { doorPoint: { startsWith: "ZZ" } }, orderBy: { doorPoint: "asc" } });
    expect(rates.map((r) => [r.dock, r.doorPoint, Number(r.gp20T1)])).toEqual([
      ["宁波港", "ZZ 余姚", 950],
      ["宁波港", "ZZ 慈溪", 900],
    ]);
    await prisma.trailerRate.deleteMany({ where: { doorPoint: { startsWith: "ZZ" } } });
  });

  it("a carrier system's export of one price per row: a rate's sizes on rows of their own become one rate", async () => {
    const row = (pod: string, size: string, rate: number | string) => ["SHANGHAI", pod, "MSC", size, rate, "2026-11-01", "2027-01-31"];
    const bytes = workbookBytes([
      {
        name: "Export",
        rows: [
          ["POL", "POD", "Carrier", "Container", "Rate (USD)", "Valid From", "Valid To"],
          row("ZZ ROW A", "20GP", 1200),
          row("ZZ ROW A", "40GP", 2100),
          row("ZZ ROW A", "40HC", 2200),
          row("ZZ ROW B", "20'GP", 1300),
          row("ZZ ROW B", "40HC", "询价"),
          row("ZZ ROW C", "20GP", 1300),
          row("ZZ ROW C", "20GP", 1350),
          row("ZZ ROW D", "45HC", 2500),
        ],
      },
    ]);
    const { id, view, previewId, page } = await areaPreview(PATH, bytes, { "fixed.tier": "T1" });
    expect(view.columns.map((c) => c.target)).toEqual(["pol", "pod", "carrier", "size", "rowPrice", "validFrom", "validTo"]);
    // Before, "Container" matched nothing and "Rate (USD)" was a price the clerk could give one size only.
    expect(page.summary).toMatchObject({
      counts: { new: 2, refused: 3 },
      sizeRows: [
        { at: "Export · 2", text: "2, 3, 4" },
        { at: "Export · 5", text: "5, 6" },
      ],
      onRequest: [{ at: "Export · 6", text: "Rate (USD): 询价" }],
    });
    expect(page.summary.problems.map((p: { key: string; values: { row: number } }) => [p.key, p.values.row])).toEqual([
      ["wizard.row.size", 9],
      ["wizard.row.sizeClash", 7],
      ["wizard.row.sizeClash", 8],
    ]);
    for (const [lng, said] of [
      ["zh-CN", "每行的箱型或重量段（同一运价的各箱型写在不同行）"],
      ["en-US", "Each row's size or weight break (a rate's sizes on rows of their own)"],
    ] as const)
      expect(visibleText((await render(PATH, { wizard: id, lng }, { cookie })).html)).toContain(said);
    for (const [lng, said] of [
      ["zh-CN", "以下各行是同一运价的不同箱型，合并为一条运价导入（行：合并的各行）： Export · 2 : 2, 3, 4"],
      ["zh-CN", "第7行：同一运价（第 7, 8 行）的同一箱型有两个不同的价格，这几行都不导入"],
      ["zh-CN", "第9行 Container 不是本表的箱型或重量段：45HC"],
      ["en-US", "These rows are one rate's sizes, imported as one rate (row: the rows merged): Export · 2 : 2, 3, 4"],
    ] as const)
      expect(visibleText((await render(PATH, { preview: previewId, lng }, { cookie })).html)).toContain(said);
    // One column without the other makes no preview.
    const half = mappingProblems(fclArea, detectLayout(fclArea, (await parseWorkbookInWorker(bytes)).tabs), {
      ...emptyMapping(),
      columns: { [view.columns[4].key]: "ignore" },
      fixed: { tier: "T1" },
    });
    expect(half).toContainEqual({ key: "wizard.problem.sizeAndPrice" });
    await prisma.importPreview.deleteMany({ where: { id: previewId } });
    // The rows of a rate, committed: one rate with each size's price.
    const clean = workbookBytes([
      {
        name: "Export",
        rows: [
          ["POL", "POD", "Carrier", "Container", "Rate (USD)", "Valid From", "Valid To"],
          ...[row("ZZ ROW A", "20GP", 1200), row("ZZ ROW A", "40GP", 2100), row("ZZ ROW A", "40HC", 2200)],
        ],
      },
    ]);
    const committed = await areaPreview(PATH, clean, { "fixed.tier": "T1" });
    expect(await commit(committed.previewId)).toMatchObject({ type: "success", values: { inserted: 1 } });
    const rate = await prisma.fclRate.findFirstOrThrow({ where: { pod: "ZZ ROW A" } });
    expect([Number(rate.gp20T1), Number(rate.gp40T1), Number(rate.hq40T1), rate.gp20T0]).toEqual([1200, 2100, 2200, null]);
    await prisma.fclRate.delete({ where: { id: rate.id } });
  });

  it("validities as notices write them: 即日起至 … starts the day of the import; 截止 … is an end alone, started as the clerk says", async () => {
    const today = formatDate(todayInShanghai());
    const end = formatDate(new Date(todayInShanghai().getTime() + 30 * 86_400_000));
    const bytes = workbookBytes([
      {
        name: "Sheet1",
        rows: [
          ["起运港", "目的港", "船公司", "20GP", "40GP", "40HQ", "有效期"],
          ["SHANGHAI", "ZZ NOW", "MSC", 1200, 2100, 2200, `即日起至${end.replaceAll("-", "/")}`],
          ["SHANGHAI", "ZZ TILL", "MSC", 1250, 2150, 2250, `截止${end}`],
        ],
      },
    ]);
    const field = (page: { columns: { field: string }[] }, name: string) => page.columns.findIndex((c) => c.field === name);
    const dates = (page: { columns: { field: string }[]; rows: { values: unknown[] }[] }) =>
      page.rows.map((r) => [r.values[field(page, "pod")], r.values[field(page, "validFrom")], r.values[field(page, "validTo")]]);
    // Before, both rows were refused as no validity ("第2行 有效期 …"). FCL needs a start: the end alone is named.
    const asSent = (await areaPreview(PATH, bytes, { "fixed.tier": "T1" })).page;
    expect(asSent.summary.counts).toMatchObject({ new: 1, refused: 1 });
    expect(asSent.summary.problems).toEqual([expect.objectContaining({ key: "data.import.dateErrorRows", values: { rows: "3" } })]);
    expect(dates(asSent)).toContainEqual(["ZZ NOW", today, end]);
    // The clerk says rows without a start start the day of the import.
    const started = (await areaPreview(PATH, bytes, { "fixed.tier": "T1", startTodayShown: "1", startToday: "1" })).page;
    expect(started.summary.counts).toMatchObject({ new: 2, refused: 0 });
    expect(dates(started)).toEqual([
      ["ZZ NOW", today, end],
      ["ZZ TILL", today, end],
    ]);
  });

  it("a column headed like a size whose cells are no sizes is not taken for one", async () => {
    const bytes = workbookBytes([
      {
        name: "Sheet1",
        rows: [
          ["POL", "POD", "Type", "20GP", "40GP", "Valid To"],
          ["SHANGHAI", "HAMBURG", "Direct", 1200, 2100, "2027/01/31"],
        ],
      },
    ]);
    const layout = detectLayout(fclArea, (await parseWorkbookInWorker(bytes)).tabs);
    expect(layout.keys.map((k) => k.auto)).toEqual(["pol", "pod", null, "price:gp20", "price:gp40", "validTo"]);
  });

  it("a formula without its result in a chosen tab refuses the preview, naming tab and cell", async () => {
    const bytes = withUnsavedFormulas(englishSheet().bytes, [{ ref: "D2", form: "emptyValue", type: "n" }]);
    const location = await startWizard(bytes, "formula.xlsx");
    const id = idIn(location, "wizard");
    const view = await wizardPage(id);
    expect(view.tabs[0].formulaCells).toEqual(["D2"]);
    const result = await post(fcl, PATH, cookie, { intent: "wizardPreview", ...formOf(view, {}, { "fixed.tier": "all" }) });
    expect(await flashOf(result, cookie)).toMatchObject({ key: "data.import.formulaNoValue", values: { cells: "D2" } });
  });

  it("normalises the boundary: full-width text and digits, padded codes, free-text ports resolved", async () => {
    const { bytes } = messySheet();
    const id = idIn(await startWizard(bytes, "messy.xlsx"), "wizard");
    const view = await wizardPage(id);
    const previewed = await post(fcl, PATH, cookie, { intent: "wizardPreview", ...formOf(view, {}, { "fixed.tier": "T1" }) });
    const previewId = idIn(previewed.headers.get("Location") ?? "", "preview");
    const page = (await load(fcl, PATH, cookie, { preview: previewId, pf: "new" })).data.preview;
    const field = (name: string) => page.columns.findIndex((c: { field: string }) => c.field === name);
    const rows = page.rows.map((r: { values: unknown[] }) => [
      r.values[field("pol")],
      r.values[field("pod")],
      r.values[field("carrier")],
      r.values[field("gp20T1")],
    ]);
    expect(rows).toEqual([
      ["SHANGHAI", "ROTTERDAM", "COSCO", "900.00"],
      ["SHANGHAI", "FELIXSTOWE", "COSCO", "950.00"],
      ["SHANGHAI", "ANTWERP", "COSCO", "920.00"],
    ]);
    // Only the tier chosen: T0 and T2 are not written.
    expect(field("gp20T0")).toBe(-1);
  });
});
