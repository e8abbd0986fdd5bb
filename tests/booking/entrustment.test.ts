// /entrustment records, one record and its attachment: customers see only
// their own (changing the id in the URL gives 404, not 403); staff with the
// /app-order screen see their customers' (view 2) or everyone's (view 1).
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest } from "../support/requests";
import {
  attachmentRoute,
  bookableRate,
  cookieOf,
  detail,
  doneId,
  orderFields,
  pdfFile,
  postContact,
  postOrder,
  records,
  sha256,
} from "./helpers";

type ListData = {
  rows: {
    id: number;
    index: number;
    moduleName: string;
    pol: string;
    username: string;
    customerService: string | null;
    hasAttachment: boolean;
  }[];
  offset: number;
  page: { page: number; total: number; pageCount: number; size: number };
};

async function list(cookie: string | undefined, page?: number) {
  const { loader } = await records();
  return callRoute<ListData>(loader, getRequest("/entrustment", page ? { page } : undefined, { cookie }));
}

async function open(id: number, cookie: string | undefined) {
  const { loader } = await detail();
  return callRoute(loader, getRequest(`/entrustment/${id}`, undefined, { cookie }), { params: { id: String(id) } });
}

async function download(id: number | string, cookie: string | undefined) {
  const { loader } = await attachmentRoute();
  return callRoute(loader, getRequest(`/entrustment/${id}/attachment`, undefined, { cookie }), { params: { id: String(id) } });
}

let orderWithFile: { id: number; bytes: Uint8Array; name: string };

beforeAll(async () => {
  // t1 books one order with a file named in Chinese.
  const cookie = await cookieOf("t1@example.com");
  const file = pdfFile("托单 2026 final.pdf");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const id = doneId(await postOrder({ mode: "fcl", id: await bookableRate("fcl") }, cookie, { ...orderFields(), attachment: file }));
  orderWithFile = { id, bytes, name: file.name };
});

describe("/entrustment", () => {
  test("visitors are sent to /home", async () => {
    const result = await list(undefined);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/home");
  });

  test("a customer sees only their own records, newest first, 10 per page with page links", async () => {
    const cookie = await cookieOf("t2@example.com");
    const source = { mode: "lcl", id: await bookableRate("lcl") };
    const own = await prisma.entrustment.count({ where: { userId: 12 } });
    for (let i = 0; i < 12; i++) doneId(await postContact(source, cookie));
    const total = own + 12;

    const first = await list(cookie);
    expect(first.data.page).toMatchObject({ page: 1, total, size: 10, pageCount: Math.ceil(total / 10) });
    expect(first.data.rows).toHaveLength(10);
    const ids = first.data.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.data.rows[0]).toMatchObject({ username: "t2", customerService: "陈静", moduleName: "LCL rate" });
    const owners = await prisma.entrustment.findMany({ where: { id: { in: ids } }, select: { userId: true } });
    expect(owners.every((o) => o.userId === 12)).toBe(true);

    const second = await list(cookie, 2);
    expect(second.data.offset).toBe(10);
    expect(second.data.rows.length).toBe(total - 10);
    expect(second.data.rows.some((r) => ids.includes(r.id))).toBe(false);

    // t1's list has t1's order with its file, never t2's.
    const t1 = await list(await cookieOf("t1@example.com"));
    expect(t1.data.rows.find((r) => r.id === orderWithFile.id)).toMatchObject({ hasAttachment: true });
    expect(t1.data.rows.some((r) => ids.includes(r.id))).toBe(false);
  });
});

describe("one record and its attachment", () => {
  test("the owner opens it and downloads the file, named as uploaded, never sniffed", async () => {
    const cookie = await cookieOf("t1@example.com");
    const page = await open(orderWithFile.id, cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ id: orderWithFile.id, kind: "ORDER", attachment: { name: orderWithFile.name } });

    const file = await download(orderWithFile.id, cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(file.headers.get("Content-Disposition")).toBe(
      `attachment; filename="__ 2026 final.pdf"; filename*=UTF-8''%E6%89%98%E5%8D%95%202026%20final.pdf`,
    );
    const body = new Uint8Array(await file.response!.arrayBuffer());
    expect(sha256(body)).toBe(sha256(orderWithFile.bytes));
  });

  test("another customer changing the id gets 404 for the record and the file; so do visitors", async () => {
    for (const email of ["t2@example.com", "other.t2@example.com", "pending@example.com"]) {
      const cookie = await cookieOf(email);
      expect((await open(orderWithFile.id, cookie)).status).toBe(404);
      expect((await download(orderWithFile.id, cookie)).status).toBe(404);
    }
    expect((await download(orderWithFile.id, undefined)).status).toBe(404);
    expect((await open(orderWithFile.id, undefined)).status).toBe(302);
    // Unknown ids and junk look the same.
    const t1 = await cookieOf("t1@example.com");
    expect((await download(999_999, t1)).status).toBe(404);
    expect((await download("../../etc/passwd", t1)).status).toBe(404);
    // A record without a file has no download.
    const seedContact = await prisma.entrustment.findFirstOrThrow({ where: { userId: 11, attachmentKey: null } });
    expect((await download(seedContact.id, t1)).status).toBe(404);
  });

  test("staff: their own customers' records (view 2), everyone's (view 1), nothing without /app-order", async () => {
    const allowed = ["service@example.com", "sales@example.com", "sales.global@example.com", "admin@example.com", "manager@example.com"];
    for (const email of allowed) {
      const cookie = await cookieOf(email);
      expect((await download(orderWithFile.id, cookie)).status, email).toBe(200);
      expect((await open(orderWithFile.id, cookie)).status, email).toBe(200);
    }
    // nomenu@ holds /app-order with view 2 but t1 is not their customer; data@ has no /app-order.
    for (const email of ["nomenu@example.com", "data@example.com"]) {
      const cookie = await cookieOf(email);
      expect((await download(orderWithFile.id, cookie)).status, email).toBe(404);
      expect((await open(orderWithFile.id, cookie)).status, email).toBe(404);
    }
    // other.t2's sales is salesglobal (3), not sales (2): sales@ (view 2) cannot read their records.
    const otherCookie = await cookieOf("other.t2@example.com");
    const theirs = doneId(
      await postOrder({ mode: "fcl", id: await bookableRate("fcl") }, otherCookie, { ...orderFields(), attachment: pdfFile() }),
    );
    expect((await download(theirs, await cookieOf("sales@example.com"))).status).toBe(404);
    expect((await download(theirs, await cookieOf("sales.global@example.com"))).status).toBe(200);
    // Customer service 4 is theirs too.
    expect((await download(theirs, await cookieOf("service@example.com"))).status).toBe(200);
  });
});
