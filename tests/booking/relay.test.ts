// The mail outbox relay: delivery with retries when the provider fails and
// recovers (nothing lost, nothing sent twice), crash recovery, the retry
// budget, parallel relays, and the Resend transport's request.
import fs from "node:fs";
import { enqueueEmail } from "~/domain/mail/outbox.server";
import { backoffMs, claimOutbox, deliverBatch, idempotencyKeyFor, MAX_ATTEMPTS, startMailRelay } from "~/domain/mail/relay.server";
import { MailSendError, resendTransport, type MailMessage, type MailTransport } from "~/domain/mail/transport.server";
import { prisma } from "~/utils/db.server";
import { uploadDir } from "./helpers";

/** Behaves like Resend: an idempotency key already accepted returns the same id and is not delivered again. */
class FakeProvider implements MailTransport {
  delivered = new Map<string, { id: string; message: MailMessage }>();
  calls = 0;
  duplicates = 0;
  constructor(
    private failures = 0,
    private delayMs = 0,
  ) {}
  async send(message: MailMessage) {
    this.calls += 1;
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, Math.random() * this.delayMs));
    if (this.failures > 0) {
      this.failures -= 1;
      throw new MailSendError("503 service_unavailable (fake)", true);
    }
    const known = this.delivered.get(message.idempotencyKey);
    if (known) {
      this.duplicates += 1;
      return { id: known.id };
    }
    const id = `fake-${this.delivered.size + 1}`;
    this.delivered.set(message.idempotencyKey, { id, message });
    return { id };
  }
}

async function queue(count: number, withFile = false) {
  let storageKey: string | null = null;
  if (withFile) {
    fs.mkdirSync(uploadDir("attachments"), { recursive: true });
    storageKey = "attachments/0123456789abcdef0123456789abcdef.pdf";
    fs.writeFileSync(uploadDir(storageKey), "%PDF-1.4 relay test");
  }
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await enqueueEmail(prisma, {
      kind: "order_staff",
      to: `staff${i}@example.com`,
      subject: `Order ${i}`,
      html: `<p>${i}</p>`,
      text: String(i),
      attachments: storageKey && i % 2 === 0 ? [{ storageKey, filename: "托单.pdf", contentType: "application/pdf" }] : [],
    });
    ids.push(row.id);
  }
  return ids;
}

/** Runs one relay until nothing is due. */
async function drain(transport: MailTransport, workerId: string, batchSize = 10) {
  const claimed: number[] = [];
  for (let round = 0; round < 100; round++) {
    const report = await deliverBatch({ transport, workerId, batchSize, backoff: () => 0 });
    claimed.push(...report.ids);
    if (report.claimed === 0) return claimed;
  }
  throw new Error("the relay did not finish");
}

beforeEach(async () => {
  // The seed's own outbox rows would otherwise be delivered too.
  await prisma.emailOutbox.deleteMany();
});

test("the provider fails, then recovers: every mail is sent once, attachments included", async () => {
  const ids = await queue(12, true);
  const provider = new FakeProvider(15);
  await drain(provider, "relay-a");
  const rows = await prisma.emailOutbox.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
  expect(rows.every((r) => r.status === "SENT" && r.sentAt && r.providerId?.startsWith("fake-"))).toBe(true);
  expect(rows.some((r) => r.attempts > 1)).toBe(true);
  expect(provider.delivered.size).toBe(12);
  expect(provider.duplicates).toBe(0);
  expect([...provider.delivered.keys()].sort()).toEqual(ids.map(idempotencyKeyFor).sort());
  const withFile = provider.delivered.get(idempotencyKeyFor(ids[0]))!.message;
  expect(withFile.attachments).toEqual([
    { filename: "托单.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4 relay test") },
  ]);
  expect(provider.delivered.get(idempotencyKeyFor(ids[1]))!.message.attachments).toEqual([]);
});

test("after MAX_ATTEMPTS failures a mail is FAILED; a permanent error fails at once", async () => {
  const [id] = await queue(1);
  const down = new FakeProvider(1_000);
  await drain(down, "relay-a");
  const row = await prisma.emailOutbox.findUniqueOrThrow({ where: { id } });
  expect(row).toMatchObject({ status: "FAILED", attempts: MAX_ATTEMPTS, lockedBy: null });
  expect(row.lastError).toContain("503");

  const [second] = await queue(1);
  const refusing: MailTransport = {
    send: async () => {
      throw new MailSendError("422 validation_error: bad address", false);
    },
  };
  await drain(refusing, "relay-a");
  expect(await prisma.emailOutbox.findUniqueOrThrow({ where: { id: second } })).toMatchObject({ status: "FAILED", attempts: 1 });

  // An attachment that is gone cannot be fixed by retrying either.
  const [third] = await queue(1);
  await prisma.emailOutbox.update({
    where: { id: third },
    data: {
      attachments: [{ storageKey: "attachments/ffffffffffffffffffffffffffffffff.pdf", filename: "x.pdf", contentType: "application/pdf" }],
    },
  });
  await drain(new FakeProvider(), "relay-a");
  expect(await prisma.emailOutbox.findUniqueOrThrow({ where: { id: third } })).toMatchObject({ status: "FAILED" });
});

test("backoff grows exponentially up to an hour", () => {
  const mid = () => 0.5;
  expect(backoffMs(1, mid)).toBe(30_000);
  expect(backoffMs(2, mid)).toBe(60_000);
  expect(backoffMs(5, mid)).toBe(480_000);
  expect(backoffMs(20, mid)).toBe(3_600_000);
});

test("a relay that crashed after sending: the row is reclaimed after 10 minutes and not delivered twice", async () => {
  const ids = await queue(5);
  const provider = new FakeProvider();
  // Relay A claims and hands the mails to the provider, then dies before recording it.
  const claimed = await claimOutbox("relay-a", 10);
  expect(claimed.map((r) => r.id).sort()).toEqual(ids.sort());
  for (const row of claimed.slice(0, 3)) {
    await provider.send({
      from: "x",
      to: row.to_address,
      subject: row.subject,
      html: row.html,
      text: row.text,
      attachments: [],
      idempotencyKey: idempotencyKeyFor(row.id),
    });
  }
  // Relay B does not touch rows another relay holds...
  expect((await deliverBatch({ transport: provider, workerId: "relay-b", backoff: () => 0 })).claimed).toBe(0);
  // ...until they have been SENDING for more than 10 minutes.
  await prisma.$executeRaw`UPDATE email_outbox SET locked_at = now() - interval '11 minutes' WHERE locked_by = 'relay-a'`;
  const report = await deliverBatch({ transport: provider, workerId: "relay-b", backoff: () => 0 });
  expect(report).toMatchObject({ claimed: 5, sent: 5 });
  expect(provider.delivered.size).toBe(5);
  // The three A had sent were resent with the same key: the provider did not deliver them again.
  expect(provider.duplicates).toBe(3);

  // A wakes up and tries to finish its (stale) claim: fenced out.
  const late = await prisma.emailOutbox.updateMany({
    where: { id: claimed[0].id, lockedBy: "relay-a", attempts: claimed[0].attempts, status: "SENDING" },
    data: { status: "PENDING" },
  });
  expect(late.count).toBe(0);
  const rows = await prisma.emailOutbox.findMany({ where: { id: { in: ids } } });
  expect(rows.every((r) => r.status === "SENT" && r.attempts === 2)).toBe(true);
});

test("relays in parallel never claim the same row", async () => {
  const ids = await queue(60);
  // Many claims at the same instant.
  const batches = await Promise.all(Array.from({ length: 12 }, (_, i) => claimOutbox(`claimer-${i}`, 4)));
  const claimed = batches.flat().map((r) => r.id);
  expect(new Set(claimed).size).toBe(claimed.length);
  expect(claimed.length).toBe(48);
  await prisma.$executeRaw`UPDATE email_outbox SET status = 'PENDING', locked_at = NULL, locked_by = NULL`;

  // Two relays delivering side by side.
  const provider = new FakeProvider(10, 5);
  const [a, b] = await Promise.all([drain(provider, "relay-a", 5), drain(provider, "relay-b", 5)]);
  expect(a.length).toBeGreaterThan(0);
  expect(b.length).toBeGreaterThan(0);
  const sent = await prisma.emailOutbox.findMany({ where: { id: { in: ids } } });
  expect(sent.every((r) => r.status === "SENT")).toBe(true);
  expect(provider.delivered.size).toBe(60);
  expect(provider.duplicates).toBe(0);
});

test("startMailRelay delivers in the background and stops cleanly", async () => {
  const ids = await queue(3);
  const provider = new FakeProvider();
  const relay = startMailRelay({ transport: provider, intervalMs: 50, log: () => {} });
  for (let i = 0; i < 100 && provider.delivered.size < 3; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  await relay.stop();
  expect(provider.delivered.size).toBe(3);
  expect((await prisma.emailOutbox.findMany({ where: { id: { in: ids } } })).every((r) => r.status === "SENT")).toBe(true);
});

describe("the Resend transport", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const message: MailMessage = {
    from: "Freight Portal <noreply@example.com>",
    to: "service@example.com",
    subject: "新托单 #7",
    html: "<p>hi</p>",
    text: "hi",
    attachments: [{ filename: "托单.pdf", content: Buffer.from("%PDF"), contentType: "application/pdf" }],
    idempotencyKey: "outbox-7",
  };

  test("sends the outbox id as Resend's Idempotency-Key, with the attachment", async () => {
    const requests: { url: string; headers: Headers; body: Record<string, unknown> }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      requests.push({ url, headers: new Headers(init.headers), body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ id: "re_123" }), { status: 200, headers: { "Content-Type": "application/json" } });
    });
    expect(await resendTransport("re_test_key").send(message)).toEqual({ id: "re_123" });
    expect(requests[0].url).toBe("https://api.resend.com/emails");
    expect(requests[0].headers.get("Idempotency-Key")).toBe("outbox-7");
    expect(requests[0].body).toMatchObject({ to: ["service@example.com"], subject: "新托单 #7" });
    expect((requests[0].body.attachments as { filename: string; content: string }[])[0]).toMatchObject({
      filename: "托单.pdf",
      content: Buffer.from("%PDF").toString("base64"),
    });
  });

  test("errors: validation is permanent, outages and network failures are retried", async () => {
    const answer = (status: number, name: string) =>
      vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ statusCode: status, name, message: name }), { status }));
    answer(422, "validation_error");
    await expect(resendTransport("re_test_key").send(message)).rejects.toMatchObject({ retryable: false });
    answer(429, "rate_limit_exceeded");
    await expect(resendTransport("re_test_key").send(message)).rejects.toMatchObject({ retryable: true });
    answer(500, "internal_server_error");
    await expect(resendTransport("re_test_key").send(message)).rejects.toMatchObject({ retryable: true });
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed");
    });
    await expect(resendTransport("re_test_key").send(message)).rejects.toMatchObject({ retryable: true });
  });
});

test("the backoff and the stuck timeout can be shortened (env MAIL_RETRY_*, MAIL_STUCK_AFTER_SECONDS: fault drills)", async () => {
  const mid = () => 0.5;
  expect(backoffMs(1, mid, 1000, 15_000)).toBe(1000);
  expect(backoffMs(3, mid, 1000, 15_000)).toBe(4000);
  expect(backoffMs(10, mid, 1000, 15_000)).toBe(15_000);

  const ids = await queue(2);
  const provider = new FakeProvider();
  await claimOutbox("relay-a", 10);
  await prisma.$executeRaw`UPDATE email_outbox SET locked_at = now() - interval '50 seconds' WHERE locked_by = 'relay-a'`;
  // 50 s is not stuck by the production rule (10 min)...
  expect((await deliverBatch({ transport: provider, workerId: "relay-b", backoff: () => 0 })).claimed).toBe(0);
  // ...but is with a 40 s timeout.
  const report = await deliverBatch({ transport: provider, workerId: "relay-b", backoff: () => 0, stuckAfterSeconds: 40 });
  expect(report).toMatchObject({ claimed: 2, sent: 2 });
  expect((await prisma.emailOutbox.findMany({ where: { id: { in: ids } } })).every((r) => r.status === "SENT")).toBe(true);
});
