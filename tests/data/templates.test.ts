// Import templates (issue 23 item 4 = issue 22 item 2, decision 204): one
// generated .xlsx per area, in the user's language, that imports back with
// its example row.
import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import * as screen from "~/routes/backoffice/data-area";
import * as template from "~/routes/backoffice/data-area-template";
import { dataAreas } from "~/domain/data-areas";
import { delegate } from "~/domain/data-areas/queries.server";
import { WRITTEN_PARAM } from "~/domain/data-areas/written";
import { templateRows } from "~/domain/import-export/template.server";
import { getT } from "~/i18n/i18n.server";
import { callRoute, getRequest, loginAs } from "../support/requests";
import { englishCookie } from "../accounts/helpers";
import { flashOf, uploadTo } from "./helpers";

let cookie: string;
beforeAll(async () => {
  cookie = await loginAs("data@example.com");
});

async function download(path: string, lng: "zh-CN" | "en-US") {
  const result = await callRoute(
    template.loader,
    getRequest(`${path}/template`, undefined, { cookie: lng === "en-US" ? await englishCookie(cookie) : cookie }),
    { params: { area: path.slice(1) } },
  );
  expect(result.status).toBe(200);
  const response = result.response as Response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, response, book: XLSX.read(bytes, { type: "array" }) };
}

const rowsOf = (book: XLSX.WorkBook, index: number) =>
  XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[index]], { header: 1, raw: true, defval: null });

describe("one template route for all areas", () => {
  it.each(["/userList", "/nosuch", "/fclbysea"])("%s/template is no area's: 404", async (path) => {
    expect(
      (await callRoute(template.loader, getRequest(`${path}/template`, undefined, { cookie }), { params: { area: path.slice(1) } })).status,
    ).toBe(404);
  });
});

describe.each(Object.values(dataAreas))("template of $key", (area) => {
  it("has the legacy headers, one example row and a notes sheet in the user's language", async () => {
    const zh = await download(area.path, "zh-CN");
    expect(zh.response.headers.get("Content-Type")).toContain("spreadsheetml");
    expect(zh.book.SheetNames).toEqual(["sheet1", "说明"]);
    const sheet = rowsOf(zh.book, 0);
    expect(sheet[0]).toEqual(area.columns.map((c) => c.header));
    expect(sheet).toHaveLength(area.import.air ? 3 : 2);
    const notes = rowsOf(zh.book, 1);
    for (const column of area.columns)
      expect(
        notes.some((row) => row[0] === column.header && typeof row[1] === "string" && row[2]),
        column.header,
      ).toBe(true);
    expect(JSON.stringify(notes)).toMatch(/[\u4e00-\u9fff]/);
    expect(JSON.stringify(notes)).not.toMatch(/\{\{|importHistory\.|data\.col\./);
    const en = await download(area.path, "en-US");
    expect(en.book.SheetNames).toEqual(["sheet1", "Notes"]);
    expect(JSON.stringify(rowsOf(en.book, 1))).not.toMatch(/\{\{|importHistory\.|data\.col\./);
    if (area.import.air) {
      // The second header line is explained in the notes, and dropped on import.
      expect(JSON.stringify(notes)).toContain("第二行表头");
    }
  });

  it("imports back and yields its example row", async () => {
    const { bytes } = await download(area.path, "zh-CN");
    const result = await uploadTo(screen, area.path, cookie, bytes, "template.xlsx");
    expect(result.status, JSON.stringify(result.data)).toBe(302);
    // One row written: a new rate, or the update of a stored rate with the example's key (never a second copy).
    const flash = await flashOf(result, cookie);
    expect(flash).toMatchObject({ type: "success", key: "data.msg.imported", values: { rows: 1 } });
    expect(Number(flash?.values?.inserted) + Number(flash?.values?.updated)).toBe(1);
    // The list shows the row just written (?written=<id>): it holds the example's values.
    const written = new URL(result.headers.get("Location")!, "http://x").searchParams.get(WRITTEN_PARAM);
    expect(written).toMatch(/^\d+$/);
    const example = templateRows(area, await getT(getRequest("/"))).at(-1)!;
    const [row] = (await delegate(area).findMany({ where: { id: Number(written) } })) as Record<string, unknown>[];
    area.columns.forEach((column, i) => {
      const expected = example[i];
      if (expected === null || column.kind === "id") return;
      const actual = row[column.field];
      if (column.kind === "decimal") expect(Number(actual), column.header).toBe(expected);
      else if (column.kind === "date") expect((actual as Date).toISOString().slice(0, 10), column.header).toBe(expected);
      // Shanghai wall-clock time, read as the Date of its UTC fields (decision 206).
      else if (column.kind === "localDateTime")
        expect((actual as Date).toISOString().slice(0, 19).replace("T", " "), column.header).toBe(expected);
      else if (column.kind === "bool") expect(actual, column.header).toBe(false);
      else expect(actual, column.header).toBe(expected);
    });
  });
});

describe("the air screen", () => {
  it("explains the second header line that the standard import drops", async () => {
    const t = await getT(getRequest("/"));
    expect(t("importHistory.airSecondLine", { plain: t("data.air.importPlain") })).toContain("第二行表头");
  });
});
