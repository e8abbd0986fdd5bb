// Issue 23, performance (branch issue-23c): the commit records each updated
// row's before-image from RETURNING old in the upsert itself, and batch rows
// carry no foreign key (a statement-level trigger deletes the rows of a
// deleted batch). These check what a user would notice: an all-updated commit
// of a few thousand rows keeps the exact old rows and undo gives the table
// back to the byte; a pruned batch leaves no rows behind.
import { beforeAll, describe, expect, it } from "vitest";
import { fclArea } from "~/domain/data-areas";
import { undoBatch } from "~/domain/import-export/batches.server";
import { importSpreadsheet } from "~/domain/import-export/import.server";
import { commitPreview, createPreview } from "~/domain/import-export/preview.server";
import { prisma } from "~/utils/db.server";
import { withTestDb } from "../support/db";
import { headers, rowOf, sheetBytes, type Who, whoIs } from "./helpers";
import { tableChecksum } from "../support/table-checksum";

let viewer: Who;
beforeAll(async () => {
  viewer = await whoIs("data@example.com");
});

const BASE = 930_000;
const ROWS = 3_000;

function row(i: number, shift: number, remark = `备注 ${i % 13}`): unknown[] {
  return rowOf(fclArea, {
    id: BASE + i,
    pol: "SHANGHAI",
    pod: ["LOS ANGELES", "HAMBURG", "汉堡"][i % 3],
    carrier: i % 4 ? `CARRIER ${i % 5}` : null,
    "20GP_T0": 100 + (i % 50) + shift,
    "40GP_T1": i % 5 ? 200.5 + shift : null,
    "40HQ_T2": (i % 11) * 3.25 + shift,
    valid_fm: "2026-01-01",
    valid_to: "2099-02-01",
    yes_no: i % 4 === 0 ? "是" : "否",
    remark,
  });
}
const file = (rows: unknown[][]) => sheetBytes([headers(fclArea), ...rows]);

describe("commit and undo at a few thousand rows (issue 23, performance)", () => {
  it("an all-updated commit keeps each row's exact before-image, and undo restores the table's checksum", async () => {
    const seeded = await importSpreadsheet(fclArea, viewer, file(Array.from({ length: ROWS }, (_, i) => row(i, 0))), {
      fileName: "seed.xlsx",
    });
    expect(seeded).toMatchObject({ ok: true, inserted: ROWS });
    const before = await tableChecksum();
    // The rows as they are now, as JSON (what a before-image holds).
    await withTestDb((db) =>
      db.query(`CREATE TABLE rows_before AS SELECT id, to_jsonb(t) AS image FROM fcl_rates t WHERE id BETWEEN $1 AND $2`, [
        BASE,
        BASE + ROWS,
      ]),
    );

    // Every row changes: prices on most, only the remark (a text field) on every seventh.
    const changed = Array.from({ length: ROWS }, (_, i) => (i % 7 === 0 ? row(i, 0, `改 ${i}`) : row(i, 9)));
    const preview = await createPreview(fclArea, viewer, file(changed), { fileName: "all-updated.xlsx" });
    if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
    expect(preview.summary.counts).toMatchObject({ new: 0, updated: ROWS, unchanged: 0, refused: 0 });
    const committed = await commitPreview(fclArea, viewer, preview.id);
    expect(committed).toMatchObject({ ok: true, rows: ROWS, inserted: 0, updated: ROWS });
    if (!committed.ok) return;

    const check = await withTestDb(async (db) => {
      const { rows } = await db.query(
        `SELECT count(*)::int AS rows,
                count(*) FILTER (WHERE r.before IS DISTINCT FROM b.image)::int AS wrong_image,
                count(*) FILTER (WHERE t.xmin::text <> (ib.written_xact % 4294967296)::text)::int AS wrong_stamp,
                (SELECT count(*)::int FROM fcl_rates t2 JOIN rows_before b2 ON b2.id = t2.id WHERE to_jsonb(t2) = b2.image) AS unchanged_rows,
                (SELECT count(*)::int FROM fcl_rates t3 WHERE t3.id BETWEEN $2 AND $3 AND t3.remark LIKE '改 %') AS remarks
         FROM import_batch_rows r JOIN rows_before b ON b.id = r.row_id JOIN fcl_rates t ON t.id = r.row_id
         JOIN import_batches ib ON ib.id = r.batch_id
         WHERE r.batch_id = $1`,
        [committed.batchId, BASE, BASE + ROWS],
      );
      return rows[0];
    });
    expect(check).toEqual({ rows: ROWS, wrong_image: 0, wrong_stamp: 0, unchanged_rows: 0, remarks: Math.ceil(ROWS / 7) });

    expect(await undoBatch(fclArea, viewer, committed.batchId!)).toEqual({ ok: true, restored: ROWS, deleted: 0, skipped: 0 });
    expect(await tableChecksum()).toBe(before);
    await withTestDb((db) => db.query(`DROP TABLE rows_before`));
  }, 300_000);

  it("deleting batches (the pruning to the last 50) deletes their rows, in one statement for several batches", async () => {
    const batches: number[] = [];
    for (const shift of [1, 2, 3]) {
      const done = await importSpreadsheet(fclArea, viewer, file(Array.from({ length: 20 }, (_, i) => row(5_000 + i, shift))), {
        fileName: `b${shift}.xlsx`,
      });
      if (!done.ok) throw new Error(JSON.stringify(done.problems));
      batches.push(done.batchId!);
    }
    const count = (ids: number[]) => prisma.importBatchRow.count({ where: { batchId: { in: ids } } });
    expect(await count(batches)).toBe(60);
    await prisma.importBatch.deleteMany({ where: { id: { in: batches.slice(0, 2) } } });
    expect(await count(batches.slice(0, 2))).toBe(0);
    expect(await count(batches.slice(2))).toBe(20);
    // The last one still undoes (its rows were kept).
    expect(await undoBatch(fclArea, viewer, batches[2])).toMatchObject({ ok: true, restored: 20 });
  }, 120_000);
});
