// Issue 23, performance: the preview's commit writes straight from the
// staging table in SQL and the undo restores set-based. These check that
// the set-based paths write what the direct import writes and that undo
// gives back the table exactly, at a few thousand rows.
import { beforeAll, describe, expect, it } from "vitest";
import { fclArea } from "~/domain/data-areas";
import { undoBatch } from "~/domain/import-export/batches.server";
import { importSpreadsheet } from "~/domain/import-export/import.server";
import { commitPreview, createPreview, loadPreview } from "~/domain/import-export/preview.server";
import { prisma } from "~/utils/db.server";
import { sqlColumn } from "~/utils/sql-names.server";
import { withTestDb } from "../support/db";
import { headers, rowOf, sheetBytes, type Who, whoIs } from "./helpers";
import { tableChecksum } from "../support/table-checksum";

let viewer: Who;
beforeAll(async () => {
  viewer = await whoIs("data@example.com");
});

const BASE = 880_000;
const SEEDED = 2_000;

/**
 * What an import wrote, comparable between two imports of one file: rows
 * with the file's ids by id, rows the file gave no id by content (their ids
 * come from the sequence); the update time left out.
 */
const writtenState = () =>
  withTestDb(async (db) => {
    const { rows } = await db.query(
      `SELECT md5(COALESCE(string_agg((to_jsonb(t) - 'updated_at')::text, '|' ORDER BY t.id) FILTER (WHERE t.id BETWEEN $1 AND $2 AND t.remark IS DISTINCT FROM 'no id'), '')) AS by_id,
              md5(COALESCE(string_agg((to_jsonb(t) - 'updated_at' - 'id')::text, '|' ORDER BY (to_jsonb(t) - 'updated_at' - 'id')::text)
                  FILTER (WHERE t.remark = 'no id'), '')) AS by_content,
              count(*)::int AS rows
       FROM fcl_rates t`,
      [BASE, BASE + 4000],
    );
    return rows[0] as { by_id: string; by_content: string; rows: number };
  });

const fclRow = (values: Record<string, unknown>) =>
  rowOf(fclArea, { pol: "SHANGHAI", pod: "LOS ANGELES", "20GP_T0": 100, valid_fm: "2026-01-01", valid_to: "2099-02-01", ...values });
const file = (rows: unknown[][]) => sheetBytes([headers(fclArea), ...rows]);

/** Rows with every kind of column: text (Chinese too), prices, dates, the paused flag, remarks. */
function variedRow(i: number, id: number | null, shift: number): unknown[] {
  return fclRow({
    id,
    pod: ["LOS ANGELES", "HAMBURG", "ROTTERDAM", "汉堡"][i % 4],
    carrier: i % 3 ? `CARRIER ${i % 7}` : null,
    "20GP_T0": 100 + (i % 50) + shift,
    "40GP_T1": i % 5 ? 200.5 + shift : null,
    "40HQ_T2": (i % 11) * 3.25,
    valid_fm: "2026-01-01",
    valid_to: shift ? "2099-03-0" + (1 + (i % 9)) : "2099-02-01",
    yes_no: i % 4 === 0 ? "是" : "否",
    remark: id === null ? "no id" : `备注 ${i % 13} ${shift}`,
  });
}

async function seed(): Promise<void> {
  const rows = Array.from({ length: SEEDED }, (_, i) => variedRow(i, BASE + 1 + i, 0));
  const seeded = await importSpreadsheet(fclArea, viewer, file(rows), { fileName: "seed.xlsx" });
  expect(seeded).toMatchObject({ ok: true, inserted: SEEDED });
}

/** Changes half the seeded rows, leaves a quarter as they are, adds rows with and without ids. */
function changesFile(): Uint8Array {
  const rows: unknown[][] = [];
  for (let i = 0; i < SEEDED; i++) {
    if (i % 4 === 3) continue;
    rows.push(variedRow(i, BASE + 1 + i, i % 2 ? 7 : 0));
  }
  for (let i = 0; i < 700; i++) rows.push(variedRow(i, BASE + SEEDED + 100 + i, 3));
  for (let i = 0; i < 300; i++) rows.push(variedRow(i, null, 3));
  return file(rows);
}

describe("set-based commit and undo (issue 23, performance)", () => {
  it("the commit from the staging table writes exactly what the direct import of the same file writes, and undo restores the table", async () => {
    await seed();
    const before = await tableChecksum();
    const bytes = changesFile();

    const direct = await importSpreadsheet(fclArea, viewer, bytes.slice(), { fileName: "week.xlsx" });
    if (!direct.ok) throw new Error(JSON.stringify(direct.problems));
    const directState = await writtenState();
    expect(await undoBatch(fclArea, viewer, direct.batchId!)).toMatchObject({ ok: true, deleted: 1000 });
    expect(await tableChecksum()).toBe(before);

    const preview = await createPreview(fclArea, viewer, bytes.slice(), { fileName: "week.xlsx" });
    if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
    // Of the 1,500 seeded rows in the file (i % 4 of 0, 1, 2) those with odd i (i % 4 = 1) change: 500 updated.
    expect(preview.summary.counts).toMatchObject({ new: 1000, updated: 500, unchanged: 1000, refused: 0 });
    const committed = await commitPreview(fclArea, viewer, preview.id);
    expect(committed).toMatchObject({ ok: true, rows: 1500, inserted: 1000, updated: 500 });
    if (!committed.ok) return;
    expect(committed.ids).toHaveLength(1500);
    expect(await writtenState()).toEqual(directState);

    // The batch: the before-image of each updated row, each inserted id (undo needs both).
    const batchRows = await prisma.importBatchRow.groupBy({ by: ["batchId"], where: { batchId: committed.batchId! }, _count: true });
    expect(batchRows[0]._count).toBe(1500);
    expect(await prisma.importBatch.findUniqueOrThrow({ where: { id: committed.batchId! } })).toMatchObject({
      rowCount: 1500,
      inserted: 1000,
      updated: 500,
    });

    const undone = await undoBatch(fclArea, viewer, committed.batchId!);
    expect(undone).toEqual({ ok: true, restored: 500, deleted: 1000, skipped: 0 });
    expect(await tableChecksum()).toBe(before);
  }, 300_000);

  it("undo with rows changed since restores the others and leaves those, in one go", async () => {
    const bytes = file(Array.from({ length: 1500 }, (_, i) => variedRow(i, BASE + 5000 + i, 0)));
    const first = await importSpreadsheet(fclArea, viewer, bytes, { fileName: "first.xlsx" });
    expect(first.ok).toBe(true);
    const before = await tableChecksum();
    const second = await importSpreadsheet(
      fclArea,
      viewer,
      file(Array.from({ length: 1500 }, (_, i) => variedRow(i, BASE + 5000 + i, 9))),
      {
        fileName: "second.xlsx",
      },
    );
    if (!second.ok) throw new Error(JSON.stringify(second.problems));
    await prisma.fclRate.update({ where: { id: BASE + 5000 }, data: { carrier: "LATER EDIT" } });
    expect(await undoBatch(fclArea, viewer, second.batchId!)).toMatchObject({
      ok: false,
      reason: "conflicts",
      conflicts: { count: 1, ids: [BASE + 5000] },
    });
    expect(await undoBatch(fclArea, viewer, second.batchId!, { rest: true })).toEqual({ ok: true, restored: 1499, deleted: 0, skipped: 1 });
    expect((await prisma.fclRate.findUniqueOrThrow({ where: { id: BASE + 5000 } })).carrier).toBe("LATER EDIT");
    // Every other row has the first file's price again; the edited one keeps the second file's.
    const prices = await withTestDb(
      async (db) =>
        (
          await db.query(
            `SELECT count(*) FILTER (WHERE gp20_t0 = 100 + (id - $1) % 50)::int AS first, count(*) FILTER (WHERE gp20_t0 = 109 + (id - $1) % 50)::int AS second
             FROM fcl_rates WHERE id BETWEEN $1 AND $2`,
            [BASE + 5000, BASE + 6499],
          )
        ).rows[0],
    );
    expect(prices).toEqual({ first: 1499, second: 1 });
    expect(before).not.toBe(await tableChecksum());
  }, 300_000);

  it("the commit writes exactly the staged rows the preview showed, and records as before-images the old values it showed", async () => {
    const bytes = file(Array.from({ length: 1200 }, (_, i) => variedRow(i, BASE + 8000 + i, 0)));
    expect(await importSpreadsheet(fclArea, viewer, bytes, { fileName: "base.xlsx" })).toMatchObject({ ok: true, inserted: 1200 });
    // A third changed (prices, dates, remarks), a third as they are, and 400 new rows.
    const rows = Array.from({ length: 1200 }, (_, i) => variedRow(i, BASE + 8000 + i, i % 3 === 0 ? 4 : 0));
    for (let i = 0; i < 400; i++) rows.push(variedRow(i, BASE + 9500 + i, 2));
    const preview = await createPreview(fclArea, viewer, file(rows), { fileName: "week.xlsx" });
    if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
    expect(preview.summary.counts).toMatchObject({ new: 400, updated: 400, unchanged: 800 });
    // The staged rows as the preview showed them (the commit deletes the preview).
    const { columns } = await prisma.importPreview.findUniqueOrThrow({ where: { id: preview.id }, select: { columns: true } });
    // The stage table's columns are the table's, typed: compared column to column.
    const written = (columns as { field: string }[]).flatMap((c) => (c.field === "updatedAt" ? [] : [sqlColumn("fclRate", c.field)]));
    await withTestDb((db) =>
      db.query(`CREATE TABLE staged_copy AS SELECT * FROM import_stage_fcl_rates WHERE preview_id = $1`, [preview.id]),
    );
    const untouchedBefore = await withTestDb(
      async (db) =>
        (
          await db.query(
            `SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) AS sum FROM fcl_rates t JOIN staged_copy s ON s.id = t.id WHERE s.status = 'unchanged'`,
          )
        ).rows[0].sum as string,
    );

    const committed = await commitPreview(fclArea, viewer, preview.id);
    expect(committed).toMatchObject({ ok: true, inserted: 400, updated: 400 });
    if (!committed.ok) return;
    const check = await withTestDb(async (db) => {
      const differs = written.map((column) => `t."${column}" IS DISTINCT FROM s."${column}"`).join(" OR ");
      // The row as it was, which the preview staged (its page's old values), is the batch's before-image.
      const oldShown = `to_jsonb(s.before::fcl_rates) IS DISTINCT FROM r.before`;
      const { rows } = await db.query(
        `SELECT (SELECT count(*)::int FROM staged_copy s JOIN fcl_rates t ON t.id = s.id WHERE s.status IN ('new', 'updated') AND (${differs})) AS differing,
                (SELECT count(*)::int FROM staged_copy s JOIN fcl_rates t ON t.id = s.id WHERE s.status IN ('new', 'updated')) AS written,
                (SELECT count(*)::int FROM staged_copy s JOIN import_batch_rows r ON r.batch_id = $1 AND r.row_id = s.id
                  WHERE s.status = 'updated' AND (${oldShown})) AS old_differing,
                (SELECT count(*)::int FROM import_batch_rows r JOIN staged_copy s ON s.id = r.row_id WHERE r.batch_id = $1 AND s.status = 'unchanged') AS unchanged_in_batch,
                (SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) FROM fcl_rates t JOIN staged_copy s ON s.id = t.id WHERE s.status = 'unchanged') AS untouched`,
        [committed.batchId],
      );
      await db.query(`DROP TABLE staged_copy`);
      return rows[0];
    });
    expect(check).toEqual({ differing: 0, written: 800, old_differing: 0, unchanged_in_batch: 0, untouched: untouchedBefore });
  }, 300_000);

  it("a change in a text field only (no price) is previewed as updated, committed, and undone", async () => {
    const id = BASE + 12_000;
    const base = fclRow({ id, carrier: "COSCO", remark: "周三截关" });
    const first = await importSpreadsheet(fclArea, viewer, file([base]), { fileName: "one.xlsx" });
    expect(first.ok).toBe(true);
    const before = await tableChecksum();
    const preview = await createPreview(fclArea, viewer, file([fclRow({ id, carrier: "COSCO", remark: "周四截关" })]), {
      fileName: "remark.xlsx",
    });
    if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
    expect(preview.summary.counts).toMatchObject({ new: 0, updated: 1, unchanged: 0 });
    const staged = await loadPreview(fclArea, viewer, preview.id);
    expect(staged?.rows).toMatchObject([{ status: "updated", changes: { remark: ["周三截关", "周四截关"] } }]);
    const committed = await commitPreview(fclArea, viewer, preview.id);
    expect(committed).toMatchObject({ ok: true, updated: 1, inserted: 0 });
    if (!committed.ok) return;
    expect((await prisma.fclRate.findUniqueOrThrow({ where: { id } })).remark).toBe("周四截关");
    expect(await undoBatch(fclArea, viewer, committed.batchId!)).toEqual({ ok: true, restored: 1, deleted: 0, skipped: 0 });
    expect(await tableChecksum()).toBe(before);
  }, 300_000);

  it("a batch recorded before the row hash changed (md5 of the row's JSON) still undoes, and still sees later edits as conflicts", async () => {
    const rows = (shift: number) => file(Array.from({ length: 300 }, (_, i) => variedRow(i, BASE + 13_000 + i, shift)));
    expect((await importSpreadsheet(fclArea, viewer, rows(0), { fileName: "old-1.xlsx" })).ok).toBe(true);
    const before = await tableChecksum();
    const second = await importSpreadsheet(fclArea, viewer, rows(6), { fileName: "old-2.xlsx" });
    if (!second.ok) throw new Error(JSON.stringify(second.problems));
    // The hashes as the writer recorded them until 24 Nov 2026.
    await withTestDb((db) =>
      db.query(
        `UPDATE import_batch_rows r SET after_hash = md5(to_jsonb(t)::text) FROM fcl_rates t WHERE r.batch_id = $1 AND t.id = r.row_id`,
        [second.batchId],
      ),
    );
    await prisma.fclRate.update({ where: { id: BASE + 13_000 }, data: { carrier: "EDITED LATER" } });
    expect(await undoBatch(fclArea, viewer, second.batchId!)).toMatchObject({ ok: false, reason: "conflicts", conflicts: { count: 1 } });
    await prisma.fclRate.update({ where: { id: BASE + 13_000 }, data: { carrier: null } });
    await withTestDb((db) =>
      db.query(
        `UPDATE import_batch_rows r SET after_hash = md5(to_jsonb(t)::text) FROM fcl_rates t WHERE r.batch_id = $1 AND t.id = r.row_id`,
        [second.batchId],
      ),
    );
    expect(await undoBatch(fclArea, viewer, second.batchId!)).toEqual({ ok: true, restored: 300, deleted: 0, skipped: 0 });
    expect(await tableChecksum()).toBe(before);
  }, 300_000);
});
