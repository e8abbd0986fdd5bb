// Legacy-API counterparts of issue 23's screens (decision 501): import
// history and undo per area, port aliases and the unresolved queue. The same
// domain code and operations as /<area>?history=1 and /portAliases.
import { beforeAll, describe, expect, it } from "vitest";
import { fclArea } from "~/domain/data-areas";
import { importSpreadsheet } from "~/domain/import-export/import.server";
import { prisma } from "~/utils/db.server";
import { headers, rowOf, sheetBytes, type Who, whoIs } from "../data/helpers";
import { api, tokenOf } from "./helpers";
import { tableChecksum } from "../support/table-checksum";

let token: string;
let viewer: Who;
beforeAll(async () => {
  token = await tokenOf("data@example.com");
  viewer = await whoIs("data@example.com");
});

const fclRow = (values: Record<string, unknown>) =>
  rowOf(fclArea, { pol: "SHANGHAI", pod: "LOS ANGELES", "20GP_T0": 100, valid_fm: "2026-01-01", valid_to: "2099-02-01", ...values });
const importRows = async (rows: unknown[][], fileName = "week.xlsx") => {
  const outcome = await importSpreadsheet(fclArea, viewer, sheetBytes([headers(fclArea), ...rows]), { fileName });
  if (!outcome.ok || !outcome.batchId) throw new Error(JSON.stringify(outcome));
  return outcome.batchId;
};

describe("import history and undo over the API", () => {
  it("lists the area's batches under the spec-style names, newest first", async () => {
    const batch = await importRows([fclRow({ id: 890_001 })], "api-history.xlsx");
    const result = await api("GET", "/data/importbatchfclbysea", { token });
    expect(result.http).toBe(200);
    expect(result.body.data[0]).toMatchObject({
      id: batch,
      filename: "api-history.xlsx",
      rows: 1,
      inserted: 1,
      updated: 0,
      has_file: true,
      source: "file",
      undo_time: null,
    });
    expect(result.body.data[0].checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(result.body.data[0].create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Another area's history does not hold it.
    expect((await api("GET", "/data/importbatchport", { token })).body.data.map((b: { id: number }) => b.id)).not.toContain(batch);
  });

  it("undo restores the table's checksum; conflicts refuse it with their ids (409) unless rest=1; twice is refused", async () => {
    await importRows([fclRow({ id: 891_001 }), fclRow({ id: 891_002 })], "seed.xlsx");
    const before = await tableChecksum();
    const batch = await importRows([
      fclRow({ id: 891_001, "20GP_T0": 150 }),
      fclRow({ id: 891_002, "20GP_T0": 160 }),
      fclRow({ id: 891_003 }),
    ]);
    expect(await tableChecksum()).not.toBe(before);

    // A later edit of one row: a conflict.
    await prisma.fclRate.update({ where: { id: 891_002 }, data: { gp20T0: 175 } });
    const refused = await api("POST", `/data/undoimportfclbysea/${batch}`, { token });
    expect(refused.http).toBe(409);
    expect(refused.body).toMatchObject({ status: 1, data: { count: 1, ids: [891_002] } });
    expect(refused.body.message).toContain("1");
    expect(Number((await prisma.fclRate.findUniqueOrThrow({ where: { id: 891_001 } })).gp20T0)).toBe(150);

    const rest = await api("POST", `/data/undoimportfclbysea/${batch}`, { token, body: { rest: "1" } });
    expect(rest.body, JSON.stringify(rest.body)).toMatchObject({ status: 0, data: { restored: 1, deleted: 1, skipped: 1 } });
    expect(Number((await prisma.fclRate.findUniqueOrThrow({ where: { id: 891_001 } })).gp20T0)).toBe(100);
    expect(await prisma.fclRate.count({ where: { id: 891_003 } })).toBe(0);
    expect(Number((await prisma.fclRate.findUniqueOrThrow({ where: { id: 891_002 } })).gp20T0)).toBe(175);
    expect((await api("POST", `/data/undoimportfclbysea/${batch}`, { token })).http).toBe(409);
    expect((await api("POST", `/data/undoimportfclbysea/999999`, { token })).http).toBe(404);

    // Without conflicts: exactly the table as before the batch.
    const clean = await importRows([fclRow({ id: 891_001, "20GP_T0": 190 }), fclRow({ id: 891_010 })]);
    const snapshot = await tableChecksumWithout(891_001, 891_010);
    const undone = await api("POST", `/data/undoimportfclbysea/${clean}`, { token });
    expect(undone.body).toMatchObject({ status: 0, data: { restored: 1, deleted: 1, skipped: 0 } });
    expect(await tableChecksumWithout(891_001, 891_010)).toBe(snapshot);
    const log = await prisma.operationLog.findFirst({ where: { module: "undoImport" }, orderBy: { id: "desc" } });
    expect(log?.targetIds).toBe(String(clean));
  });

  it("needs the import operation (a customer-service account is refused)", async () => {
    const other = await tokenOf("service@example.com");
    expect((await api("GET", "/data/importbatchfclbysea", { token: other })).http).toBe(403);
    expect((await api("POST", "/data/undoimportfclbysea/1", { token: other })).http).toBe(403);
  });
});

async function tableChecksumWithout(...ids: number[]) {
  return (
    await prisma.$queryRawUnsafe<{ sum: string }[]>(
      `SELECT md5(string_agg(to_jsonb(t)::text, ',' ORDER BY id)) AS sum FROM fcl_rates t WHERE NOT (id = ANY($1::int[]))`,
      ids,
    )
  )[0].sum;
}

describe("port aliases over the API", () => {
  it("adds an alias (fixing stored rows), lists it, and maps a queued name", async () => {
    await importRows([fclRow({ id: 892_001, pod: "QQ API SPELLING" }), fclRow({ id: 892_002, pod: "QQ API QUEUED" })]);
    const added = await api("POST", "/data/addportalias", { token, body: { alias: "QQ API SPELLING", portname: "CNNGB" } });
    expect(added.body, JSON.stringify(added.body)).toMatchObject({ status: 0, data: { portname: "NINGBO", fclrows: 1, lclrows: 0 } });
    expect((await prisma.fclRate.findUniqueOrThrow({ where: { id: 892_001 } })).pod).toBe("NINGBO");
    const again = await api("POST", "/data/addportalias", { token, body: { alias: "qq api spelling", portname: "NINGBO" } });
    expect(again.body.status).toBe(2);
    expect((await api("POST", "/data/addportalias", { token, body: { alias: "QQ X", portname: "NOWHERE PORT ZZ" } })).http).toBe(400);

    const list = await api("GET", "/data/portalias", { token, query: { query: "QQ API" } });
    expect(list.body.data).toEqual([expect.objectContaining({ alias: "QQ API SPELLING", portname: "NINGBO", portcode: "CNNGB" })]);
    expect(list.body.total).toBe(1);

    const queue = await api("GET", "/data/portunresolved", { token });
    const queued = queue.body.data.find((q: { name: string }) => q.name === "QQ API QUEUED");
    expect(queued).toMatchObject({ area: "fcl", rows: 1 });
    const mapped = await api("PUT", `/data/mapportunresolved/${queued.id}`, { token, body: { portname: "SHANGHAI" } });
    expect(mapped.body).toMatchObject({ status: 0, data: { portname: "SHANGHAI", fclrows: 1 } });
    expect((await prisma.fclRate.findUniqueOrThrow({ where: { id: 892_002 } })).pod).toBe("SHANGHAI");
    expect((await api("GET", "/data/portunresolved", { token })).body.data.map((q: { name: string }) => q.name)).not.toContain(
      "QQ API QUEUED",
    );
    expect((await api("PUT", `/data/mapportunresolved/${queued.id}`, { token, body: { portname: "SHANGHAI" } })).http).toBe(404);
  });
});
