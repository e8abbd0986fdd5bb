// Import preview (issue 23.1): counts and diffs against the database, commit
// equals preview, a concurrent change refuses the commit, discard and
// expiry leave nothing.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { dataAreas, fclArea } from "~/domain/data-areas";
import { KEEP_BATCHES } from "~/domain/import-export/batches.server";
import { importSpreadsheet } from "~/domain/import-export/import.server";
import { removePreviewFiles } from "~/domain/import-export/preview-file.server";
import {
  cleanExpiredPreviews,
  commitPreview,
  createPreview,
  discardPreview,
  loadPreview,
  stageSql,
} from "~/domain/import-export/preview.server";
import type { WriteColumn } from "~/domain/import-export/import.server";
import { prisma } from "~/utils/db.server";
import { sqlTable } from "~/utils/sql-names.server";
import { allowConsoleError } from "../support/console";
import { withTestDb } from "../support/db";
import { headers, rowOf, sheetBytes, type Who, whoIs } from "./helpers";

let viewer: Who;
beforeAll(async () => {
  viewer = await whoIs("data@example.com");
});

const tableSnapshot = () => withTestDb(async (db) => (await db.query(`SELECT * FROM fcl_rates ORDER BY id`)).rows);
const fclRow = (values: Record<string, unknown>) =>
  rowOf(fclArea, { pol: "SHANGHAI", pod: "LOS ANGELES", "20GP_T0": 100, valid_fm: "2026-01-01", valid_to: "2099-02-01", ...values });
const file = (rows: unknown[][]) => sheetBytes([headers(fclArea), ...rows]);
/** A preview of a file without the required columns (refused with the import's message). */
const previewOfUnreadable = () =>
  createPreview(
    fclArea,
    viewer,
    sheetBytes([
      ["id", "pol"],
      [1, "X"],
    ]),
    { fileName: "x.xlsx" },
  );
/** Staged rows of the FCL previews `ids` (all of them without). */
const stagedRows = async (...ids: string[]) => {
  const [row] = await prisma.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM import_stage_fcl_rates WHERE $1::text[] IS NULL OR preview_id = ANY($1::text[])`,
    ids.length ? ids : null,
  );
  return Number(row.n);
};

async function seedRows(base: number) {
  const result = await importSpreadsheet(fclArea, viewer, file([fclRow({ id: base + 1 }), fclRow({ id: base + 2, "40GP_T1": 300 })]), {
    fileName: "seed.xlsx",
  });
  expect(result.ok).toBe(true);
}

describe("import preview", () => {
  it("counts new, updated and unchanged rows and lists each changed field old → new; the table does not change", async () => {
    await seedRows(870_000);
    const before = await tableSnapshot();
    const preview = await createPreview(
      fclArea,
      viewer,
      file([
        fclRow({ id: 870_001, "20GP_T0": 150, carrier: "COSCO" }),
        fclRow({ id: 870_002, "40GP_T1": 300 }),
        fclRow({ id: 870_010 }),
        fclRow({ id: null, valid_fm: "2019-01-01", valid_to: "2020-01-01" }),
      ]),
      { fileName: "week.xlsx" },
    );
    if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
    expect(preview.summary.counts).toEqual({ new: 2, updated: 1, unchanged: 1, refused: 0, hidden: 1 });
    expect(await tableSnapshot()).toEqual(before);
    const loaded = await loadPreview(fclArea, viewer, preview.id, { filter: "updated" });
    expect(loaded?.total).toBe(1);
    expect(loaded?.rows[0]).toMatchObject({ rowId: 870_001, status: "updated", changes: { gp20T0: [100, 150], carrier: [null, "COSCO"] } });
    expect((await loadPreview(fclArea, viewer, preview.id, { filter: "new" }))?.rows.map((r) => r.rowId)).toEqual([870_010, null]);
  });

  it("lists the changed fields of every kind of column old → new (text, empty, price, date, flag, quotes and Chinese)", async () => {
    const remark = 'He said "上海" \\ ok';
    const seeded = await importSpreadsheet(
      fclArea,
      viewer,
      file([fclRow({ id: 875_001, carrier: "COSCO", remark: "旧", yes_no: "否", "40HQ_T2": 80 }), fclRow({ id: 875_002, carrier: "MSK" })]),
      { fileName: "seed.xlsx" },
    );
    expect(seeded.ok).toBe(true);
    const preview = await createPreview(
      fclArea,
      viewer,
      file([
        fclRow({ id: 875_001, carrier: null, remark, yes_no: "是", "20GP_T0": 100.5, "40HQ_T2": null, valid_to: "2099-03-01" }),
        fclRow({ id: 875_002, carrier: "MSK" }),
      ]),
      { fileName: "kinds.xlsx" },
    );
    if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
    expect(preview.summary.counts).toMatchObject({ new: 0, updated: 1, unchanged: 1 });
    const loaded = await loadPreview(fclArea, viewer, preview.id, { filter: "updated" });
    expect(loaded?.rows[0].changes).toEqual({
      carrier: ["COSCO", null],
      remark: ["旧", remark],
      paused: [false, true],
      gp20T0: [100, 100.5],
      hq40T2: [80, null],
      validTo: ["2099-02-01", "2099-03-01"],
    });
  });

  it("compares a staged row with the table's once per row (the status and the stored row as it was reuse the comparison)", async () => {
    const preview = await createPreview(fclArea, viewer, file([fclRow({ id: 875_101 })]), { fileName: "plan.xlsx" });
    if (!preview.ok) throw new Error("preview failed");
    const { columns } = await prisma.importPreview.findUniqueOrThrow({ where: { id: preview.id } });
    const [{ "QUERY PLAN": plan }] = await prisma.$queryRawUnsafe<{ "QUERY PLAN": unknown }[]>(
      `EXPLAIN (VERBOSE, FORMAT JSON) ${stageSql(fclArea, columns as WriteColumn[], [])}`,
      preview.id,
      0,
      "[]",
      [],
    );
    // The output columns of every plan node.
    type PlanNode = { Output?: string[]; Plans?: PlanNode[] };
    const outputs = (node: PlanNode): string[] => [...(node.Output ?? []), ...(node.Plans ?? []).flatMap(outputs)];
    const root = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
    // One node computes the comparison as a column of its own (the status CASE and `before` then use that column):
    // when the expression is inlined into them instead, no node outputs it alone and it runs once per use.
    expect(outputs(root[0].Plan).filter((output) => output.startsWith("CASE WHEN (t.id IS NOT NULL)"))).toHaveLength(1);
  });

  it("a file PostgreSQL refuses in a late chunk (staged on several connections) leaves no preview and no staged rows", async () => {
    const counts = async () => ({ previews: await prisma.importPreview.count(), rows: await stagedRows() });
    const before = await counts();
    allowConsoleError(); // the import logs the database's own message for the server's log
    // 25,000 rows: three chunks, staged two at a time; a NUL character (which PostgreSQL text cannot hold) in the last.
    const rows = Array.from({ length: 25_000 }, (_, i) => fclRow({ id: 890_000 + i, remark: i === 24_500 ? "bad\u0000text" : `r${i}` }));
    const preview = await createPreview(fclArea, viewer, file(rows), { fileName: "late-failure.xlsx" });
    expect(preview).toMatchObject({ ok: false, problems: [{ key: "data.import.badValue" }] });
    expect(await counts()).toEqual(before);
  }, 120_000);

  it("commit writes exactly the new and updated rows of the preview, once", async () => {
    await seedRows(871_000);
    const preview = await createPreview(
      fclArea,
      viewer,
      file([fclRow({ id: 871_001, "20GP_T0": 175 }), fclRow({ id: 871_002, "40GP_T1": 300 }), fclRow({ id: 871_010 })]),
      {
        fileName: "week.xlsx",
      },
    );
    if (!preview.ok) throw new Error("preview failed");
    const unchangedBefore = await prisma.fclRate.findUniqueOrThrow({ where: { id: 871_002 } });
    const committed = await commitPreview(fclArea, viewer, preview.id);
    expect(committed).toMatchObject({ ok: true, rows: 2, inserted: 1, updated: 1 });
    expect(Number((await prisma.fclRate.findUniqueOrThrow({ where: { id: 871_001 } })).gp20T0)).toBe(175);
    expect(await prisma.fclRate.count({ where: { id: 871_010 } })).toBe(1);
    // The unchanged row is not rewritten (its update time stays).
    expect((await prisma.fclRate.findUniqueOrThrow({ where: { id: 871_002 } })).updatedAt).toEqual(unchangedBefore.updatedAt);
    expect(await stagedRows(preview.id)).toBe(0);
    expect(await commitPreview(fclArea, viewer, preview.id)).toMatchObject({ ok: false, problems: [{ key: "importPreview.gone" }] });
  });

  it("a change to the table after the preview refuses the commit; nothing of the file is written", async () => {
    await seedRows(872_000);
    const preview = await createPreview(fclArea, viewer, file([fclRow({ id: 872_001, "20GP_T0": 199 }), fclRow({ id: 872_020 })]), {
      fileName: "week.xlsx",
    });
    if (!preview.ok) throw new Error("preview failed");
    await prisma.fclRate.update({ where: { id: 872_001 }, data: { gp20T0: 111 } });
    const committed = await commitPreview(fclArea, viewer, preview.id);
    expect(committed).toMatchObject({ ok: false, problems: [{ key: "importPreview.stale" }] });
    expect(Number((await prisma.fclRate.findUniqueOrThrow({ where: { id: 872_001 } })).gp20T0)).toBe(111);
    expect(await prisma.fclRate.count({ where: { id: 872_020 } })).toBe(0);
  });

  it("row errors are part of the preview (counted refused, with their messages) and the commit is refused", async () => {
    const preview = await createPreview(fclArea, viewer, file([fclRow({ id: 873_001 }), fclRow({ id: 873_002, valid_to: "2026-02-30" })]), {
      fileName: "bad.xlsx",
    });
    if (!preview.ok) throw new Error("preview failed");
    expect(preview.summary.counts).toMatchObject({ new: 1, refused: 1 });
    expect(preview.summary.problems).toEqual([{ key: "data.import.dateError", values: { ids: "873002" } }]);
    expect(await commitPreview(fclArea, viewer, preview.id)).toMatchObject({ ok: false, problems: [{ key: "importPreview.hasErrors" }] });
    expect(await prisma.fclRate.count({ where: { id: 873_001 } })).toBe(0);
  });

  it("a file the import cannot read gets the import's own message, and no preview", async () => {
    const missing = await previewOfUnreadable();
    expect(missing).toMatchObject({ ok: false, problems: [{ key: "data.import.missingColumns" }] });
  });

  it("discard leaves nothing; another user cannot open, commit or discard it; expired previews are removed", async () => {
    const before = await tableSnapshot();
    const preview = await createPreview(fclArea, viewer, file([fclRow({ id: 874_001 })]), { fileName: "week.xlsx" });
    if (!preview.ok) throw new Error("preview failed");
    const other = { id: viewer.id + 100_000, username: "someone" };
    expect(await loadPreview(fclArea, other, preview.id)).toBeNull();
    expect(await discardPreview(fclArea, other, preview.id)).toBe(false);
    expect(await discardPreview(fclArea, viewer, preview.id)).toBe(true);
    expect(await stagedRows(preview.id)).toBe(0);
    expect(await prisma.importPreview.count({ where: { id: preview.id } })).toBe(0);
    expect(await tableSnapshot()).toEqual(before);

    const old = await createPreview(fclArea, viewer, file([fclRow({ id: 874_002 })]), { fileName: "week.xlsx" });
    if (!old.ok) throw new Error("preview failed");
    await prisma.importPreview.update({ where: { id: old.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await cleanExpiredPreviews()).toBeGreaterThanOrEqual(1);
    expect(await stagedRows(old.id)).toBe(0);
    expect(await loadPreview(fclArea, viewer, old.id)).toBeNull();
  });

  it("a preview whose staged rows were lost (a crash empties the unlogged staging table) is gone: not shown, not reported, not committed", async () => {
    const before = await tableSnapshot();
    const preview = await createPreview(fclArea, viewer, file([fclRow({ id: 874_101 }), fclRow({ id: 874_102 })]), {
      fileName: "week.xlsx",
    });
    if (!preview.ok) throw new Error("preview failed");
    const { previewReport } = await import("~/domain/import-export/preview-report.server");
    // The report is refused before anything is translated.
    const t = ((key: string) => key) as unknown as Parameters<typeof previewReport>[3];
    // What PostgreSQL does to an UNLOGGED table after a crash: its rows are gone, the preview (a logged table) is not.
    await withTestDb((db) => db.query(`DELETE FROM import_stage_fcl_rates WHERE preview_id = $1`, [preview.id]));
    expect(await previewReport(fclArea, viewer, preview.id, t)).toBeNull();
    expect(await commitPreview(fclArea, viewer, preview.id)).toMatchObject({ ok: false, problems: [{ key: "importPreview.gone" }] });
    expect(await prisma.importPreview.count({ where: { id: preview.id } })).toBe(0);
    expect(await tableSnapshot()).toEqual(before);

    const again = await createPreview(fclArea, viewer, file([fclRow({ id: 874_103 })]), { fileName: "week.xlsx" });
    if (!again.ok) throw new Error("preview failed");
    await withTestDb((db) => db.query(`DELETE FROM import_stage_fcl_rates WHERE preview_id = $1`, [again.id]));
    expect(await loadPreview(fclArea, viewer, again.id)).toBeNull();
    expect(await prisma.importPreview.count({ where: { id: again.id } })).toBe(0);
  });

  it("every data area has an unlogged stage table with each column of its table, same name and type", async () => {
    const tables = Object.values(dataAreas).map((area) => sqlTable(area.model));
    const columns = await prisma.$queryRawUnsafe<
      { table: string; column: string; type: string; stage_type: string | null; persistence: string | null }[]
    >(
      `SELECT c.table_name AS "table", c.column_name AS "column", format_type(a.atttypid, a.atttypmod) AS type,
              format_type(sa.atttypid, sa.atttypmod) AS stage_type, sc.relpersistence::text AS persistence
         FROM information_schema.columns c
         JOIN pg_attribute a ON a.attrelid = format('%I', c.table_name)::regclass AND a.attname = c.column_name
         LEFT JOIN pg_class sc ON sc.oid = to_regclass(format('%I', 'import_stage_' || c.table_name))
         LEFT JOIN pg_attribute sa ON sa.attrelid = sc.oid AND sa.attname = c.column_name AND NOT sa.attisdropped
        WHERE c.table_schema = 'public' AND c.table_name = ANY($1::text[])`,
      tables,
    );
    expect(new Set(columns.map((c) => c.table))).toEqual(new Set(tables));
    // A column added to a data area's table and not to its stage table (or given another type) shows here.
    expect(columns.filter((c) => c.stage_type !== c.type || c.persistence !== "u")).toEqual([]);
  });

  it("deleting previews (one statement, several previews) deletes their staged rows", async () => {
    const made = await Promise.all(
      [874_201, 874_202].map((id) => createPreview(fclArea, viewer, file([fclRow({ id })]), { fileName: "week.xlsx" })),
    );
    const ids = made.map((p) => (p.ok ? p.id : ""));
    expect(await stagedRows(...ids)).toBe(2);
    const files = await prisma.importPreview.findMany({ where: { id: { in: ids } }, select: { fileKey: true } });
    await prisma.importPreview.deleteMany({ where: { id: { in: ids } } });
    expect(await stagedRows(...ids)).toBe(0);
    await removePreviewFiles(files.map((f) => f.fileKey));
  });
});

describe("the preview on the data screen (page flow, works without JavaScript)", () => {
  it("upload → ?preview=<id> page with counts and changes → commit → the list with the success message", async () => {
    const { loginAs } = await import("../support/requests");
    const { flashOf, load, post, uploadTo } = await import("./helpers");
    const fcl = await import("~/routes/backoffice/data-area");
    const cookie = await loginAs("data@example.com");
    await seedRows(875_000);
    const before = await tableSnapshot();
    const uploaded = await uploadTo(
      fcl,
      "/fclbyseaData",
      cookie,
      file([fclRow({ id: 875_001, "20GP_T0": 180 }), fclRow({ id: 875_030 })]),
      "week.xlsx",
      "preview",
    );
    expect(uploaded.status).toBe(302);
    const location = uploaded.headers.get("Location") ?? "";
    const id = /preview=([0-9a-f-]{36})/.exec(location)?.[1];
    expect(id).toBeTruthy();
    expect(await tableSnapshot()).toEqual(before);

    const page = await load(fcl, "/fclbyseaData", cookie, { preview: id!, pf: "updated" });
    expect(page.data.preview).toMatchObject({ gone: false, filter: "updated", total: 1, summary: { counts: { new: 1, updated: 1 } } });
    expect(page.data.preview.rows[0].changes).toEqual({ gp20T0: [100, 180] });

    const committed = await post(fcl, "/fclbyseaData", cookie, { intent: "commitPreview", previewId: id! });
    expect(committed.status).toBe(302);
    expect(await flashOf(committed, cookie)).toMatchObject({
      type: "success",
      key: "data.msg.imported",
      values: { rows: 2, inserted: 1, updated: 1 },
    });
    expect(Number((await prisma.fclRate.findUniqueOrThrow({ where: { id: 875_001 } })).gp20T0)).toBe(180);
    expect((await load(fcl, "/fclbyseaData", cookie, { preview: id! })).data.preview).toEqual({ gone: true });
  });
});

describe("port names in the preview (issue 23 item 3)", () => {
  it("shows each distinct pol/pod spelling and what it resolves to; the diff and the commit use the resolved names; unresolved ones are queued at commit", async () => {
    const base = 876_000;
    const seeded = await importSpreadsheet(fclArea, viewer, file([fclRow({ id: base + 1, pod: "QINGDAO" })]), { fileName: "seed.xlsx" });
    expect(seeded.ok).toBe(true);
    const preview = await createPreview(
      fclArea,
      viewer,
      file([
        // Same row, spelt by its LOCODE and Chinese name: unchanged once resolved.
        fclRow({ id: base + 1, pol: "上海港", pod: "CNTAO" }),
        fclRow({ id: base + 2, pol: "Shang Hai", pod: "TSINGTAO" }),
        fclRow({ id: base + 3, pol: "SHANGHAI", pod: "ZZ NOWHERE QX" }),
        fclRow({ id: base + 4, pol: "SHANGHAI", pod: "ZZ NOWHERE QX" }),
        fclRow({ id: base + 5, pol: "SHANGHAI", pod: "QINGDAO WEST TERMINAL" }),
      ]),
      { fileName: "ports.xlsx" },
    );
    if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
    expect(preview.summary.counts).toMatchObject({ new: 4, updated: 0, unchanged: 1 });
    expect(preview.summary.ports).toEqual({ unresolved: 1, resolved: 4, kept: 1, same: 1 });
    const loaded = await loadPreview(fclArea, viewer, preview.id);
    expect(loaded?.ports.total).toBe(7);
    expect(loaded?.ports.rows).toEqual([
      { column: "pod", name: "ZZ NOWHERE QX", port: null, state: "unresolved", rows: 2 },
      { column: "pod", name: "CNTAO", port: "QINGDAO", state: "resolved", rows: 1 },
      { column: "pod", name: "TSINGTAO", port: "QINGDAO", state: "resolved", rows: 1 },
      { column: "pol", name: "Shang Hai", port: "SHANGHAI", state: "resolved", rows: 1 },
      { column: "pol", name: "上海港", port: "SHANGHAI", state: "resolved", rows: 1 },
      { column: "pod", name: "QINGDAO WEST TERMINAL", port: null, state: "kept", rows: 1 },
      { column: "pol", name: "SHANGHAI", port: "SHANGHAI", state: "same", rows: 3 },
    ]);
    // Paged: a second page of one.
    expect((await loadPreview(fclArea, viewer, preview.id, { pageSize: 6, portsPage: 2 }))?.ports.rows).toEqual([
      { column: "pol", name: "SHANGHAI", port: "SHANGHAI", state: "same", rows: 3 },
    ]);
    expect(await prisma.portUnresolvedName.count({ where: { name: "ZZ NOWHERE QX" } })).toBe(0);

    const committed = await commitPreview(fclArea, viewer, preview.id);
    expect(committed).toMatchObject({ ok: true, rows: 4, inserted: 4, updated: 0 });
    const rows = await prisma.fclRate.findMany({
      where: { id: { gt: base, lte: base + 5 } },
      orderBy: { id: "asc" },
      select: { pol: true, pod: true },
    });
    expect(rows).toEqual([
      { pol: "SHANGHAI", pod: "QINGDAO" },
      { pol: "SHANGHAI", pod: "QINGDAO" },
      { pol: "SHANGHAI", pod: "ZZ NOWHERE QX" },
      { pol: "SHANGHAI", pod: "ZZ NOWHERE QX" },
      { pol: "SHANGHAI", pod: "QINGDAO WEST TERMINAL" },
    ]);
    expect(await prisma.portUnresolvedName.findMany({ where: { name: "ZZ NOWHERE QX" } })).toMatchObject([{ area: "fcl", rows: 2 }]);
    expect(await prisma.importPreviewPort.count({ where: { previewId: preview.id } })).toBe(0);
  });

  it("an alias saved after the preview refuses the commit (the preview showed other resolutions)", async () => {
    const { saveAlias } = await import("~/domain/reference/port-aliases.server");
    const preview = await createPreview(fclArea, viewer, file([fclRow({ id: 877_001, pod: "QQ LATER ALIAS" })]), {
      fileName: "ports.xlsx",
    });
    if (!preview.ok) throw new Error("preview failed");
    expect(preview.summary.ports?.unresolved).toBe(1);
    expect(await saveAlias(viewer, { id: null, alias: "QQ LATER ALIAS", port: "NINGBO" })).toMatchObject({ ok: true });
    expect(await commitPreview(fclArea, viewer, preview.id)).toMatchObject({ ok: false, problems: [{ key: "importPreview.stale" }] });
    expect(await prisma.fclRate.count({ where: { id: 877_001 } })).toBe(0);
  });

  it("LCL has the section too; areas without sea-port names (air, rail) have none", async () => {
    const { airArea, lclArea, railArea } = await import("~/domain/data-areas");
    const { importTemplate } = await import("~/domain/import-export/template.server");
    const { getT } = await import("~/i18n/i18n.server");
    const t = await getT(new Request("http://localhost/"));
    for (const [area, ports] of [
      [lclArea, true],
      [airArea, false],
      [railArea, false],
    ] as const) {
      const preview = await createPreview(area, viewer, (await importTemplate(area, t)).data, { fileName: "template.xlsx" });
      if (!preview.ok) throw new Error(`${area.key}: ${JSON.stringify(preview.problems)}`);
      expect(preview.summary.ports !== undefined, area.key).toBe(ports);
    }
  });
});

describe("the original file of a batch committed through the preview (issue 23 item 2)", () => {
  it("is kept like a direct import's: the download returns the uploaded bytes and the batch has their SHA-256", async () => {
    const { batchFile, checksumOf } = await import("~/domain/import-export/batches.server");
    const upload = file([fclRow({ id: 878_001 }), fclRow({ id: 878_002, "40GP_T1": 310 })]);
    // The parse worker takes the upload's buffer over: the test keeps its own copy.
    const bytes = Buffer.from(upload);
    const preview = await createPreview(fclArea, viewer, upload, { fileName: "original.xlsx" });
    if (!preview.ok) throw new Error("preview failed");
    const committed = await commitPreview(fclArea, viewer, preview.id);
    if (!committed.ok || !committed.batchId) throw new Error(JSON.stringify(committed));
    const batch = await prisma.importBatch.findUniqueOrThrow({ where: { id: committed.batchId } });
    expect(batch).toMatchObject({ fileName: "original.xlsx", source: "file", checksum: checksumOf(bytes) });
    const stored = await batchFile(fclArea, committed.batchId);
    expect(stored?.fileName).toBe("original.xlsx");
    expect(Buffer.compare(stored!.data, bytes)).toBe(0);
    expect(checksumOf(stored!.data)).toBe(checksumOf(bytes));
  });
});

describe("the uploaded file of a preview is kept on disk (UPLOAD_DIR/previews), not in the database (issue 23, performance)", () => {
  const previewDir = () => path.join(process.env.UPLOAD_DIR!, "previews");
  const previewFiles = () => (fs.existsSync(previewDir()) ? fs.readdirSync(previewDir()) : []);
  const keyOf = async (id: string) => (await prisma.importPreview.findUniqueOrThrow({ where: { id } })).fileKey!;

  it("is written under the preview's id with its SHA-256; discard, expiry and a refused file leave no file", async () => {
    const { checksumOf } = await import("~/domain/import-export/batches.server");
    const upload = file([fclRow({ id: 879_001 })]);
    const bytes = Buffer.from(upload);
    const preview = await createPreview(fclArea, viewer, upload, { fileName: "disk.xlsx" });
    if (!preview.ok) throw new Error("preview failed");
    const row = await prisma.importPreview.findUniqueOrThrow({ where: { id: preview.id } });
    expect(row).toMatchObject({ original: null, fileKey: `${preview.id.replaceAll("-", "")}.xlsx`, fileChecksum: checksumOf(bytes) });
    expect(Buffer.compare(fs.readFileSync(path.join(previewDir(), row.fileKey!)), bytes)).toBe(0);
    expect(await discardPreview(fclArea, viewer, preview.id)).toBe(true);
    expect(previewFiles()).not.toContain(row.fileKey);

    const old = await createPreview(fclArea, viewer, file([fclRow({ id: 879_002 })]), { fileName: "old.xlsx" });
    if (!old.ok) throw new Error("preview failed");
    const oldKey = await keyOf(old.id);
    expect(previewFiles()).toContain(oldKey);
    await prisma.importPreview.update({ where: { id: old.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await cleanExpiredPreviews();
    expect(previewFiles()).not.toContain(oldKey);

    const before = previewFiles();
    const refused = await previewOfUnreadable();
    expect(refused.ok).toBe(false);
    expect(previewFiles()).toEqual(before);
  });

  it("the commit links it to the batch (download after commit); pruning the batch deletes it", async () => {
    const { batchFile } = await import("~/domain/import-export/batches.server");
    const upload = file([fclRow({ id: 879_101 })]);
    const bytes = Buffer.from(upload);
    const preview = await createPreview(fclArea, viewer, upload, { fileName: "linked.xlsx" });
    if (!preview.ok) throw new Error("preview failed");
    const key = await keyOf(preview.id);
    const committed = await commitPreview(fclArea, viewer, preview.id);
    if (!committed.ok || !committed.batchId) throw new Error(JSON.stringify(committed));
    // The preview's name is gone with the preview; the batch's file is the same bytes.
    expect(previewFiles()).not.toContain(key);
    const batch = await prisma.importBatch.findUniqueOrThrow({ where: { id: committed.batchId } });
    const batchPath = path.join(process.env.UPLOAD_DIR!, "imports", batch.fileKey!);
    expect(Buffer.compare((await batchFile(fclArea, committed.batchId))!.data, bytes)).toBe(0);

    // Fifty newer batches, then an import: this batch is pruned, and its file with it.
    await prisma.importBatch.createMany({
      data: Array.from({ length: KEEP_BATCHES }, (_, i) => ({
        area: "fcl",
        fileName: `newer-${i}.xlsx`,
        checksum: "x",
        rowCount: 0,
        inserted: 0,
        updated: 0,
      })),
    });
    expect((await importSpreadsheet(fclArea, viewer, file([fclRow({ id: 879_102 })]), { fileName: "later.xlsx" })).ok).toBe(true);
    expect(await prisma.importBatch.count({ where: { id: committed.batchId } })).toBe(0);
    expect(fs.existsSync(batchPath)).toBe(false);
  });

  it("a preview made before the change (its bytes in the database) still commits with its file as the batch's original", async () => {
    const { batchFile } = await import("~/domain/import-export/batches.server");
    const upload = file([fclRow({ id: 879_201 })]);
    const bytes = Buffer.from(upload);
    const preview = await createPreview(fclArea, viewer, upload, { fileName: "legacy.xlsx" });
    if (!preview.ok) throw new Error("preview failed");
    // As migration 20261206210000 found it: bytes in the row, no file.
    await removePreviewFiles([await keyOf(preview.id)]);
    await prisma.importPreview.update({ where: { id: preview.id }, data: { original: bytes, fileKey: null, fileChecksum: null } });
    const committed = await commitPreview(fclArea, viewer, preview.id);
    if (!committed.ok || !committed.batchId) throw new Error(JSON.stringify(committed));
    expect(Buffer.compare((await batchFile(fclArea, committed.batchId))!.data, bytes)).toBe(0);
  });

  it("the storage sweep removes old preview files no preview names, and keeps a live preview's", async () => {
    const { sweepUploads, SWEEP_GRACE_MS } = await import("~/domain/storage/sweep.server");
    const live = await createPreview(fclArea, viewer, file([fclRow({ id: 879_301 })]), { fileName: "live.xlsx" });
    if (!live.ok) throw new Error("preview failed");
    const liveKey = await keyOf(live.id);
    const orphan = `${"ab".repeat(16)}.xlsx`;
    fs.writeFileSync(path.join(previewDir(), orphan), "left by a crash");
    const removed = await sweepUploads({ now: Date.now() + SWEEP_GRACE_MS + 60_000 });
    expect(removed.previews).toBeGreaterThanOrEqual(1);
    expect(previewFiles()).toContain(liveKey);
    expect(previewFiles()).not.toContain(orphan);
  });
});

describe("the preview report (.xlsx, issue 23 item 1)", () => {
  it("a GET link of the preview page gives a workbook with the numbers the preview showed; only its maker, only with the import permission", async () => {
    const XLSX = await import("@e965/xlsx");
    const { loginAs, callRoute, getRequest } = await import("../support/requests");
    const { load } = await import("./helpers");
    const fcl = await import("~/routes/backoffice/data-area");
    const report = await import("~/routes/backoffice/data-area-preview-report");
    const cookie = await loginAs("data@example.com");
    await seedRows(879_000);
    const preview = await createPreview(
      fclArea,
      viewer,
      sheetBytes([
        [...headers(fclArea), "Remarks X"],
        fclRow({ id: 879_001, "20GP_T0": 155, carrier: "COSCO" }),
        fclRow({ id: 879_002, "40GP_T1": 300 }),
        fclRow({ id: null, pod: "TSINGTAO", valid_fm: "2019-01-01", valid_to: "2020-01-01" }),
        fclRow({ id: 879_003, pod: "ZZ REPORT NOWHERE" }),
        fclRow({ id: 879_004, valid_to: "2026-02-30" }),
      ]),
      { fileName: "week.xlsx" },
    );
    if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
    const page = await load(fcl, "/fclbyseaData", cookie, { preview: preview.id });
    const shown = page.data.preview;
    expect(shown.summary.counts).toEqual({ new: 2, updated: 1, unchanged: 1, refused: 1, hidden: 1 });

    const result = await callRoute(report.loader, getRequest(`/fclbyseaData/preview-report/${preview.id}`, undefined, { cookie }), {
      params: { area: "fclbyseaData", preview: String(preview.id) },
    });
    expect(result.status).toBe(200);
    const response = result.response as Response;
    expect(response.headers.get("Content-Type")).toContain("spreadsheetml");
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array" });
    expect(book.SheetNames).toEqual(["汇总", "新增", "变更", "错误", "未识别的列", "今天对客户不可见", "港口名称"]);
    const sheet = (name: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name], { header: 1, raw: true, defval: null });
    const summary = Object.fromEntries(sheet("汇总").slice(1) as [string, unknown][]);
    expect(summary).toMatchObject({
      文件: "week.xlsx",
      "新增（条）": 2,
      "更新（条）": 1,
      "不变（条）": 1,
      "有误（行）": 1,
      "今天对客户不可见（条）": 1,
      未识别的列: 1,
    });
    expect(summary["港口名称: 已识别，将写为港口名"]).toBe(shown.summary.ports.resolved);
    expect(summary["港口名称: 未识别，提交后进入待处理队列"]).toBe(1);
    // New rows: the file's headers, the resolved port names (what the commit writes).
    const added = sheet("新增");
    expect(added).toHaveLength(3);
    const podAt = (added[0] as string[]).indexOf("pod");
    expect(added.slice(1).map((row) => row[1])).toEqual([null, 879_003]);
    expect(added.slice(1).map((row) => row[podAt])).toEqual(["QINGDAO", "ZZ REPORT NOWHERE"]);
    const changed = sheet("变更").slice(1);
    expect(changed).toEqual(
      expect.arrayContaining([
        expect.arrayContaining([879_001, "20GP_T0", 100, 155]),
        expect.arrayContaining([879_001, "carrier", null, "COSCO"]),
      ]),
    );
    expect(changed).toHaveLength(2);
    expect(sheet("错误").slice(1)).toEqual([[null, null, "ID为879004日期错误"]]);
    expect(sheet("未识别的列").slice(1)).toEqual([["Remarks X"]]);
    expect(sheet("今天对客户不可见").slice(1)).toEqual([[expect.any(Number), null, "2019-01-01", "2020-01-01"]]);
    expect(sheet("港口名称").slice(1)).toEqual(
      expect.arrayContaining([
        ["pod", "TSINGTAO", "QINGDAO", "已识别，将写为港口名", 1],
        ["pod", "ZZ REPORT NOWHERE", null, "未识别，提交后进入待处理队列", 1],
      ]),
    );

    // Another user (even with the permission) and a user without it get nothing.
    const admin = await loginAs("admin@example.com");
    expect(
      (
        await callRoute(report.loader, getRequest(`/fclbyseaData/preview-report/${preview.id}`, undefined, { cookie: admin }), {
          params: { area: "fclbyseaData", preview: String(preview.id) },
        })
      ).status,
    ).toBe(404);
    const withoutImport = await loginAs("service@example.com");
    expect(
      (
        await callRoute(report.loader, getRequest(`/fclbyseaData/preview-report/${preview.id}`, undefined, { cookie: withoutImport }), {
          params: { area: "fclbyseaData", preview: String(preview.id) },
        })
      ).status,
    ).toBe(403);
    await discardPreview(fclArea, viewer, preview.id);
    expect(
      (
        await callRoute(report.loader, getRequest(`/fclbyseaData/preview-report/${preview.id}`, undefined, { cookie }), {
          params: { area: "fclbyseaData", preview: String(preview.id) },
        })
      ).status,
    ).toBe(404);
  });
});
