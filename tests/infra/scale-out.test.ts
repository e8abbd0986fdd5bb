// Two app processes on one PostgreSQL, started by scripts/scale-out.mjs (the
// docker-compose.yml topology without Docker and its nginx), on this file's
// database; the test talks to both, as the proxy would. What one process does, the other sees on its
// next request: an import (its cached page replaced, by NOTIFY, as soon as the notification arrives),
// sessions, rate limits, revoked tokens; the mail relays of both deliver
// every outbox row exactly once.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fclArea } from "~/domain/data-areas";
import { formatDate, todayInShanghai } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { headers as sheetHeaders, rowOf, sheetBytes } from "../data/helpers";
import { get } from "../server/helpers";
import { startScaleOut } from "../../scripts/scale-out.mjs";
import { freePort } from "../../scripts/lib/free-port.mjs";

/** Whether `check` holds within a second (a notification in transit between two processes). */
async function within(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 20; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const seenBy = (base: string, route: string, text: string) => within(async () => (await get(base, route)).body.includes(text));

type Topology = { apps: { url: string; pid: number; output: () => string }[]; stop: () => Promise<void> };

/** A fake of Resend's API: every mail it was asked to send. */
const delivered: { to: string; subject: string }[] = [];
let resend: http.Server;
let topology: Topology;
let a: string;
let b: string;

beforeAll(async () => {
  resend = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const mail = JSON.parse(body || "{}");
      delivered.push({ to: [mail.to].flat().join(","), subject: mail.subject });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: `fake-${delivered.length}` }));
    });
  });
  await new Promise<void>((resolve) => resend.listen(0, "127.0.0.1", () => resolve()));
  const resendUrl = `http://127.0.0.1:${(resend.address() as AddressInfo).port}`;
  topology = (await startScaleOut({
    appPorts: [await freePort(), await freePort()],
    databaseUrl: process.env.DATABASE_URL,
    uploadDir: process.env.UPLOAD_DIR,
    log: () => {},
    env: {
      INSECURE_COOKIES: "1",
      SESSION_SECRET: "scale-out-test-secret-0123456789abcdef",
      RESEND_API_KEY: "re_test_fake",
      RESEND_BASE_URL: resendUrl,
      MAIL_RELAY_INTERVAL_MS: "100",
    },
  })) as Topology;
  [a, b] = topology.apps.map((app) => app.url);
}, 240_000);

afterAll(async () => {
  await topology?.stop();
  await new Promise((resolve) => resend?.close(resolve));
});

/** A form POST as a browser on `base` sends it (same origin). */
async function postForm(base: string, path: string, fields: Record<string, string> | FormData, cookie = "") {
  const body = fields instanceof FormData ? fields : new URLSearchParams(fields);
  return fetch(base + path, { method: "POST", body, headers: { origin: base, cookie }, redirect: "manual" });
}
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function login(base: string, email: string, password = "Demo1234") {
  return postForm(base, "/login", { email, password, intent: "login" });
}

describe("two app processes on one PostgreSQL", () => {
  it("two processes, both serving", async () => {
    expect(topology.apps[0].pid).not.toBe(topology.apps[1].pid);
    for (let i = 0; i < 4; i++) expect((await get(i % 2 === 0 ? a : b, "/home")).status).toBe(200);
    for (const base of [a, b]) expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("compose's proxy (stock nginx, deploy/nginx.conf) spreads requests over both apps with the headers they trust", () => {
    const conf = fs.readFileSync(path.join(process.cwd(), "deploy", "nginx.conf"), "utf8").replace(/#.*$/gm, "");
    const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(conf)!;
    // Round robin (no hash or ip_hash directive) over both app containers.
    expect([...upstream[2].matchAll(/server\s+([\w.:-]+);/g)].map((m) => m[1])).toEqual(["app1:3000", "app2:3000"]);
    expect(upstream[2]).not.toMatch(/\b(ip_hash|hash|least_conn)\b/);
    expect(conf).toContain(`proxy_pass http://${upstream[1]};`);
    for (const header of ["X-Forwarded-For $proxy_add_x_forwarded_for", "X-Forwarded-Proto $scheme", "X-Forwarded-Host $http_host"])
      expect(conf).toContain(`proxy_set_header ${header};`);
    // The apps' own limits decide about large imports (nginx would refuse above 1 MB by default).
    expect(conf).toMatch(/client_max_body_size 0;/);
    const compose = fs.readFileSync(path.join(process.cwd(), "docker-compose.yml"), "utf8");
    expect(compose).toMatch(/proxy:\s+image: nginx:[\w.-]+/);
    expect(compose).toContain("./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro");
    expect(compose).toContain(`TRUST_PROXY: "1"`);
  });

  it("an import through one process shows on the very next request to the other", async () => {
    const route = "/fclbysea?pol=SHANGHAI&pod=BATAM";
    await get(b, route);
    expect((await get(b, route)).queries).toBe(0); // B answers from its cache
    const staff = cookieOf(await login(a, "data@example.com"));
    expect(staff).toContain("session=");
    const today = todayInShanghai();
    const until = new Date(today);
    until.setUTCDate(until.getUTCDate() + 30);
    const form = new FormData();
    form.set("intent", "import");
    const bytes = sheetBytes([
      sheetHeaders(fclArea),
      rowOf(fclArea, {
        id: 991_001,
        pol: "SHANGHAI",
        pod: "BATAM",
        carrier: "TWOPROCESSLINE",
        "20GP_T0": 100,
        valid_fm: formatDate(today),
        valid_to: formatDate(until),
      }),
    ]);
    form.set(
      "file",
      new File([new Uint8Array(bytes)], "fcl.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
    );
    const imported = await postForm(a, "/fclbyseaData", form, staff);
    expect(imported.status).toBe(302);
    // B hears of the import by NOTIFY: on the very next request when the notification has arrived, which on a loaded
    // machine may take a few milliseconds more than the 302 (the read cache is the process's, the table the truth).
    expect(await seenBy(b, route, "TWOPROCESSLINE")).toBe(true);
    // And A, which wrote it, too.
    expect((await get(a, route)).body).toContain("TWOPROCESSLINE");
  });

  it("a port alias added through one process shows in the other's typeahead on its next request", async () => {
    const ask = async (base: string) => {
      const answer = await get(base, "/resources/ports?kind=sea&q=Zq%20Twoproc");
      expect(answer.status).toBe(200);
      return { ports: (JSON.parse(answer.body).options as { value: string }[]).map((o) => o.value), queries: answer.queries };
    };
    const first = await ask(b);
    expect(first.ports).toEqual([]);
    const cached = await ask(b);
    expect(cached.ports).toEqual([]);
    // B answers from its typeahead cache: only the versions are read.
    expect(cached.queries).toBeLessThan(first.queries!);
    const staff = cookieOf(await login(a, "data@example.com"));
    const saved = await postForm(a, "/portAliases", { intent: "save", alias: "Zq Twoproc Harbour", port: "CNTAO" }, staff);
    expect(saved.status).toBe(302);
    expect(await within(async () => (await ask(b)).ports.includes("QINGDAO"))).toBe(true);
    expect((await ask(b)).ports).toEqual(["QINGDAO"]);
  });

  it("a session made by one process is the other's; a logout through one ends it on the other", async () => {
    const cookie = cookieOf(await login(a, "t1@example.com"));
    const onB = await fetch(`${b}/entrustment`, { headers: { cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    const out = await postForm(a, "/logout", {}, cookie);
    expect(out.status).toBe(302);
    const after = await fetch(`${b}/entrustment`, { headers: { cookie }, redirect: "manual" });
    // The visitor is sent away instead of seeing the customer's records.
    expect(after.status).toBe(302);
  });

  it("a token revoked through one process is refused by the other on its next call", async () => {
    const signed = await (await postForm(a, "/api/login", { email: "t2@example.com", password: "Demo1234" })).json();
    expect(signed.status).toBe(0);
    const token = signed.data.token as string;
    const call = () => fetch(`${b}/my/getentrustment`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    expect((await call()).status).toBe(0);
    // What freezing the account or a password change does: its sessions revoked.
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "t2@example.com" } });
    await prisma.session.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: new Date() } });
    expect((await call()).status).not.toBe(0);
  });

  it("login attempts count across both processes: the sixth wrong password is refused wherever it lands", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(i % 2 === 0 ? a : b, "t0@example.com", "wrong-password")).status);
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it("both processes relay the outbox, and every mail goes out exactly once", async () => {
    const before = delivered.length;
    await prisma.emailOutbox.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        kind: "test",
        toAddress: `two-${i}@example.com`,
        subject: `two processes ${i}`,
        html: "<p>x</p>",
        text: "x",
      })),
    });
    const until = Date.now() + 30_000;
    while (Date.now() < until && (await prisma.emailOutbox.count({ where: { kind: "test", status: { not: "SENT" } } })) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ours = delivered.slice(before).filter((mail) => mail.subject.startsWith("two processes"));
    expect(ours).toHaveLength(30);
    expect(new Set(ours.map((mail) => mail.subject)).size).toBe(30);
  });

  // Last: it stops process A. A rolling restart sends SIGTERM while requests
  // are in flight: they are answered, and the searches they logged are
  // written before the pool ends (server/index.js shutdown).
  it("a process told to stop answers the requests in flight and writes their query logs", async () => {
    const app = topology.apps[0];
    const cookie = cookieOf(await login(a, "t1@example.com"));
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "t1@example.com" } });
    const logged = () => prisma.queryLog.count({ where: { userId: user.id, pod: "BATAM" } });
    const before = await logged();
    // Each on its own connection (an idle keep-alive connection may be closed
    // under a request the server has not read yet: clients retry those), and
    // the signal only once every request has been sent and one answered.
    const sent: Promise<void>[] = [];
    const search = () =>
      new Promise<number>((resolve) => {
        const request = http.get(`${a}/fclbysea?pol=SHANGHAI&pod=BATAM`, { agent: false, headers: { cookie } }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", () => resolve(0));
        });
        sent.push(new Promise((done) => request.on("finish", () => done())));
        request.on("error", () => resolve(0));
      });
    const searches = Array.from({ length: 40 }, search);
    await Promise.all([...sent, Promise.race(searches)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.kill(app.pid, "SIGTERM");
    expect(await Promise.all(searches)).toEqual(Array(40).fill(200));
    const alive = () => {
      try {
        process.kill(app.pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const until = Date.now() + 30_000;
    while (alive() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive()).toBe(false);
    expect(await logged()).toBe(before + 40);
    expect(app.output()).not.toMatch(/Cannot use a pool|57P01|\[background\].*failed/);
  });
});
