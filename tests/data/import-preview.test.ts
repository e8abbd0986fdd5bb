// Import preview (issue 23.1): counts and diffs against the database, commit
// equals preview, a concurrent change refuses the commit, discard and
// expiry leave nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { fclArea } from "~/domain/data-areas";
import { importSpreadsheet } from "~/domain/import-export/import.server";
import { cleanExpiredPreviews, commitPreview, createPreview, discardPreview, loadPreview } from "~/domain/import-export/preview.server";
import { prisma } from "~/utils/db.server";
import { withTestDb } from "../support/db";
import { headers, rowOf, sheetBytes } from "./helpers";

type Who = { id: number; username: string };
let viewer: Who;
beforeAll(async () => {
  const user = await prisma.user.findUniqueOrThrow({ where: { email: "data@example.com" } });
  viewer = { id: user.id, username: user.username };
});

const tableSnapshot = () => withTestDb(async (db) => (await db.query(`SELECT * FROM fcl_rates ORDER BY id`)).rows);
const fclRow = (values: Record<string, unknown>) =>
  rowOf(fclArea, { pol: "SHANGHAI", pod: "LOS ANGELES", "20GP_T0": 100, valid_fm: "2026-01-01", valid_to: "2099-02-01", ...values });
const file = (rows: unknown[][]) => sheetBytes([headers(fclArea), ...rows]);
const stagedRows = (id: string) => prisma.importPreviewRow.count({ where: { previewId: id } });

async function seedRows(base: number) {
  const result = await importSpreadsheet(fclArea, viewer, file([fclRow({ id: base + 1 }), fclRow({ id: base + 2, "40GP_T1": 300 })]), { fileName: "seed.xlsx" });
  expect(result.ok).toBe(true);
}

describe("import preview", () => {
  it("counts new, updated and unchanged rows and lists each changed field old → new; the table does not change", async () => {
    await seedRows(870_000);
    const before = await tableSnapshot();
    const preview = await createPreview(
      fclArea,
      viewer,
      file([fclRow({ id: 870_001, "20GP_T0": 150, carrier: "COSCO" }), fclRow({ id: 870_002, "40GP_T1": 300 }), fclRow({ id: 870_010 }), fclRow({ id: null, valid_to: "2020-01-01" })]),
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

  it("commit writes exactly the new and updated rows of the preview, once", async () => {
    await seedRows(871_000);
    const preview = await createPreview(fclArea, viewer, file([fclRow({ id: 871_001, "20GP_T0": 175 }), fclRow({ id: 871_002, "40GP_T1": 300 }), fclRow({ id: 871_010 })]), {
      fileName: "week.xlsx",
    });
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
    const preview = await createPreview(fclArea, viewer, file([fclRow({ id: 872_001, "20GP_T0": 199 }), fclRow({ id: 872_020 })]), { fileName: "week.xlsx" });
    if (!preview.ok) throw new Error("preview failed");
    await prisma.fclRate.update({ where: { id: 872_001 }, data: { gp20T0: 111 } });
    const committed = await commitPreview(fclArea, viewer, preview.id);
    expect(committed).toMatchObject({ ok: false, problems: [{ key: "importPreview.stale" }] });
    expect(Number((await prisma.fclRate.findUniqueOrThrow({ where: { id: 872_001 } })).gp20T0)).toBe(111);
    expect(await prisma.fclRate.count({ where: { id: 872_020 } })).toBe(0);
  });

  it("row errors are part of the preview (counted refused, with their messages) and the commit is refused", async () => {
    const preview = await createPreview(fclArea, viewer, file([fclRow({ id: 873_001 }), fclRow({ id: 873_002, valid_to: "2026-02-30" })]), { fileName: "bad.xlsx" });
    if (!preview.ok) throw new Error("preview failed");
    expect(preview.summary.counts).toMatchObject({ new: 1, refused: 1 });
    expect(preview.summary.problems).toEqual([{ key: "data.import.dateError", values: { ids: "873002" } }]);
    expect(await commitPreview(fclArea, viewer, preview.id)).toMatchObject({ ok: false, problems: [{ key: "importPreview.hasErrors" }] });
    expect(await prisma.fclRate.count({ where: { id: 873_001 } })).toBe(0);
  });

  it("a file the import cannot read gets the import's own message, and no preview", async () => {
    const missing = await createPreview(fclArea, viewer, sheetBytes([["id", "pol"], [1, "X"]]), { fileName: "x.xlsx" });
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
});

describe("the preview on the data screen (page flow, works without JavaScript)", () => {
  it("upload → ?preview=<id> page with counts and changes → commit → the list with the success message", async () => {
    const { loginAs } = await import("../support/requests");
    const { flashOf, load, post, uploadTo } = await import("./helpers");
    const fcl = await import("~/routes/backoffice/data-area");
    const cookie = await loginAs("data@example.com");
    await seedRows(875_000);
    const before = await tableSnapshot();
    const uploaded = await uploadTo(fcl, "/fclbyseaData", cookie, file([fclRow({ id: 875_001, "20GP_T0": 180 }), fclRow({ id: 875_030 })]), "week.xlsx", "preview");
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
    expect(await flashOf(committed, cookie)).toMatchObject({ type: "success", key: "data.msg.imported", values: { rows: 2, inserted: 1, updated: 1 } });
    expect(Number((await prisma.fclRate.findUniqueOrThrow({ where: { id: 875_001 } })).gp20T0)).toBe(180);
    expect((await load(fcl, "/fclbyseaData", cookie, { preview: id! })).data.preview).toEqual({ gone: true });
  });
});
