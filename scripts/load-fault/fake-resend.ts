// A stand-in for Resend's `POST /emails` for the load-and-fault drill
// (scripts/load-fault.ts). Test facility only: the app talks to it through its
// real Resend transport, pointed here with RESEND_BASE_URL (an option of the
// Resend SDK), so the drill exercises the production mail path.
//
// It behaves like Resend where it matters for "exactly once":
//   - an Idempotency-Key already accepted returns the first answer again and
//     delivers nothing (Resend keeps keys 24 h); the same key with another
//     payload is a 409 invalid_idempotent_request; the same key while the
//     first request is still in progress is a 409 concurrent_idempotent_requests;
// and it fails on purpose:
//   - `failRate`: 500 before accepting (nothing delivered);
//   - `lostAckRate`: accepts and delivers, then drops the connection without
//     an answer (the sender must retry, and must not deliver twice);
//   - `slowRate`: answers after 1-3 s (a relay killed meanwhile leaves its
//     rows in SENDING);
//   - `outage`: while on, every request gets 503.
// Every delivery is kept (and appended to a file) for the reconciliation.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FaultOptions = {
  apiKey: string;
  failRate: number;
  lostAckRate: number;
  slowRate: number;
  /** Appends one JSON line per delivery. */
  deliveriesFile: string;
  random?: () => number;
};

export type Delivery = {
  key: string;
  id: string;
  to: string[];
  subject: string;
  attachments: { filename: string; sha256: string; size: number }[];
  payloadHash: string;
  at: string;
};

export type ProviderStats = {
  requests: number;
  accepted: number;
  injectedFailures: number;
  lostAcks: number;
  slow: number;
  outageRefusals: number;
  /** Requests for a key already delivered: each would have been a duplicate mail without the key. */
  duplicateKeyRequests: number;
  conflicts: number;
  badRequests: number;
};

type Body = {
  from?: string;
  to?: string[] | string;
  subject?: string;
  html?: string;
  text?: string;
  attachments?: { filename?: string; content?: string; content_type?: string }[];
};

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeResend(port: number, options: FaultOptions) {
  const random = options.random ?? Math.random;
  const deliveries = new Map<string, Delivery>();
  const inFlight = new Set<string>();
  const stats: ProviderStats = {
    requests: 0,
    accepted: 0,
    injectedFailures: 0,
    lostAcks: 0,
    slow: 0,
    outageRefusals: 0,
    duplicateKeyRequests: 0,
    conflicts: 0,
    badRequests: 0,
  };
  let outage = false;
  const out = fs.createWriteStream(options.deliveriesFile, { flags: "a" });

  const server = http.createServer(async (req, res) => {
    stats.requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);

    if (req.method !== "POST" || req.url !== "/emails") return json(res, 404, { name: "not_found", statusCode: 404, message: "not found" });
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      stats.badRequests += 1;
      return json(res, 401, { name: "missing_api_key", statusCode: 401, message: "bad key" });
    }
    if (outage) {
      stats.outageRefusals += 1;
      return json(res, 503, { name: "application_error", statusCode: 503, message: "outage (fault drill)" });
    }
    const key = req.headers["idempotency-key"];
    let body: Body;
    try {
      body = JSON.parse(raw.toString("utf8")) as Body;
    } catch {
      stats.badRequests += 1;
      return json(res, 422, { name: "validation_error", statusCode: 422, message: "bad json" });
    }
    if (typeof key !== "string" || !key || !body.from || !body.to || !body.subject || (!body.html && !body.text)) {
      stats.badRequests += 1;
      return json(res, 422, { name: "validation_error", statusCode: 422, message: "missing field or Idempotency-Key" });
    }
    const payloadHash = crypto.createHash("sha256").update(raw).digest("hex");

    const earlier = deliveries.get(key);
    if (earlier) {
      stats.duplicateKeyRequests += 1;
      if (earlier.payloadHash !== payloadHash) {
        stats.conflicts += 1;
        return json(res, 409, { name: "invalid_idempotent_request", statusCode: 409, message: "same key, other payload" });
      }
      return json(res, 200, { id: earlier.id });
    }
    if (inFlight.has(key)) {
      stats.conflicts += 1;
      return json(res, 409, { name: "concurrent_idempotent_requests", statusCode: 409, message: "same key in progress" });
    }
    inFlight.add(key);
    try {
      if (random() < options.slowRate) {
        stats.slow += 1;
        await sleep(1000 + random() * 2000);
      }
      if (random() < options.failRate) {
        stats.injectedFailures += 1;
        return json(res, 500, { name: "internal_server_error", statusCode: 500, message: "injected failure (fault drill)" });
      }
      const delivery: Delivery = {
        key,
        id: crypto.randomUUID(),
        to: Array.isArray(body.to) ? body.to : [body.to],
        subject: body.subject,
        attachments: (body.attachments ?? []).map((a) => {
          const bytes = Buffer.from(a.content ?? "", "base64");
          return { filename: a.filename ?? "", sha256: crypto.createHash("sha256").update(bytes).digest("hex"), size: bytes.length };
        }),
        payloadHash,
        at: new Date().toISOString(),
      };
      deliveries.set(key, delivery);
      stats.accepted += 1;
      out.write(`${JSON.stringify(delivery)}\n`);
      if (random() < options.lostAckRate) {
        // Delivered, but the sender never hears so.
        stats.lostAcks += 1;
        req.socket.destroy();
        return;
      }
      return json(res, 200, { id: delivery.id });
    } finally {
      inFlight.delete(key);
    }
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    stats,
    setOutage(on: boolean) {
      outage = on;
    },
    get outage() {
      return outage;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => out.end(resolve));
    },
  };
}
