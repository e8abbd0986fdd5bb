// The page cache for anonymous GETs (server/page-cache.js, decision 607) in
// front of the production build, on this file's database: what a visitor
// gets from the cache is the rendered page with a fresh nonce; nobody with a
// session is ever answered from it or stored in it; every kind of change
// shows on the next anonymous request.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as fcl from "~/routes/backoffice/data-area";
import { fclArea } from "~/domain/data-areas";
import { todayInShanghai } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { loginAs } from "../support/requests";
import { withTestDb } from "../support/db";
import { headers as sheetHeaders, post, rowOf, sheetBytes, uploadTo } from "../data/helpers";
import { cookieLanguage } from "../../server/page-cache.js";
import { supportedLanguages } from "~/i18n/config";
import { get, serveBuild, withoutNonce, type Served } from "./helpers";

let served: Served;
let base: string;
const ROUTE = "/fclbysea?pol=SHANGHAI&pod=BATAM";

const day = (offset: number) => {
  const d = todayInShanghai();
  d.setUTCDate(d.getUTCDate() + offset);
  return d;
};

beforeAll(async () => {
  served = await serveBuild();
  base = served.url;
});
afterAll(async () => {
  await served?.stop();
});

/** Only the cache's own headers differ between two answers of one page. */
const PER_ANSWER = new Set(["date", "content-security-policy", "server-timing"]);
const stableHeaders = (h: Headers) => [...h.entries()].filter(([name]) => !PER_ANSWER.has(name));

describe("an anonymous page from the cache", () => {
  it("is the rendered page with the same headers, a new nonce in the CSP and the body, and no database work", async () => {
    served.cache!.clear();
    const rendered = await get(base, ROUTE);
    const cached = await get(base, ROUTE);
    expect(rendered.status).toBe(200);
    expect(rendered.queries).toBeGreaterThan(0);
    expect(cached.queries).toBe(0);
    expect(cached.status).toBe(200);
    expect(withoutNonce(cached.body)).toBe(withoutNonce(rendered.body));
    expect(stableHeaders(cached.headers)).toEqual(stableHeaders(rendered.headers));
    expect(cached.headers.get("content-encoding")).toBe("gzip");
    for (const answer of [rendered, cached]) {
      const inBody = new Set([...answer.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]));
      expect([...inBody]).toEqual([answer.nonce]);
    }
    expect(cached.nonce).not.toBe(rendered.nonce);
    // A client without gzip gets the same page uncompressed.
    const plain = await get(base, ROUTE, { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(withoutNonce(plain.body)).toBe(withoutNonce(rendered.body));
  });

  it("answers If-None-Match and If-Modified-Since with 304, without a CSP; a changed page gets 200", async () => {
    const first = await get(base, ROUTE);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const byTag = await get(base, ROUTE, { "if-none-match": etag });
    expect(byTag.status).toBe(304);
    expect(byTag.body).toBe("");
    expect(byTag.headers.get("content-security-policy")).toBeNull();
    expect(byTag.headers.get("etag")).toBe(etag);
    const byDate = await get(base, ROUTE, { "if-modified-since": first.headers.get("last-modified")! });
    expect(byDate.status).toBe(304);
    expect((await get(base, ROUTE, { "if-none-match": 'W/"something-else"' })).status).toBe(200);
    expect(
      (await get(base, ROUTE, { "if-modified-since": new Date(Date.parse(first.headers.get("last-modified")!) - 1000).toUTCString() }))
        .status,
    ).toBe(200);
  });

  it("shares one copy across parameter order and the case of found codes, never a typed text the page shows", async () => {
    served.cache!.clear();
    // Codes resolve to port names: the form shows SHANGHAI and BATAM, not what was typed.
    const upper = await get(base, "/fclbysea?pol=CNSHA&pod=IDBTM");
    const reordered = await get(base, "/fclbysea?pod=idbtm&pol=cnsha");
    expect(upper.queries).toBeGreaterThan(0);
    expect(reordered.queries).toBe(0);
    expect(reordered.body).toContain('value="SHANGHAI"');
    // A name typed as the page shows it is kept for that spelling only.
    await get(base, "/fclbysea?pol=SHANGHAI&pod=BATAM");
    expect((await get(base, "/fclbysea?pol=shanghai&pod=batam")).queries).toBeGreaterThan(0);
    const lower = await get(base, "/fclbysea?pol=nowhereport&pod=BATAM");
    expect(lower.body).toContain('value="nowhereport"');
    const shouted = await get(base, "/fclbysea?pol=NOWHEREPORT&pod=BATAM");
    expect(shouted.body).toContain('value="NOWHEREPORT"');
    expect(shouted.body).not.toContain('value="nowhereport"');
    expect((await get(base, "/fclbysea?pol=nowhereport&pod=BATAM")).body).toContain('value="nowhereport"');
  });

  it("keeps each language apart (cookie and parameter)", async () => {
    const zh = await get(base, "/us");
    const en = await get(base, "/us", { cookie: `lng=${encodeURIComponent(Buffer.from(JSON.stringify("en-US")).toString("base64"))}` });
    expect(zh.body).toContain('lang="zh-CN"');
    expect(en.body).toContain('lang="en-US"');
    expect((await get(base, "/us")).body).toContain('lang="zh-CN"');
    expect((await get(base, "/us?lng=en-US")).body).toContain('lang="en-US"');
    // The server's list of languages is the app's (the build's pageCacheRules).
    const rules = served.cache!.rules;
    expect([...rules.languages].sort()).toEqual([...supportedLanguages].sort());
    // The app's language cookie (lng, or __Host-lng where cookies are secure).
    const [name] = rules.cookies;
    expect(cookieLanguage(`${name}=` + encodeURIComponent(Buffer.from('"en-US"').toString("base64")), rules)).toBe("en-US");
    expect(cookieLanguage(`${name}=bogus`, rules)).toBeNull();
    expect(cookieLanguage(`session=x; ${name}=` + encodeURIComponent(Buffer.from('"en-US"').toString("base64")), rules)).toBeNull();
  });

  it("serves robots.txt and sitemap.xml from the cache", async () => {
    for (const path of ["/robots.txt", "/sitemap.xml", "/home", "/contact", "/us", "/express", "/byair"]) {
      served.cache!.clear();
      const rendered = await get(base, path);
      const cached = await get(base, path);
      expect(rendered.status, path).toBe(200);
      expect(cached.queries, path).toBe(0);
      expect(withoutNonce(cached.body), path).toBe(withoutNonce(rendered.body));
    }
  });
});

describe("sessions and the cache", () => {
  it("a T1 or T2 customer is never answered from the cache nor stored in it, and sees only their tier", async () => {
    const row = await prisma.fclRate.findFirstOrThrow({
      where: { pol: "SHANGHAI", pod: "BATAM", validFrom: { lte: day(0) }, validTo: { gte: day(0) } },
      orderBy: { id: "asc" },
    });
    await prisma.fclRate.update({ where: { id: row.id }, data: { gp20T0: 11111.11, gp20T1: 22222.22, gp20T2: 33333.33 } });
    const t1 = await loginAs("t1@example.com");
    const t2 = await loginAs("t2@example.com");
    const price = /(11,?111|22,?222|33,?333)\.11|(11,?111|22,?222|33,?333)\.22|(11,?111|22,?222|33,?333)\.33/g;
    const pricesIn = (body: string) => [...new Set([...body.matchAll(price)].map((m) => m[0].replace(",", "")))];

    // A visitor's copy is in the cache.
    await get(base, ROUTE);
    expect((await get(base, ROUTE)).queries).toBe(0);
    const before = served.cache!.stats();
    for (let i = 0; i < 3; i++) {
      const one = await get(base, ROUTE, { cookie: t1 });
      const two = await get(base, ROUTE, { cookie: t2 });
      expect(one.queries).toBeGreaterThan(0);
      expect(two.queries).toBeGreaterThan(0);
      expect(pricesIn(one.body)).toEqual(["22222.22"]);
      expect(pricesIn(two.body)).toEqual(["33333.33"]);
      const visitor = await get(base, ROUTE);
      expect(visitor.queries).toBe(0);
      expect(pricesIn(visitor.body)).toEqual([]);
    }
    const after = served.cache!.stats();
    expect(after.stored).toBe(before.stored);
    expect(after.hits - before.hits).toBe(3);
  });

  it("a cookie that is no valid session (forged, expired, revoked) goes to Remix every time and is never stored", async () => {
    const t1 = await loginAs("t1@example.com");
    await prisma.session.updateMany({ where: { user: { email: "t1@example.com" } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const before = served.cache!.stats();
    for (const cookie of ["session=forged.value", t1, `${t1}; lng=x`, "other=1"]) {
      for (let i = 0; i < 2; i++) {
        const answer = await get(base, ROUTE, { cookie });
        expect(answer.status).toBe(200);
        // Rendered by Remix, not the cache's copy (a copy carries its ETag). Remix may read nothing from the
        // database for it: a visitor's cached reads take the versions the process was told (decision 612).
        expect(answer.headers.get("etag"), cookie).toBeNull();
        expect(answer.body).not.toMatch(/22,?222\.22/);
      }
    }
    const bearer = await get(base, ROUTE, { authorization: "Bearer nothing" });
    expect(bearer.headers.get("etag")).toBeNull();
    const after = served.cache!.stats();
    expect(after.stored).toBe(before.stored);
    expect(after.hits).toBe(before.hits);
  });
});

describe("what the cache does to a request it will not store", () => {
  it("a session, an Authorization header, a non-GET or another path goes straight to Remix: never looked up (no key, no capture, no deferral)", async () => {
    const cache = served.cache!;
    const serve = vi.spyOn(cache, "serve");
    try {
      const t1 = await loginAs("t1@example.com");
      serve.mockClear();
      const passedBy = [
        await get(base, ROUTE, { cookie: t1 }),
        await get(base, ROUTE, { cookie: `${t1}; lng=${encodeURIComponent(Buffer.from(JSON.stringify("en-US")).toString("base64"))}` }),
        await get(base, ROUTE, { cookie: "session=forged.value" }),
        await get(base, ROUTE, { authorization: "Bearer nothing" }),
        await get(base, "/bench-not-a-cached-path"),
      ];
      const posted = await fetch(base + ROUTE, { method: "POST", headers: { origin: base }, redirect: "manual" });
      await posted.arrayBuffer();
      expect(passedBy.map((answer) => answer.headers.get("etag"))).toEqual(passedBy.map(() => null));
      expect(serve).not.toHaveBeenCalled();
      // A visitor's request is looked up (the spy sees it), so the spy works.
      await get(base, ROUTE);
      expect(serve).toHaveBeenCalledTimes(1);
    } finally {
      serve.mockRestore();
    }
  });
});

describe("every kind of change shows on the next anonymous request", () => {
  let staff: string;
  beforeAll(async () => {
    staff = await loginAs("data@example.com");
  });

  /**
   * The route's copy is cached, then `change` commits (from outside the
   * server, as another process would), its notification arrives, then the
   * next request.
   */
  async function afterChange(path: string, change: () => Promise<void>) {
    await get(base, path);
    expect((await get(base, path)).queries).toBe(0);
    const notified = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no notification within 5 s")), 5000);
      const off = served.versions!.onChange(() => {
        clearTimeout(timer);
        off();
        resolve();
      });
    });
    await change();
    await notified;
    const next = await get(base, path);
    expect(next.queries, "rendered anew").toBeGreaterThan(0);
    return next.body;
  }

  it("an import", async () => {
    const bytes = sheetBytes([
      sheetHeaders(fclArea),
      rowOf(fclArea, {
        id: 990_001,
        pol: "SHANGHAI",
        pod: "BATAM",
        carrier: "IMPORTEDLINE",
        "20GP_T0": 100,
        valid_fm: day(0).toISOString().slice(0, 10),
        valid_to: day(30).toISOString().slice(0, 10),
      }),
    ]);
    const body = await afterChange(ROUTE, async () => {
      expect((await uploadTo(fcl, "/fclbyseaData", staff, bytes, "fcl.xlsx")).status).toBe(302);
    });
    expect(body).toContain("IMPORTEDLINE");
  });

  it("an edit", async () => {
    const body = await afterChange(ROUTE, async () => {
      await prisma.fclRate.update({ where: { id: 990_001 }, data: { carrier: "EDITEDLINE" } });
    });
    expect(body).toContain("EDITEDLINE");
    expect(body).not.toContain("IMPORTEDLINE");
  });

  it("a markup (the visitor's page is rendered anew; the customer sees the new price)", async () => {
    await afterChange(ROUTE, async () => {
      const result = await post(fcl, "/fclbyseaData", staff, { intent: "markup", ids: [990_001], gp20T0: "50" });
      expect(result.status).toBe(302);
    });
    expect((await prisma.fclRate.findUniqueOrThrow({ where: { id: 990_001 } })).gp20T0?.toString()).toBe("150");
  });

  it("a delete", async () => {
    const body = await afterChange(ROUTE, async () => {
      const result = await post(fcl, "/fclbyseaData", staff, { intent: "rangeDelete", start: "990001", end: "990001" });
      expect(result.status).toBe(302);
    });
    expect(body).not.toContain("EDITEDLINE");
  });

  it("a special offer", async () => {
    const offer = await prisma.specialOffer.findFirstOrThrow({ where: { mode: "FCL" }, orderBy: { id: "asc" } });
    const body = await afterChange("/home", async () => {
      await prisma.specialOffer.update({ where: { id: offer.id }, data: { carrier: "OFFERLINE" } });
    });
    expect(body).toContain("OFFERLINE");
  });

  it("home content and the company's identity", async () => {
    const block = await prisma.homeContent.findFirstOrThrow({ where: { channel: "WEB" }, orderBy: { id: "asc" } });
    const us = await afterChange("/us", async () => {
      await prisma.homeContent.update({ where: { id: block.id }, data: { name: "Renamed block" } });
    });
    expect(us).toContain("Renamed block");
    const setting = await prisma.siteSetting.findFirstOrThrow({ where: { key: "company_contact" } });
    const contact = await afterChange("/contact", async () => {
      await prisma.siteSetting.update({
        where: { key: setting.key },
        data: { valueZh: setting.valueZh.replace(/"phone":"[^"]*"/, '"phone":"021-99998888"') },
      });
    });
    expect(contact).toContain("021-99998888");
  });

  it("PAGE_CACHE=0 (pageCache: false) renders every request", async () => {
    const off = await serveBuild({ pageCache: false });
    try {
      expect(off.cache).toBeNull();
      await get(off.url, ROUTE);
      expect((await get(off.url, ROUTE)).queries).toBeGreaterThan(0);
    } finally {
      await off.stop();
    }
  });
});

describe("what an anonymous page reads", () => {
  it("every table read by a cacheable page has a data version (so a write to it empties the cache)", async () => {
    const statements: string[] = [];
    const query = pg.Client.prototype.query;
    const previous = process.env.DATA_CACHE;
    // Every read from PostgreSQL (no read cache), every statement seen.
    process.env.DATA_CACHE = "0";
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      statements.push(typeof first === "string" ? first : (first?.text ?? ""));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      const pages = [
        "/home",
        "/home?tab=air",
        "/us",
        "/contact",
        "/robots.txt",
        "/sitemap.xml",
        ROUTE,
        "/lclbysea?pol=SHANGHAI&pod=BATAM",
        "/byair?airpol=PVG&airpod=LAX",
        "/railroad",
        "/trailer",
        "/express?pod=US&num=10",
      ];
      for (const path of pages) {
        served.cache!.clear();
        expect((await get(base, path)).status, path).toBe(200);
      }
    } finally {
      pg.Client.prototype.query = query;
      if (previous === undefined) delete process.env.DATA_CACHE;
      else process.env.DATA_CACHE = previous;
    }
    const { tables, versioned } = await withTestDb(async (db) => ({
      tables: new Set(
        (await db.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public'`)).rows.map((r) => r.t),
      ),
      versioned: new Set((await db.query<{ name: string }>(`SELECT name FROM data_versions`)).rows.map((r) => r.name)),
    }));
    const read = new Set<string>();
    for (const text of statements) {
      for (const match of text.matchAll(/\b(?:FROM|JOIN)\s+(?:"?public"?\.)?"?([a-z_]+)"?/gi)) {
        if (tables.has(match[1])) read.add(match[1]);
      }
    }
    expect(read.size, statements.join("\n")).toBeGreaterThan(3);
    read.delete("data_versions");
    expect([...read].filter((table) => !versioned.has(table)).sort()).toEqual([]);
  });
});
