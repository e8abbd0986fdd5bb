// Import batches, history and undo (issue 23 item 2, decision 204), through
// the real route actions and loaders.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as screen from "~/routes/backoffice/data-area";
import * as importFile from "~/routes/backoffice/data-area-import-file";
import { fclArea, portArea } from "~/domain/data-areas";
import { KEEP_BATCHES } from "~/domain/import-export/batches.server";
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest, loginAs } from "../support/requests";
import { flashOf, headers, load, post, rowOf, sheetBytes, uploadTo } from "./helpers";
import { tableChecksum } from "../support/table-checksum";

let cookie: string;
beforeAll(async () => {
  cookie = await loginAs("data@example.com");
});

const fclRow = (values: Record<string, unknown>) =>
  rowOf(fclArea, { pol: "SHANGHAI", pod: "LOS ANGELES", "20GP_T0": 100, valid_fm: "2026-01-01", valid_to: "2026-02-01", ...values });

async function existingFclIds(count: number): Promise<number[]> {
  return (await prisma.fclRate.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: count })).map((r) => r.id);
}

/** Imports a sheet that updates `updateIds` (20GP_T0 = price) and adds `added` new rows. */
async function importFcl(updateIds: number[], added: number, price: number, name = "rates.xlsx") {
  const rows = [
    headers(fclArea),
    ...updateIds.map((id) => fclRow({ id, "20GP_T0": price, pol: "NINGBO" })),
    ...Array.from({ length: added }, () => fclRow({ "20GP_T0": price })),
  ];
  const bytes = sheetBytes(rows);
  const result = await uploadTo(screen, "/fclbyseaData", cookie, bytes, name);
  expect(result.status, JSON.stringify(result.data)).toBe(302);
  const batch = await prisma.importBatch.findFirstOrThrow({ where: { area: "fcl" }, orderBy: { id: "desc" } });
  return { bytes, batch };
}

describe("import batches", () => {
  it("records who, when, file name, checksum, area and counts, with the before-image of updated rows and the inserted ids", async () => {
    const ids = await existingFclIds(3);
    const before = await prisma.fclRate.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    const { bytes, batch } = await importFcl(ids, 2, 321, "周报.xlsx");
    expect(batch).toMatchObject({
      area: "fcl",
      username: "datastaff",
      fileName: "周报.xlsx",
      rowCount: 5,
      inserted: 2,
      updated: 3,
      source: "file",
      undoneAt: null,
    });
    expect(batch.checksum).toBe(crypto.createHash("sha256").update(bytes).digest("hex"));
    const rows = await prisma.importBatchRow.findMany({ where: { batchId: batch.id }, orderBy: { rowId: "asc" } });
    expect(rows).toHaveLength(5);
    const updated = rows.filter((r) => r.before !== null);
    expect(updated.map((r) => r.rowId)).toEqual(ids);
    // The before-image is the row as it was (SQL column names).
    expect(updated.map((r) => (r.before as Record<string, unknown>).pol)).toEqual(before.map((r) => r.pol));
    // Every written row still carries the batch's stamp (the writing transaction's id) as its xmin.
    expect(batch.writtenXact).not.toBeNull();
    const stamped = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM fcl_rates WHERE id = ANY($1::int[]) AND xmin::text = ($2::bigint % 4294967296)::text`,
      rows.map((r) => r.rowId),
      batch.writtenXact,
    );
    expect(stamped[0].n).toBe(5);

    // The history dialog lists it, and the original file downloads byte for byte.
    const page = await load(screen, "/fclbyseaData", cookie, { history: 1 });
    expect(page.data.dialog.kind).toBe("history");
    expect(page.data.dialog.batches[0]).toMatchObject({
      id: batch.id,
      fileName: "周报.xlsx",
      rows: 5,
      inserted: 2,
      updated: 3,
      hasFile: true,
    });
    const file = await callRoute(importFile.loader, getRequest(`/fclbyseaData/import-file/${batch.id}`, undefined, { cookie }), {
      params: { area: "fclbyseaData", batch: String(batch.id) },
    });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await (file.response as Response).arrayBuffer())).toEqual(bytes);
    // Another area's batch is not served under this area.
    const other = await callRoute(importFile.loader, getRequest(`/port/import-file/${batch.id}`, undefined, { cookie }), {
      params: { area: "port", batch: String(batch.id) },
    });
    expect(other.status).toBe(404);
  });

  it("undo restores exactly the table as it was before the batch, and is logged", async () => {
    const ids = await existingFclIds(4);
    const sum = await tableChecksum("fcl_rates");
    const { batch } = await importFcl(ids, 3, 555);
    expect(await tableChecksum("fcl_rates")).not.toBe(sum);

    const confirm = await load(screen, "/fclbyseaData", cookie, { undo: batch.id });
    expect(confirm.data.dialog).toMatchObject({ kind: "undo", conflicts: { count: 0, ids: [] } });
    const undone = await post(screen, "/fclbyseaData", cookie, { intent: "undo", batch: batch.id });
    expect(undone.status).toBe(302);
    expect(await flashOf(undone, cookie)).toMatchObject({
      type: "success",
      key: "importHistory.undone",
      values: { restored: 4, deleted: 3, skipped: 0 },
    });
    expect(await tableChecksum("fcl_rates")).toBe(sum);

    const log = await prisma.operationLog.findFirstOrThrow({ where: { module: "undoImport" }, orderBy: { id: "desc" } });
    expect(log).toMatchObject({ operation: "fclRates", username: "datastaff", targetIds: String(batch.id) });
    // Undone once: a second undo changes nothing.
    const again = await post(screen, "/fclbyseaData", cookie, { intent: "undo", batch: batch.id });
    expect(await flashOf(again, cookie)).toMatchObject({ type: "error", key: "importHistory.alreadyUndone" });
    expect(await tableChecksum("fcl_rates")).toBe(sum);
  });

  it("a row changed after the batch is a conflict: undo is refused and lists it; 'undo the rest' restores the others", async () => {
    const ids = await existingFclIds(3);
    const original = await prisma.fclRate.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    const { batch } = await importFcl(ids, 2, 777);
    // A later change: an edit of one updated row, the delete of one inserted row.
    await prisma.fclRate.update({ where: { id: ids[1] }, data: { carrier: "LATER EDIT" } });
    const insertedRows = await prisma.importBatchRow.findMany({ where: { batchId: batch.id }, orderBy: { rowId: "asc" } });
    const newIds = insertedRows.filter((r) => r.before === null).map((r) => r.rowId);
    expect(newIds).toHaveLength(2);
    await prisma.fclRate.delete({ where: { id: newIds[0] } });
    const sum = await tableChecksum("fcl_rates");

    const refused = await post(screen, "/fclbyseaData", cookie, { intent: "undo", batch: batch.id });
    expect(await flashOf(refused, cookie)).toMatchObject({ type: "warning", key: "importHistory.conflicts", values: { count: 2 } });
    expect(await tableChecksum("fcl_rates")).toBe(sum);
    const confirm = await load(screen, "/fclbyseaData", cookie, { undo: batch.id });
    expect(confirm.data.dialog.conflicts).toEqual({ count: 2, ids: [ids[1], newIds[0]].sort((a, b) => a - b) });

    const rest = await post(screen, "/fclbyseaData", cookie, { intent: "undoRest", batch: batch.id });
    expect(await flashOf(rest, cookie)).toMatchObject({
      type: "success",
      key: "importHistory.undonePartly",
      values: { restored: 2, deleted: 1, skipped: 2 },
    });
    const after = await prisma.fclRate.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(after[0]).toEqual(original[0]);
    expect(after[2]).toEqual(original[2]);
    expect(after[1].carrier).toBe("LATER EDIT");
    expect(await prisma.fclRate.count({ where: { id: { in: newIds } } })).toBe(0);
  });

  it("keeps the last 50 batches of an area (pruned by the import), other areas untouched", async () => {
    await prisma.importBatch.createMany({
      data: Array.from({ length: KEEP_BATCHES + 5 }, (_, i) => ({
        area: "fcl",
        fileName: `old-${i}.xlsx`,
        checksum: "x",
        rowCount: 0,
        inserted: 0,
        updated: 0,
      })),
    });
    await prisma.importBatch.create({ data: { area: "port", fileName: "port.xlsx", checksum: "x", rowCount: 0, inserted: 0, updated: 0 } });
    const { batch } = await importFcl([], 1, 10);
    const kept = await prisma.importBatch.findMany({ where: { area: "fcl" }, orderBy: { id: "desc" } });
    expect(kept).toHaveLength(KEEP_BATCHES);
    expect(kept[0].id).toBe(batch.id);
    expect(await prisma.importBatch.count({ where: { area: "port" } })).toBeGreaterThanOrEqual(1);
  });

  it("undo needs the import permission (the same operation as the import)", async () => {
    // A staff member without the FCL screen (and so without its import).
    const viewer = await loginAs("nomenu@example.com");
    const { batch } = await importFcl([], 1, 11);
    const result = await post(screen, "/fclbyseaData", viewer, { intent: "undo", batch: batch.id });
    expect(result.status).toBe(403);
    expect((await prisma.importBatch.findUniqueOrThrow({ where: { id: batch.id } })).undoneAt).toBeNull();
  });
});

describe("every import path records a batch", () => {
  it("the port screen's import is a batch of area port, and undo deletes the added port", async () => {
    const count = await prisma.seaPort.count();
    const bytes = sheetBytes([headers(portArea), rowOf(portArea, { portcode: "ZZUND", portname: "UNDO TEST", portzhname: "撤销测试" })]);
    const result = await uploadTo(screen, "/port", cookie, bytes, "ports.xlsx");
    expect(result.status).toBe(302);
    const batch = await prisma.importBatch.findFirstOrThrow({ where: { area: "port" }, orderBy: { id: "desc" } });
    expect(batch).toMatchObject({ fileName: "ports.xlsx", inserted: 1, updated: 0 });
    await post(screen, "/port", cookie, { intent: "undo", batch: batch.id });
    expect(await prisma.seaPort.count()).toBe(count);
  });
});
