// Booking outcomes and rules (customer-portal.md 2.3, 4, 5, 8; DESIGN.md
// "Bookings"): who may book, every validation message, the LCL/air/express
// zeroing, the stored row, its attachment and its mails in one transaction.
import fs from "node:fs";
import { prisma } from "~/utils/db.server";
import { resources } from "~/i18n/resources.server";
import { allowConsoleError, withTestDb } from "../support/db";
import { SHANGHAI_OFFSET_MS, todayInShanghai } from "~/utils/dates";
import { callRoute, fileOf, getRequest } from "../support/requests";
import { render, visibleText } from "../support/render";
import {
  bookableRate,
  cookieOf,
  detail,
  done,
  doneId,
  filesIn,
  getStep1,
  getStep2,
  newKey,
  orderFields,
  pdfFile,
  postContact,
  postOrder,
  records,
  sha256,
  uploadDir,
  validOffer,
} from "./helpers";

const MB = 1024 * 1024;
type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
type GateData = { gate: { gate: string; messageKey: string; tone: string; loginHref: string | null } | null };

async function fcl() {
  return { mode: "fcl", id: await bookableRate("fcl") };
}

describe("who may book", () => {
  test("a visitor gets the login prompt with a way back, and cannot submit", async () => {
    const source = await fcl();
    const page = await getStep1(source);
    expect(page.status).toBe(200);
    const gate = (page.data as GateData).gate!;
    expect(gate.messageKey).toBe("booking.gate.login");
    expect(gate.loginHref).toBe(`/login?redirectTo=${encodeURIComponent(`/booking/fcl/${source.id}`)}`);
    expect(resources["en-US"].booking).toMatchObject({ gate: { login: "Please Register/log in to your account!" } });
    // Visitors see no price of any tier.
    expect((page.data as { source: { snapshot: { prices: unknown[] } } }).source.snapshot.prices).toEqual([]);

    const contact = await postContact(source, undefined);
    expect(contact.status).toBe(401);
    expect((contact.data as GateData).gate!.messageKey).toBe("booking.gate.login");
    const order = await postOrder(source, undefined, orderFields());
    expect(order.status).toBe(401);
    expect(await prisma.entrustment.count({ where: { createdAt: { gte: new Date(Date.now() - 60_000) } } })).toBe(0);
  });

  test("audit pending: the status-2 warning; audit failed: the status-3 error; nothing stored", async () => {
    const source = await fcl();
    const before = await prisma.entrustment.count();
    for (const [email, key, tone] of [
      ["pending@example.com", "booking.gate.pending", "warning"],
      ["failed@example.com", "booking.gate.failed", "error"],
    ] as const) {
      const cookie = await cookieOf(email);
      const page = await getStep2(source, cookie);
      expect((page.data as GateData).gate).toMatchObject({ messageKey: key, tone });
      const order = await postOrder(source, cookie, { ...orderFields(), attachment: pdfFile() });
      expect(order.status).toBe(403);
      expect((order.data as GateData).gate!.messageKey).toBe(key);
      const contact = await postContact(source, cookie);
      expect(contact.status).toBe(403);
    }
    expect(await prisma.entrustment.count()).toBe(before);
    expect(filesIn("attachments")).toEqual([]);
    expect(resources["en-US"].booking).toMatchObject({
      gate: {
        pending: "Registration information to be audited, please contact your exclusive sales audit passed",
        failed: "Registration information is not approved, please contact your exclusive sales",
      },
    });
  });

  test("a paused rate is refused; an expired one too; staff without a tier cannot book", async () => {
    const id = await bookableRate("fcl");
    await prisma.fclRate.update({ where: { id }, data: { paused: true } });
    const t1 = await cookieOf("t1@example.com");
    const paused = await postOrder({ mode: "fcl", id }, t1, orderFields());
    expect(paused.status).toBe(409);
    expect((paused.data as GateData).gate!.messageKey).toBe("booking.gate.paused");
    expect(((await getStep1({ mode: "fcl", id }, t1)).data as GateData).gate!.messageKey).toBe("booking.gate.paused");
    await prisma.fclRate.update({ where: { id }, data: { paused: false, validTo: new Date("2000-01-01T00:00:00Z") } });
    expect((await postContact({ mode: "fcl", id }, t1)).status).toBe(410);

    const staff = await cookieOf("service@example.com");
    const other = await fcl();
    const refused = await postContact(other, staff);
    expect(refused.status).toBe(403);
    expect((refused.data as GateData).gate!.messageKey).toBe("booking.gate.noTier");
  });

  test("an expired or not yet valid rate or card shows nothing of it, only what happened and a search for its route", async () => {
    const t1 = await cookieOf("t1@example.com");
    const today = todayInShanghai();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000);
    const expired = await bookableRate("fcl");
    const upcoming = await bookableRate("fcl", { id: { gt: expired } });
    await prisma.fclRate.update({ where: { id: expired }, data: { validFrom: day(-60), validTo: day(-1) } });
    await prisma.fclRate.update({ where: { id: upcoming }, data: { validFrom: day(31), validTo: day(90) } });
    const prices = await prisma.fclRate.findUniqueOrThrow({ where: { id: expired }, select: { pol: true, pod: true, gp20T1: true } });
    for (const [id, reason, status] of [
      [expired, "expired", 410],
      [upcoming, "upcoming", 404],
    ] as const) {
      for (const result of [
        await getStep1({ mode: "fcl", id }, t1),
        await getStep2({ mode: "fcl", id }, t1),
        await postContact({ mode: "fcl", id }, t1),
        await postOrder({ mode: "fcl", id }, t1, orderFields()),
      ]) {
        expect(result.status).toBe(status);
        expect(result.data).toEqual({
          unavailable: reason,
          searchHref: `/fclbysea?${new URLSearchParams({ pol: prices.pol!, pod: prices.pod! })}`,
        });
      }
    }
    // The rendered page: the message and the search, no price and no route facts.
    const page = await render(`/booking/fcl/${expired}`, undefined, { cookie: t1 });
    expect(page.status).toBe(410);
    expect(visibleText(page.html)).toContain("该运价已失效");
    expect(page.html).toContain(`href="/fclbysea?pol=`);
    expect(page.html).not.toContain(String(prices.gp20T1).replace(/\.00$/, ""));
    const later = await render(`/booking/fcl/${upcoming}`, { lng: "en-US" }, { cookie: t1 });
    expect(visibleText(later.html)).toContain("This rate is not available yet");
    expect(await prisma.entrustment.count({ where: { sourceId: { in: [expired, upcoming] }, mode: "FCL", sourceKind: "rate" } })).toBe(0);
  });

  test("a card valid to today (00:00:00, Shanghai) is bookable all day; one valid from tomorrow is not yet", async () => {
    const t1 = await cookieOf("t1@example.com");
    const offer = await validOffer("FCL");
    const today = todayInShanghai();
    const midnight = new Date(today.getTime() - SHANGHAI_OFFSET_MS); // today 00:00:00 in Shanghai
    await prisma.specialOffer.update({ where: { id: offer }, data: { validFrom: null, validTo: midnight } });
    expect((await getStep1({ mode: "offer", id: offer }, t1)).status).toBe(200);
    await prisma.specialOffer.update({
      where: { id: offer },
      data: { validFrom: new Date(midnight.getTime() + 86_400_000), validTo: null },
    });
    expect((await getStep1({ mode: "offer", id: offer }, t1)).data).toMatchObject({ unavailable: "upcoming" });
    await prisma.specialOffer.update({ where: { id: offer }, data: { validFrom: null, validTo: new Date(midnight.getTime() - 1000) } });
    expect((await getStep1({ mode: "offer", id: offer }, t1)).data).toMatchObject({ unavailable: "expired" });
  });

  test("unknown modes and ids are 404", async () => {
    const t1 = await cookieOf("t1@example.com");
    for (const [mode, id] of [
      ["fcl", "999999999"],
      ["ship", "1"],
      ["fcl", "abc"],
      ["offer", "999999"],
      ["fcl", "0"],
    ]) {
      const { loader } = await import("~/routes/site/booking.$mode.$id");
      const result = await callRoute(loader, getRequest(`/booking/${mode}/${id}`, undefined, { cookie: t1 }), { params: { mode, id } });
      expect(result.status).toBe(404);
    }
  });
});

describe("storing a booking", () => {
  test("a contact request: the row, the mails to customer service, sales and the customer, the success page", async () => {
    const source = await fcl();
    const cookie = await cookieOf("t1@example.com");
    const result = await postContact(source, cookie);
    const id = doneId(result);
    const row = await prisma.entrustment.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      kind: "CONTACT",
      userId: 11,
      mode: "FCL",
      moduleName: "FCL rate",
      sourceKind: "rate",
      sourceId: source.id,
      salesId: 2,
      customerServiceId: 4,
    });
    const mails = await prisma.emailOutbox.findMany({ where: { entrustmentId: id }, orderBy: { id: "asc" } });
    expect(mails.map((m) => [m.kind, m.toAddress, m.status])).toEqual([
      ["order_staff", "service@example.com", "PENDING"],
      ["order_staff", "sales@example.com", "PENDING"],
      ["order_customer", "t1@example.com", "PENDING"],
    ]);
    expect(mails[0].subject).toContain(`#${id}`);

    const { loader } = await done();
    const page = await callRoute(loader, getRequest(`/booking/done/${id}`, undefined, { cookie }), { params: { id: String(id) } });
    expect(page.data).toMatchObject({ id, kind: "CONTACT" });
    expect(resources["en-US"].booking).toMatchObject({
      success: { contact: "Your own customer service will contact you in half an hour!" },
    });
    // Nobody else sees that success page.
    const other = await callRoute(loader, getRequest(`/booking/done/${id}`, undefined, { cookie: await cookieOf("t2@example.com") }), {
      params: { id: String(id) },
    });
    expect(other.status).toBe(404);
  });

  test("a shipping order with a PDF: fields, the tier's prices only, the file under a generated name, mails with the file", async () => {
    const source = await fcl();
    const rate = await prisma.fclRate.findUniqueOrThrow({ where: { id: source.id } });
    const cookie = await cookieOf("t1@example.com");
    const file = pdfFile("托单 2026 (final).pdf");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const fields = orderFields();
    const result = await postOrder({ ...source, query: "?lng=en-US" }, cookie, { ...fields, attachment: file });
    const id = doneId(result);
    const row = await prisma.entrustment.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      kind: "ORDER",
      transportType: "FCL",
      moduleName: "FCL rate",
      gp20Count: 2,
      gp40Count: 0,
      hq40Count: 1,
      otherSize: null,
      grossWeight: "32000KGS",
      volume: "98CBM",
      packages: "1200CTNS",
      commodityZh: "塑料制品",
      commodityEn: "PLASTIC PRODUCTS",
      hsCode: "3926909090",
      // Line breaks are stored as LF (browsers post CRLF).
      shipper: "SHANGHAI RUIFENG IMPORT & EXPORT CO., LTD.\nNO. 3355 QIXIN ROAD",
      idempotencyKey: fields.idempotencyKey,
      pol: rate.pol,
      pod: rate.pod,
      attachmentName: "托单 2026 (final).pdf",
      attachmentType: "application/pdf",
      attachmentSize: bytes.byteLength,
      attachmentSha256: sha256(bytes),
    });
    // Stored under a generated name, never the customer's.
    expect(row.attachmentKey).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(fs.readFileSync(uploadDir("attachments", row.attachmentKey!))).toEqual(Buffer.from(bytes));
    expect(filesIn("tmp")).toEqual([]);

    // The snapshot holds T1's prices (t1 is T1) and nothing of T0 or T2.
    const snapshot = row.sourceSnapshot as { tier: string; prices: { key: string; value: string }[] };
    expect(snapshot.tier).toBe("T1");
    expect(snapshot.prices.find((p) => p.key === "gp20")?.value).toBe(rate.gp20T1!.toFixed(2));
    const json = JSON.stringify(row.sourceSnapshot);
    for (const other of [rate.gp20T0, rate.gp40T0, rate.hq40T0, rate.gp20T2, rate.gp40T2, rate.hq40T2]) {
      if (other) expect(json).not.toContain(other.toFixed(2));
    }

    const mails = await prisma.emailOutbox.findMany({ where: { entrustmentId: id }, orderBy: { id: "asc" } });
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.attachments).toEqual([
        { storageKey: `attachments/${row.attachmentKey}`, filename: "托单 2026 (final).pdf", contentType: "application/pdf" },
      ]);
    }
    // Staff in Chinese, the customer in the language they booked in.
    expect(mails[0].subject).toMatch(/^新托单 #\d+/);
    expect(mails[0].text).toContain("3926909090");
    expect(mails[2].subject).toMatch(/^We received your shipping order #\d+/);
    expect(mails[2].html).toContain("Thank you for Your Commission! ! Exclusive customer service will contact you within half an hour!");
  });

  test("a special-price card: module 'FCL special route', the card's public prices", async () => {
    const offerId = await validOffer("FCL");
    const cookie = await cookieOf("t2@example.com");
    const page = await getStep2({ mode: "offer", id: offerId }, cookie);
    expect(page.data).toMatchObject({ defaults: { transportType: "FCL" }, gate: null });
    const id = doneId(await postOrder({ mode: "offer", id: offerId }, cookie, orderFields()));
    const row = await prisma.entrustment.findUniqueOrThrow({ where: { id } });
    const offer = await prisma.specialOffer.findUniqueOrThrow({ where: { id: offerId } });
    expect(row).toMatchObject({
      sourceKind: "offer",
      sourceId: offerId,
      moduleName: "FCL special route",
      mode: "FCL",
      pol: offer.pol,
      pod: offer.pod,
    });
    expect((row.sourceSnapshot as { prices: { key: string; value: string }[] }).prices.find((p) => p.key === "gp20")?.value).toBe(
      offer.gp20!.toFixed(2),
    );
  });

  test("the mode pre-sets the type and module: LCL, air, rail, trailer and express rates", async () => {
    const cookie = await cookieOf("t0@example.com");
    for (const [mode, type, module] of [
      ["lcl", "LCL", "LCL rate"],
      ["air", "AIR", "Air rate"],
      ["rail", "RAIL", "Railway rate"],
      ["trailer", "TRAILER", "Trailer rate"],
    ] as const) {
      const source = { mode, id: await bookableRate(mode) };
      expect((await getStep2(source, cookie)).data).toMatchObject({ defaults: { transportType: type } });
      const id = doneId(await postContact(source, cookie));
      expect(await prisma.entrustment.findUniqueOrThrow({ where: { id } })).toMatchObject({ mode: type, moduleName: module });
    }
  });

  test("express: the price for the searched destination and weight is kept", async () => {
    const cookie = await cookieOf("t1@example.com");
    const country = await prisma.expressCountry.findFirstOrThrow({ where: { zoneCode: "A" } });
    const id = await bookableRate("express", { weight: { gte: 2 } });
    const source = { mode: "express", id, query: `?pod=${encodeURIComponent(country.countryCode)}&num=2.5` };
    const entrustmentId = doneId(await postContact(source, cookie));
    const row = await prisma.entrustment.findUniqueOrThrow({ where: { id: entrustmentId } });
    const snapshot = row.sourceSnapshot as { express: { zoneCode: string; weight: string }; prices: { key: string }[] };
    expect(snapshot.express).toMatchObject({ zoneCode: "A", weight: "2.5", country: country.countryEn, countryZh: country.countryZh });
    expect(snapshot.prices.map((p) => p.key)).toEqual(expect.arrayContaining(["price", "total"]));
    // Stored in Chinese (staff read Chinese, as the query logs do); shown in the reader's language.
    expect(row.pod).toBe(country.countryZh);
    expect(row.pol).toBeNull();
  });

  test("express: titled by its destination in the reader's language, never '- → …' (page, record, list, mails)", async () => {
    const cookie = await cookieOf("t1@example.com");
    const country = await prisma.expressCountry.findFirstOrThrow({ where: { countryCode: "US-W" } });
    const id = await bookableRate("express", { weight: { gte: 2 } });
    const source = { mode: "express", id, query: "?pod=US-W&num=2.5" };
    const entrustmentId = doneId(await postContact(source, cookie));
    const { loader: record } = await detail();
    const { loader: list } = await records();
    for (const [lng, name] of [
      ["zh-CN", country.countryZh],
      ["en-US", country.countryEn],
    ] as const) {
      const page = await callRoute(record, getRequest(`/entrustment/${entrustmentId}`, { lng }, { cookie }), {
        params: { id: String(entrustmentId) },
      });
      expect((page.data as { route: string }).route).toBe(name);
      const rows = (await callRoute(list, getRequest("/entrustment", { lng }, { cookie }))).data as {
        rows: { id: number; pol: string | null; pod: string }[];
      };
      expect(rows.rows.find((r) => r.id === entrustmentId)).toMatchObject({ pol: null, pod: name });
      const step1 = await getStep1({ ...source, query: `${source.query}&lng=${lng}` }, cookie);
      expect(JSON.stringify(step1.data)).not.toContain("- →");
    }
    const mails = await prisma.emailOutbox.findMany({ where: { entrustmentId } });
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.subject).not.toContain("- →");
      expect(mail.subject).toContain(country.countryZh); // staff and this customer read Chinese
    }
  });
});

describe("validation", () => {
  async function rejected(fields: Record<string, string | File | (string | File)[] | undefined>, status = 400) {
    const cookie = await cookieOf("t2@example.com");
    const result = await postOrder(await fcl(), cookie, fields);
    expect(result.status).toBe(status);
    return result.data as Reply;
  }

  test("transport type required ('Please select the mode of transportation！'), values kept", async () => {
    const reply = await rejected(orderFields({ transportType: "", commodityEn: "STEEL PIPES" }));
    expect(reply.error?.transportType).toEqual(["booking.validation.transportRequired"]);
    expect(reply.initialValue).toMatchObject({ commodityEn: "STEEL PIPES", hsCode: "3926909090" });
    expect((await rejected(orderFields({ transportType: "SHIP" }))).error?.transportType).toEqual(["booking.validation.transportRequired"]);
    expect(resources["en-US"].booking).toMatchObject({ validation: { transportRequired: "Please select the mode of transportation！" } });
    expect(resources["zh-CN"].booking).toMatchObject({ validation: { transportRequired: "请选择运输方式！" } });
  });

  test("container counts are whole numbers from 0 to 999", async () => {
    for (const bad of ["-1", "1000", "1.5", "abc"]) {
      const reply = await rejected(orderFields({ gp40Count: bad }));
      expect(reply.error?.gp40Count).toEqual(["booking.validation.count"]);
    }
    const id = doneId(
      await postOrder(await fcl(), await cookieOf("t2@example.com"), orderFields({ gp20Count: "999", gp40Count: "0", hq40Count: "" })),
    );
    expect(await prisma.entrustment.findUniqueOrThrow({ where: { id } })).toMatchObject({ gp20Count: 999, gp40Count: 0, hq40Count: 0 });
  });

  test("party texts at most 1000 characters (a line break counts once)", async () => {
    for (const name of ["shipper", "consignee", "notifyParty"]) {
      const reply = await rejected(orderFields({ [name]: "x".repeat(1001) }));
      expect(reply.error?.[name]).toEqual(["booking.validation.partyTooLong"]);
    }
    const exactly = "y".repeat(499) + "\r\n" + "z".repeat(500);
    const id = doneId(await postOrder(await fcl(), await cookieOf("t2@example.com"), orderFields({ shipper: exactly })));
    expect((await prisma.entrustment.findUniqueOrThrow({ where: { id } })).shipper).toBe(exactly.replace("\r\n", "\n"));
  });

  test("the HS code is 10 digits; other texts have limits", async () => {
    for (const bad of ["392690909", "39269090901", "39269090AB"]) {
      expect((await rejected(orderFields({ hsCode: bad }))).error?.hsCode).toEqual(["booking.validation.hsCode"]);
    }
    expect((await rejected(orderFields({ grossWeight: "9".repeat(51) }))).error?.grossWeight).toEqual(["booking.validation.shortTooLong"]);
    expect((await rejected(orderFields({ commodityEn: "A".repeat(201) }))).error?.commodityEn).toEqual([
      "booking.validation.commodityTooLong",
    ]);
  });

  test("one attachment, of an accepted type, not empty; the file tab needs one", async () => {
    expect((await rejected({ ...orderFields(), attachment: fileOf("MZ", "tool.exe") })).error?.attachment).toEqual([
      "booking.validation.fileType",
    ]);
    expect((await rejected({ ...orderFields(), attachment: fileOf("", "empty.pdf") })).error?.attachment).toEqual([
      "booking.validation.fileEmpty",
    ]);
    expect((await rejected({ ...orderFields(), attachment: [pdfFile("a.pdf"), pdfFile("b.pdf")] })).error?.attachment).toEqual([
      "booking.validation.oneFile",
    ]);
    expect((await rejected(orderFields({ tab: "file" }))).error?.attachment).toEqual(["booking.validation.fileRequired"]);
    expect(filesIn("attachments")).toEqual(expect.not.arrayContaining([expect.stringMatching(/^$/)]));
    expect(filesIn("tmp")).toEqual([]);
  });

  test("a missing or foreign idempotency key asks for a fresh form", async () => {
    expect((await rejected(orderFields({ idempotencyKey: "" }))).error?.idempotencyKey).toEqual(["booking.validation.expired"]);
    // Someone else's key: refused, the other order is not revealed.
    const t1 = await cookieOf("t1@example.com");
    const key = newKey();
    doneId(await postContact(await fcl(), t1, key));
    const reply = await rejected(orderFields({ idempotencyKey: key }));
    expect(reply.error?.[""]).toEqual(["booking.validation.expired"]);
  });

  test("every message exists in both languages", () => {
    const keys = (value: unknown, prefix = ""): string[] =>
      value && typeof value === "object" ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];
    const zh = keys(resources["zh-CN"].booking).sort();
    const en = keys(resources["en-US"].booking).sort();
    expect(zh).toEqual(en);
    expect(en).toEqual(
      expect.arrayContaining(["validation.fileTooLarge", "validation.count", "validation.hsCode", "validation.partyTooLong"]),
    );
  });
});

describe("LCL, air and express carry no containers", () => {
  test("the server zeroes the counts and empties the other size, whatever was posted", async () => {
    const cookie = await cookieOf("t1@example.com");
    for (const type of ["LCL", "AIR", "EXPRESS"]) {
      const fields = orderFields({ transportType: type, gp20Count: "5", gp40Count: "abc", hq40Count: "2000", otherSize: "45HQ" });
      const id = doneId(await postOrder(await fcl(), cookie, fields));
      expect(await prisma.entrustment.findUniqueOrThrow({ where: { id } })).toMatchObject({
        transportType: type,
        gp20Count: 0,
        gp40Count: 0,
        hq40Count: 0,
        otherSize: null,
      });
    }
    // Rail and trailer keep them.
    const id = doneId(await postOrder(await fcl(), cookie, orderFields({ transportType: "RAIL", gp20Count: "3", otherSize: "45HQ" })));
    expect(await prisma.entrustment.findUniqueOrThrow({ where: { id } })).toMatchObject({ gp20Count: 3, otherSize: "45HQ" });
  });
});

describe("the 5 MB attachment limit", () => {
  test("exactly 5 MB is accepted", async () => {
    const cookie = await cookieOf("t2@example.com");
    const file = fileOf(new Uint8Array(5 * MB).fill(37), "five.pdf", "application/pdf");
    const id = doneId(await postOrder(await fcl(), cookie, { ...orderFields(), attachment: file }));
    expect((await prisma.entrustment.findUniqueOrThrow({ where: { id } })).attachmentSize).toBe(5 * MB);
  });

  test("one byte more: 'Upload file size can not exceed 5MB!', the other values kept, nothing stored", async () => {
    const cookie = await cookieOf("t2@example.com");
    const before = await prisma.entrustment.count();
    const file = fileOf(new Uint8Array(5 * MB + 1).fill(37), "big.pdf", "application/pdf");
    // A field after the file still arrives: the rest of the part is discarded, not stored.
    const result = await postOrder(await fcl(), cookie, {
      ...orderFields({ commodityEn: undefined }),
      attachment: file,
      commodityEn: "AFTER THE FILE",
    });
    expect(result.status).toBe(413);
    const reply = result.data as Reply;
    expect(reply.error?.attachment).toEqual(["booking.validation.fileTooLarge"]);
    expect(reply.initialValue).toMatchObject({ commodityEn: "AFTER THE FILE", grossWeight: "32000KGS" });
    expect(await prisma.entrustment.count()).toBe(before);
    expect(filesIn("tmp")).toEqual([]);
    expect(resources["en-US"].booking).toMatchObject({ validation: { fileTooLarge: "Upload file size can not exceed 5MB!" } });
  });

  test("enforced while streaming: a 40 MB body is not read to its end", async () => {
    const cookie = await cookieOf("t2@example.com");
    const source = await fcl();
    const boundary = `----booking${newKey()}`;
    const encoder = new TextEncoder();
    const head = encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="idempotencyKey"\r\n\r\n${newKey()}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="transportType"\r\n\r\nFCL\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
    const chunk = new Uint8Array(64 * 1024).fill(65);
    const chunks = (40 * MB) / chunk.byteLength;
    let sent = 0;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) controller.enqueue(head);
        else if (pulled <= chunks) {
          controller.enqueue(chunk);
          sent += chunk.byteLength;
        } else if (pulled === chunks + 1) {
          controller.enqueue(tail);
          controller.close();
        }
        pulled += 1;
      },
    });
    const request = new Request(`http://localhost:3000/booking/fcl/${source.id}/order`, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
      body,
      duplex: "half",
    } as RequestInit);
    const { action } = await import("~/routes/site/booking.$mode.$id_.order");
    const result = await callRoute(action, request, { params: { mode: "fcl", id: String(source.id) } });
    expect(result.status).toBe(413);
    expect((result.data as Reply).error?.attachment).toEqual(["booking.validation.fileTooLarge"]);
    // Stopped about the request cap (12 MB), far before 40 MB.
    expect(sent).toBeLessThan(14 * MB);
    expect(filesIn("tmp")).toEqual([]);
  });

  test("a declared Content-Length beyond the cap is refused before reading", async () => {
    const cookie = await cookieOf("t2@example.com");
    const source = await fcl();
    const { action } = await import("~/routes/site/booking.$mode.$id_.order");
    const request = new Request(`http://localhost:3000/booking/fcl/${source.id}/order`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * MB), Cookie: cookie },
      body: "--x--",
    });
    const result = await callRoute(action, request, { params: { mode: "fcl", id: String(source.id) } });
    expect(result.status).toBe(413);
  });
});

describe("idempotency and failures", () => {
  test("a double submit stores one order and answers both with it", async () => {
    const cookie = await cookieOf("t1@example.com");
    const source = await fcl();
    const fields = orderFields();
    const first = doneId(await postOrder(source, cookie, { ...fields, attachment: pdfFile() }));
    const second = doneId(await postOrder(source, cookie, { ...fields, attachment: pdfFile() }));
    expect(second).toBe(first);
    expect(await prisma.entrustment.count({ where: { idempotencyKey: fields.idempotencyKey } })).toBe(1);
    expect(await prisma.emailOutbox.count({ where: { entrustmentId: first } })).toBe(3);
    const keys = new Set(
      (await prisma.entrustment.findMany({ where: { attachmentKey: { not: null } }, select: { attachmentKey: true } })).map(
        (r) => r.attachmentKey,
      ),
    );
    // No orphan file from the second submit.
    expect(filesIn("attachments").filter((name) => !keys.has(name))).toEqual([]);
  });

  test("if the file cannot be stored, nothing is written", async () => {
    allowConsoleError();
    const cookie = await cookieOf("t2@example.com");
    const before = { rows: await prisma.entrustment.count(), mails: await prisma.emailOutbox.count() };
    // A file where the attachments folder should be: the move fails.
    const dir = uploadDir("attachments");
    const moved = `${dir}.aside`;
    if (fs.existsSync(dir)) fs.renameSync(dir, moved);
    fs.writeFileSync(dir, "not a folder");
    try {
      await expect(postOrder(await fcl(), cookie, { ...orderFields(), attachment: pdfFile() })).rejects.toThrow();
    } finally {
      fs.rmSync(dir, { force: true });
      if (fs.existsSync(moved)) fs.renameSync(moved, dir);
    }
    expect(await prisma.entrustment.count()).toBe(before.rows);
    expect(await prisma.emailOutbox.count()).toBe(before.mails);
    expect(filesIn("tmp")).toEqual([]);
  });

  test("if the transaction fails, the stored file is removed", async () => {
    allowConsoleError();
    const cookie = await cookieOf("t2@example.com");
    const before = { rows: await prisma.entrustment.count(), files: filesIn("attachments").length };
    await withTestDb((c) =>
      c.query(`
        CREATE FUNCTION booking_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'mail table down'; END $$;
        CREATE TRIGGER booking_test_fail BEFORE INSERT ON email_outbox FOR EACH ROW EXECUTE FUNCTION booking_test_fail();`),
    );
    try {
      await expect(postOrder(await fcl(), cookie, { ...orderFields(), attachment: pdfFile() })).rejects.toThrow();
    } finally {
      await withTestDb((c) => c.query(`DROP TRIGGER booking_test_fail ON email_outbox; DROP FUNCTION booking_test_fail();`));
    }
    expect(await prisma.entrustment.count()).toBe(before.rows);
    expect(filesIn("attachments")).toHaveLength(before.files);
    expect(filesIn("tmp")).toEqual([]);
  });
});
