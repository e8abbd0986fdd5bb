// Many customers booking at the same moment: 50 submissions with distinct
// idempotency keys and 10 double submits of one key, all in flight at once.
// Each order is stored exactly once, with its own file intact, its three
// mails, and no orphan file from the losing duplicates.
import fs from "node:fs";
import { prisma } from "~/utils/db.server";
import { bookableRate, cookieOf, doneId, filesIn, newKey, orderFields, pdfFile, postOrder, sha256, uploadDir } from "./helpers";

test("50 distinct orders and 10 copies of one order, submitted at once", async () => {
  const customers = ["t0@example.com", "t1@example.com", "t2@example.com"];
  const cookies = await Promise.all(customers.map(cookieOf));
  const id = await bookableRate("fcl");
  const source = { mode: "fcl", id };
  const before = await prisma.entrustment.count();

  const distinct = Array.from({ length: 50 }, (_, i) => {
    const key = newKey();
    const file = pdfFile(`order-${i}.pdf`, `distinct-${i}-${key}`);
    return { key, file, cookie: cookies[i % cookies.length] };
  });
  const sharedKey = newKey();
  const copies = Array.from({ length: 10 }, (_, i) => ({
    key: sharedKey,
    file: pdfFile(`copy-${i}.pdf`, `copy-${i}`),
    cookie: cookies[1],
  }));
  const all = [...distinct, ...copies];
  const digests = new Map<string, string>();
  for (const item of all) digests.set(item.file.name, sha256(new Uint8Array(await item.file.arrayBuffer())));

  const results = await Promise.all(
    all.map((item) => postOrder(source, item.cookie, { ...orderFields({ idempotencyKey: item.key }), attachment: item.file })),
  );
  const ids = results.map(doneId);

  // 51 orders: every distinct one once, the copies collapse to one.
  expect(await prisma.entrustment.count()).toBe(before + 51);
  expect(new Set(ids.slice(0, 50)).size).toBe(50);
  expect(new Set(ids.slice(50)).size).toBe(1);

  const rows = await prisma.entrustment.findMany({ where: { id: { in: [...new Set(ids)] } }, orderBy: { id: "asc" } });
  for (const row of rows) {
    // The file on disk is the file that was sent with that key.
    expect(row.attachmentKey).toMatch(/^[0-9a-f]{32}\.pdf$/);
    const onDisk = sha256(fs.readFileSync(uploadDir("attachments", row.attachmentKey!)));
    expect(onDisk).toBe(row.attachmentSha256);
    expect(row.attachmentSha256).toBe(digests.get(row.attachmentName!));
    if (row.idempotencyKey === sharedKey) expect(row.attachmentName).toMatch(/^copy-\d\.pdf$/);
    else expect(distinct.find((d) => d.key === row.idempotencyKey)?.file.name).toBe(row.attachmentName);
  }
  // Three mails per order, none for the collapsed copies.
  expect(await prisma.emailOutbox.count({ where: { entrustmentId: { in: rows.map((r) => r.id) } } })).toBe(51 * 3);
  // No orphans: every stored file belongs to a row; no temp file is left.
  const keys = new Set((await prisma.entrustment.findMany({ select: { attachmentKey: true } })).map((r) => r.attachmentKey));
  expect(filesIn("attachments").filter((name) => !keys.has(name))).toEqual([]);
  expect(filesIn("tmp")).toEqual([]);
}, 120_000);
