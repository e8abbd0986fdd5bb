// Issue 23, performance (branch issue-23b, decision 204 "Compact batch
// storage"): a batch keeps its rows as import_batch_chunks (one row per
// 10,000 written rows, arrays of ids and text before-images), and since
// migration 20261209010000 a stamp (the writing transaction's id) instead
// of a hash per row.
// These check what a user would notice: undo gives the table back to the
// byte after a mixed commit spanning several chunks, a refused undo lists
// exactly the rows changed or deleted since, a batch committed before the
// migration (old form, JSON images) still undoes, the insights' price
// history is the same from either form, and every data area's images read
// back as the JSON the old form held.
import { beforeAll, describe, expect, it } from "vitest";
import { dataAreas, fclArea } from "~/domain/data-areas";
import { undoBatch } from "~/domain/import-export/batches.server";
import { importSpreadsheet } from "~/domain/import-export/import.server";
import { commitPreview, createPreview } from "~/domain/import-export/preview.server";
import { loader as insightsLoader } from "~/routes/admin/insights";
import { prisma, sql } from "~/utils/db.server";
import { sqlTable } from "~/utils/sql-names.server";
import { ADMIN, load } from "../admin/helpers";
import { withTestDb } from "../support/db";
import { tableChecksum } from "../support/table-checksum";
import { headers, rowOf, sheetBytes, type Who, whoIs } from "./helpers";

let viewer: Who;
beforeAll(async () => {
  viewer = await whoIs("data@example.com");
});

const BASE = 960_000;

const carrier = (id: number) => (id % 4 ? `CARRIER ${id % 5}` : null);

function row(id: number, shift: number, extra: Record<string, unknown> = {}): unknown[] {
  return rowOf(fclArea, {
    id,
    pol: "SHANGHAI",
    pod: ["LOS ANGELES", "HAMBURG", "汉堡"][id % 3],
    carrier: carrier(id),
    "20GP_T0": 100 + (id % 50) + shift,
    "40GP_T1": id % 5 ? 200.5 + shift : null,
    valid_fm: "2026-01-01",
    valid_to: "2099-02-01",
    remark: `备注 "${id % 13}", \\ ${shift}`,
    ...extra,
  });
}
const file = (rows: unknown[][]) => sheetBytes([headers(fclArea), ...rows]);

async function commit(rows: unknown[][], fileName: string) {
  const preview = await createPreview(fclArea, viewer, file(rows), { fileName });
  if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
  const committed = await commitPreview(fclArea, viewer, preview.id);
  if (!committed.ok || !committed.batchId) throw new Error(JSON.stringify(committed));
  return { counts: preview.summary.counts, committed, batchId: committed.batchId };
}

/** Turns a batch into the form batches had before migration 20261207012000 (one row per written row, JSON images, JSON hashes). */
async function toOldForm(batchId: number, table = "fcl_rates") {
  await withTestDb(async (db) => {
    await db.query(
      `INSERT INTO import_batch_rows_v1 (batch_id, row_id, before, after_hash)
       SELECT r.batch_id, r.row_id, r.before, md5(to_jsonb(t)::text) FROM import_batch_rows r LEFT JOIN ${table} t ON t.id = r.row_id
        WHERE r.batch_id = $1`,
      [batchId],
    );
    await db.query(`DELETE FROM import_batch_chunks WHERE batch_id = $1`, [batchId]);
  });
}

describe("compact batch storage (issue 23, performance)", () => {
  it("a mixed commit over several chunks (new, updated, unchanged rows) is undone to the table's exact checksum", async () => {
    const seeded = 12_000;
    expect(
      await importSpreadsheet(fclArea, viewer, file(Array.from({ length: seeded }, (_, i) => row(BASE + i, 0))), { fileName: "seed.xlsx" }),
    ).toMatchObject({ ok: true, inserted: seeded });
    const before = await tableChecksum();
    // Two rows in three changed, the others as they are, and 2,500 new rows (with and without ids).
    const rows = Array.from({ length: seeded }, (_, i) => row(BASE + i, i % 3 === 1 ? 0 : 7));
    for (let i = 0; i < 1250; i++) rows.push(row(BASE + 20_000 + i, 3));
    for (let i = 0; i < 1250; i++) rows.push(row(BASE + 30_000 + i, 3, { id: null }));
    const { counts, committed, batchId } = await commit(rows, "mixed.xlsx");
    expect(counts).toMatchObject({ new: 2500, updated: 8000, unchanged: 4000 });
    expect(committed).toMatchObject({ inserted: 2500, updated: 8000 });
    // 10,500 written rows in one statement: two chunks in id order, their arrays parallel, each a range of ids.
    const chunks = await sql<{
      chunk: number;
      last_id: number;
      ids: number;
      hashes: number;
      befores: number;
      images: number;
      low: number;
      high: number;
    }>(
      `SELECT chunk, last_id, cardinality(row_ids) AS ids, cardinality(after_hashes) AS hashes, cardinality(befores) AS befores,
              cardinality(array_remove(befores, NULL)) AS images, (SELECT min(i) FROM unnest(row_ids) i) AS low, (SELECT max(i) FROM unnest(row_ids) i) AS high
         FROM import_batch_chunks WHERE batch_id = $1 ORDER BY chunk`,
      [batchId],
    );
    // No hashes: the batch is stamped (its rows carry the writing transaction's id).
    expect(chunks.map((c) => [c.ids, c.hashes, c.befores])).toEqual([
      [10_000, null, 10_000],
      [500, null, 500],
    ]);
    expect(chunks.reduce((n, c) => n + c.images, 0)).toBe(8000);
    expect(chunks.map((c) => [c.chunk, c.last_id])).toEqual(chunks.map((c) => [c.low, c.high]));
    expect(chunks[0].last_id).toBeLessThan(chunks[1].chunk);
    expect(await tableChecksum()).not.toBe(before);

    expect(await undoBatch(fclArea, viewer, batchId)).toEqual({ ok: true, restored: 8000, deleted: 2500, skipped: 0 });
    expect(await tableChecksum()).toBe(before);
  }, 300_000);

  it("a refused undo lists exactly the rows changed or deleted since; 'the rest' restores the others and leaves those", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => BASE + 40_000 + i);
    expect((await importSpreadsheet(fclArea, viewer, file(ids.map((id) => row(id, 0))), { fileName: "a.xlsx" })).ok).toBe(true);
    const { batchId } = await commit([...ids.map((id) => row(id, 5)), row(BASE + 40_100, 1), row(BASE + 40_101, 1)], "b.xlsx");
    // Later changes: one updated row edited, one deleted, one inserted row edited.
    await prisma.fclRate.update({ where: { id: ids[3] }, data: { remark: "later" } });
    await prisma.fclRate.delete({ where: { id: ids[17] } });
    await prisma.fclRate.update({ where: { id: BASE + 40_101 }, data: { carrier: "LATER" } });

    const refused = await undoBatch(fclArea, viewer, batchId);
    expect(refused).toEqual({ ok: false, reason: "conflicts", conflicts: { count: 3, ids: [ids[3], ids[17], BASE + 40_101] } });
    const rest = await undoBatch(fclArea, viewer, batchId, { rest: true });
    expect(rest).toEqual({ ok: true, restored: 28, deleted: 1, skipped: 3 });
    const left = await prisma.fclRate.findMany({
      where: { id: { in: [ids[0], ids[3], BASE + 40_100, BASE + 40_101] } },
      orderBy: { id: "asc" },
    });
    expect(left.map((r) => [r.id, r.remark, r.carrier])).toEqual([
      [ids[0], `备注 "${ids[0] % 13}", \\ 0`, carrier(ids[0])],
      [ids[3], "later", carrier(ids[3])],
      [BASE + 40_101, `备注 "${(BASE + 40_101) % 13}", \\ 1`, "LATER"],
    ]);
  }, 300_000);

  it("the batch's stamp: rows the import's own port step rewrote are untouched; a lock or a rolled-back edit is no change; an edit is", async () => {
    const ids = Array.from({ length: 12 }, (_, i) => BASE + 45_000 + i);
    const before = await tableChecksum();
    // A direct import: 汉堡 (every third row) is rewritten to HAMBURG by the writer's port step, in the same transaction.
    const direct = await importSpreadsheet(fclArea, viewer, file(ids.map((id) => row(id, 0))), { fileName: "stamp.xlsx" });
    if (!direct.ok) throw new Error(JSON.stringify(direct.problems));
    expect(direct.ports?.resolved).toBeGreaterThan(0);
    await withTestDb(async (db) => {
      // A row locked and released, and an edit rolled back, leave the rows as the batch wrote them.
      await db.query(`BEGIN`);
      await db.query(`SELECT 1 FROM fcl_rates WHERE id = $1 FOR UPDATE`, [ids[1]]);
      await db.query(`UPDATE fcl_rates SET remark = 'never' WHERE id = $1`, [ids[2]]);
      await db.query(`ROLLBACK`);
      // An edit that writes the same value is still a later write.
      await db.query(`UPDATE fcl_rates SET remark = remark WHERE id = $1`, [ids[4]]);
    });
    expect(await undoBatch(fclArea, viewer, direct.batchId!)).toEqual({
      ok: false,
      reason: "conflicts",
      conflicts: { count: 1, ids: [ids[4]] },
    });
    await prisma.fclRate.delete({ where: { id: ids[4] } });
    expect(await undoBatch(fclArea, viewer, direct.batchId!, { rest: true })).toEqual({ ok: true, restored: 0, deleted: 11, skipped: 1 });
    expect(await tableChecksum()).toBe(before);
  }, 300_000);

  it("a batch so old that its transaction id may have been given again (2^31 transactions since) has every row in conflict", async () => {
    const ids = Array.from({ length: 5 }, (_, i) => BASE + 46_000 + i);
    const { batchId } = await commit(
      ids.map((id) => row(id, 0)),
      "old-stamp.xlsx",
    );
    expect(await undoBatch(fclArea, viewer, batchId, { rest: true }).then((o) => o.ok)).toBe(true);
    const second = await commit(
      ids.map((id) => row(id, 3)),
      "old-stamp-2.xlsx",
    );
    // The same 32 low bits, 2^32 transactions earlier: the rows' xmin still equals them, but nothing can tell which.
    await prisma.$executeRawUnsafe(`UPDATE import_batches SET written_xact = written_xact - 4294967296 WHERE id = $1`, second.batchId);
    expect(await undoBatch(fclArea, viewer, second.batchId)).toEqual({ ok: false, reason: "conflicts", conflicts: { count: 5, ids } });
  }, 300_000);

  it("a batch in the old form (committed before the migration) still undoes, and still sees later edits as conflicts", async () => {
    const ids = Array.from({ length: 40 }, (_, i) => BASE + 50_000 + i);
    expect((await importSpreadsheet(fclArea, viewer, file(ids.map((id) => row(id, 0))), { fileName: "old-1.xlsx" })).ok).toBe(true);
    const before = await tableChecksum();
    const { batchId } = await commit([...ids.map((id) => row(id, 8)), row(BASE + 50_100, 2)], "old-2.xlsx");
    await toOldForm(batchId);
    expect(await prisma.importBatchChunk.count({ where: { batchId } })).toBe(0);
    expect(await prisma.importBatchRowV1.count({ where: { batchId } })).toBe(41);

    await prisma.fclRate.update({ where: { id: ids[5] }, data: { carrier: "EDITED LATER" } });
    expect(await undoBatch(fclArea, viewer, batchId)).toEqual({ ok: false, reason: "conflicts", conflicts: { count: 1, ids: [ids[5]] } });
    await prisma.fclRate.update({ where: { id: ids[5] }, data: { carrier: carrier(ids[5]) } });
    await withTestDb((db) =>
      db.query(
        `UPDATE import_batch_rows_v1 r SET after_hash = md5(to_jsonb(t)::text) FROM fcl_rates t WHERE r.batch_id = $1 AND t.id = r.row_id`,
        [batchId],
      ),
    );
    expect(await undoBatch(fclArea, viewer, batchId)).toEqual({ ok: true, restored: 40, deleted: 1, skipped: 0 });
    expect(await tableChecksum()).toBe(before);
    // Deleting the batch (the pruning) deletes its old-form rows too.
    await prisma.importBatch.delete({ where: { id: batchId } });
    expect(await prisma.importBatchRowV1.count({ where: { batchId } })).toBe(0);
  }, 300_000);

  it("the insights' price history after update imports is the same read from the compact form and from the old form", async () => {
    const [origin, destination] = (await sql<{ name: string }>(`SELECT name FROM sea_ports ORDER BY name OFFSET 3 LIMIT 2`)).map(
      (r) => r.name,
    );
    const lane = { origin, destination };
    const rate = (id: number, t0: number, extra: Record<string, unknown> = {}) =>
      rowOf(fclArea, {
        id,
        pol: origin,
        pod: destination,
        "20GP_T0": t0,
        "20GP_T1": t0 + 10,
        "20GP_T2": t0 + 20,
        valid_fm: "2021-01-01",
        valid_to: "2021-12-31",
        ...extra,
      });
    const ids = [BASE + 60_000, BASE + 60_001, BASE + 60_002];
    const batches: number[] = [];
    const days = ["2021-01-05", "2021-02-10", "2021-03-15"];
    const sheets = [
      ids.map((id, i) => rate(id, 500 + i)),
      [rate(ids[0], 450), rate(ids[1], 470, { pod: "ELSEWHERE PORT" })],
      [rate(ids[0], 430), rate(ids[1], 480), rate(ids[2], 400, { valid_fm: "2021-03-01" })],
    ];
    for (const [i, rows] of sheets.entries()) {
      const done = await importSpreadsheet(fclArea, viewer, file(rows), { fileName: `lane-${i}.xlsx` });
      if (!done.ok) throw new Error(JSON.stringify(done.problems));
      await prisma.importBatch.update({ where: { id: done.batchId! }, data: { createdAt: new Date(`${days[i]}T02:00:00Z`) } });
      batches.push(done.batchId!);
    }
    const history = async () =>
      (await load(insightsLoader, "/insights", ADMIN, { from: "2021-01-01", to: "2021-03-31", ...lane })).data.data.prices as Array<{
        id: number;
        day: string;
        until: string | null;
        t0: number;
      }>;
    const compact = await history();
    // A version lasts until the import that replaced it or the end of its validity (issue 44).
    expect(compact.map((p) => [p.id, p.day, p.until, p.t0])).toEqual([
      [ids[0], "2021-01-01", "2021-02-10", 500],
      [ids[1], "2021-01-01", "2021-02-10", 501],
      [ids[2], "2021-01-01", "2021-03-15", 502],
      [ids[0], "2021-02-10", "2021-03-15", 450],
      [ids[0], "2021-03-15", "2021-12-31", 430],
      [ids[1], "2021-03-15", "2021-12-31", 480],
      [ids[2], "2021-03-15", "2021-12-31", 400],
    ]);
    for (const batch of batches) await toOldForm(batch);
    expect(await history()).toEqual(compact);
  }, 300_000);

  it("every data area's before-image reads back (view import_batch_rows) as the JSON of the row", async () => {
    for (const area of Object.values(dataAreas)) {
      const table = sqlTable(area.model);
      const [check] = await sql<{ same: boolean }>(
        `SELECT import_batch_image_json($1, x::text) = to_jsonb(x) AS same
           FROM (SELECT * FROM "${table}" UNION ALL SELECT (jsonb_populate_record(NULL::"${table}", '{}')).* ORDER BY id NULLS LAST LIMIT 1) x`,
        [area.key],
      );
      expect(check, area.key).toEqual({ same: true });
    }
  });

  it("every data area's stamped rows hash as the backup records them (import_batch_hashes: the row untouched, its MD5)", async () => {
    for (const area of Object.values(dataAreas)) {
      const table = sqlTable(area.model);
      const [row] = await sql<{ id: number; xact: string; hash: string }>(
        `SELECT id, xmin::text AS xact, md5(t::text) AS hash FROM "${table}" t ORDER BY id LIMIT 1`,
      );
      if (!row) continue;
      const [check] = await sql<{ hashes: (string | null)[] }>(`SELECT import_batch_hashes($1, ARRAY[$2::int, -1], $3::bigint) AS hashes`, [
        area.key,
        row.id,
        row.xact,
      ]);
      expect(check.hashes, area.key).toEqual([row.hash, null]);
    }
  });
});
