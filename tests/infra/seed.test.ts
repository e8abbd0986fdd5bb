// The demo seed against a real PostgreSQL (embedded, on a free port): counts,
// demo accounts, roles and permissions, tier prices, the visitor-default
// routes being bookable "today", and sequences that follow the explicit ids.
import fs from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { freePort, startScratchPostgres } from "../support/scratch-postgres";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "../../app/generated/prisma/client.ts";
import { verifyPassword } from "../../app/domain/accounts/password.server.ts";
import { buildRates, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from "../../prisma/seed/index.ts";
import { SeedCalendar } from "../../prisma/seed/lib/dates.ts";
import { buildReferenceData } from "../../prisma/seed/reference.ts";
import { EXPRESS_ZONE_CODES } from "../../app/domain/express-zones.ts";

const PORT = await freePort();
const DATABASE = "seed_test";
// 20:00 UTC is 04:00 the next day in Shanghai: "today" must be 2026-03-16.
const NOW = new Date("2026-03-15T20:00:00Z");
const TODAY = "2026-03-16";

let server: Awaited<ReturnType<typeof startScratchPostgres>> | undefined;
let prisma: PrismaClient;
let db: pg.Client;
let seedSeconds = 0;
const logLines: string[] = [];

/**
 * The schema: the team's migrations (prisma/migrations/*\/migration.sql, in
 * order) when they exist, else `prisma migrate diff --from-empty --to-schema`
 * through the project's Prisma wrapper (scripts/prisma.mjs, which supplies a
 * schema engine where the native binary cannot be downloaded).
 */
async function applySchema(client: pg.Client): Promise<void> {
  const migrationsDir = path.resolve("prisma/migrations");
  const migrations = fs.existsSync(migrationsDir)
    ? fs
        .readdirSync(migrationsDir)
        .filter((d) => fs.existsSync(path.join(migrationsDir, d, "migration.sql")))
        .sort()
    : [];
  if (migrations.length > 0) {
    for (const m of migrations) await client.query(fs.readFileSync(path.join(migrationsDir, m, "migration.sql"), "utf8"));
    return;
  }
  const sql = execFileSync(
    process.execPath,
    ["scripts/prisma.mjs", "migrate", "diff", "--from-empty", "--to-schema", "prisma/schema.prisma", "--script"],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 },
  );
  if (!/CREATE TABLE/.test(sql)) throw new Error("prisma migrate diff produced no schema SQL");
  await client.query(sql);
}

beforeAll(async () => {
  server = await startScratchPostgres(PORT, DATABASE);
  const url = server.url;
  db = new pg.Client({ connectionString: url });
  await db.connect();
  await applySchema(db);

  prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  const started = Date.now();
  await seedDemoData(prisma, { today: NOW, log: (s) => logLines.push(s) });
  seedSeconds = (Date.now() - started) / 1000;
}, 240_000);

afterAll(async () => {
  await prisma?.$disconnect().catch(() => {});
  await db?.end().catch(() => {});
  await server?.stop().catch(() => {});
}, 60_000);

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query(sql, params);
  return Number(Object.values(rows[0])[0]);
}

describe("demo seed", () => {
  // Its duration is printed, not asserted: speed is measured by benchmark
  // scripts, and a timed test fails whenever the machine is busy.
  it("reports what it wrote and how long it took", () => {
    expect(logLines.join("\n")).toMatch(/done in/);
    console.info(`demo seed: ${seedSeconds.toFixed(1)} s`);
  });

  it("fills the reference data", async () => {
    expect(await count("SELECT count(*) FROM sea_ports")).toBeGreaterThanOrEqual(1500);
    expect(await count("SELECT count(*) FROM sea_ports WHERE name_zh <> name")).toBeGreaterThanOrEqual(150);
    expect(await count("SELECT count(*) FROM sea_ports WHERE name <> upper(name)")).toBe(0);
    expect(await count("SELECT count(*) FROM airports")).toBeGreaterThanOrEqual(500);
    expect(await count("SELECT count(*) FROM airports WHERE name_zh <> name")).toBeGreaterThanOrEqual(80);
    expect(await count("SELECT count(*) FROM express_countries")).toBeGreaterThanOrEqual(100);

    const shanghai = await prisma.seaPort.findUniqueOrThrow({ where: { code: "CNSHA" } });
    expect(shanghai).toMatchObject({ name: "SHANGHAI", nameZh: "上海", countryNameZh: "中国" });
    expect(await prisma.seaPort.findUniqueOrThrow({ where: { code: "IDBTM" } })).toMatchObject({ name: "BATAM", nameZh: "巴淡岛" });
    expect(await prisma.seaPort.findUniqueOrThrow({ where: { code: "JPUKB" } })).toMatchObject({ name: "KOBE", nameZh: "神户" });
    expect(await prisma.airport.findUniqueOrThrow({ where: { code: "PVG" } })).toMatchObject({ nameZh: "上海浦东" });
    expect(await prisma.airport.findUniqueOrThrow({ where: { code: "ORD" } })).toMatchObject({ nameZh: "芝加哥奥黑尔" });

    const usWest = await prisma.expressCountry.findUniqueOrThrow({ where: { countryCode: "US-W" } });
    const usEast = await prisma.expressCountry.findUniqueOrThrow({ where: { countryCode: "US-E" } });
    expect(usWest).toMatchObject({ countryZh: "美国西部", countryEn: "United States (West)" });
    expect(usEast.zoneCode).not.toBe(usWest.zoneCode);
    expect(await count("SELECT count(*) FROM express_countries WHERE NOT (zone_code = ANY($1))", [[...EXPRESS_ZONE_CODES]])).toBe(0);
  });

  it("writes several hundred rates per mode", async () => {
    const between = async (table: string, min: number, max: number) => {
      const n = await count(`SELECT count(*) FROM ${table}`);
      expect(n, table).toBeGreaterThanOrEqual(min);
      expect(n, table).toBeLessThanOrEqual(max);
    };
    await between("fcl_rates", 500, 800);
    await between("lcl_rates", 300, 600);
    await between("air_rates", 300, 600);
    await between("rail_rates", 150, 300);
    await between("trailer_rates", 200, 400);
    await between("express_rates", 1000, 1400);
    expect(await count("SELECT count(DISTINCT mode) FROM special_offers")).toBe(6);
    expect(await count("SELECT min(c) FROM (SELECT count(*) c FROM special_offers GROUP BY mode) t")).toBeGreaterThanOrEqual(8);
    expect(await count("SELECT count(*) FROM special_offers WHERE NOT (valid_from <= $1 AND valid_to >= $1)", [NOW])).toBe(0);
  });

  it("keeps rate validity relative to today in Asia/Shanghai", async () => {
    for (const table of ["fcl_rates", "lcl_rates", "air_rates", "rail_rates", "trailer_rates"]) {
      const valid = await count(`SELECT count(*) FROM ${table} WHERE valid_from <= $1 AND valid_to >= $1 AND NOT paused`, [TODAY]);
      const expired = await count(`SELECT count(*) FROM ${table} WHERE valid_to < $1`, [TODAY]);
      const future = await count(`SELECT count(*) FROM ${table} WHERE valid_from > $1`, [TODAY]);
      const paused = await count(`SELECT count(*) FROM ${table} WHERE paused`);
      const total = await count(`SELECT count(*) FROM ${table}`);
      expect(valid / total, table).toBeGreaterThan(0.6);
      expect(expired, table).toBeGreaterThan(0);
      expect(future, table).toBeGreaterThan(0);
      expect(paused, table).toBeGreaterThan(0);
    }
    const air = await db.query("SELECT validity_text, valid_from::text f, valid_to::text t FROM air_rates");
    for (const r of air.rows) expect(r.validity_text).toBe(`${r.f}至${r.t}`);
  });

  it("has bookable rows for every visitor default", async () => {
    const bookable = (table: string, where: string, params: unknown[]) =>
      count(`SELECT count(*) FROM ${table} WHERE ${where} AND valid_from <= $1 AND valid_to >= $1 AND NOT paused`, [TODAY, ...params]);
    expect(await bookable("fcl_rates", "pol = $2 AND pod = $3", ["SHANGHAI", "BATAM"])).toBeGreaterThanOrEqual(1);
    expect(await bookable("lcl_rates", "pol = $2 AND pod = $3", ["SHANGHAI", "KOBE"])).toBeGreaterThanOrEqual(1);
    expect(await bookable("air_rates", "pol = $2 AND pod = $3", ["PVG", "ORD"])).toBeGreaterThanOrEqual(1);
    expect(await bookable("trailer_rates", "dock = $2 AND door_point = $3", ["上海港", "上海浦东"])).toBeGreaterThanOrEqual(1);
    for (const origin of ["西安", "成都", "重庆", "郑州", "义乌", "武汉"]) {
      expect(
        await bookable("rail_rates", "pol = $2 AND pod = ANY($3)", [origin, ["阿拉山口", "霍尔果斯", "二连浩特", "满洲里"]]),
        origin,
      ).toBeGreaterThanOrEqual(1);
    }
    // Express to US West: a price in its zone column for every weight of every category.
    const zone = (await prisma.expressCountry.findUniqueOrThrow({ where: { countryCode: "US-W" } })).zoneCode;
    const column = `zone_${zone.toLowerCase()}`;
    expect(await bookable("express_rates", `${column} IS NULL`, [])).toBe(0);
    expect(await bookable("express_rates", "weight = 299", [])).toBeGreaterThanOrEqual(3);
    // Rates use the names of the port table.
    expect(
      await count(
        "SELECT count(*) FROM fcl_rates r WHERE NOT EXISTS (SELECT 1 FROM sea_ports p WHERE p.name = r.pol) OR NOT EXISTS (SELECT 1 FROM sea_ports p WHERE p.name = r.pod)",
      ),
    ).toBe(0);
    expect(await count("SELECT count(*) FROM air_rates r WHERE NOT EXISTS (SELECT 1 FROM airports a WHERE a.code = r.pod)")).toBe(0);
  });

  it("gives strictly increasing, never shared tier prices", async () => {
    const tiered: Record<string, string[]> = {
      fcl_rates: ["gp20", "gp40", "hq40"],
      trailer_rates: ["gp20", "gp40", "hq40"],
      lcl_rates: ["freight_cbm", "freight_ton"],
      rail_rates: ["coc40", "soc40", "coc20", "soc20", "soc20x2"],
      air_rates: [45, 100, 130, 300, 500, 1000, 2000, 3000].flatMap((b) => [`bulk${b}`, `tray${b}`]),
    };
    for (const [table, fields] of Object.entries(tiered)) {
      const out = fields.map((f) => `${f}_t0 IS NOT NULL AND NOT (${f}_t0 < ${f}_t1 AND ${f}_t1 < ${f}_t2)`).join(" OR ");
      expect(await count(`SELECT count(*) FROM ${table} WHERE ${out}`), table).toBe(0);
      // No number of one tier appears as a number of another tier anywhere in the table.
      const tierValues = (t: number) => fields.map((f) => `SELECT ${f}_t${t} v FROM ${table} WHERE ${f}_t${t} IS NOT NULL`).join(" UNION ");
      for (const [a, b] of [
        [0, 1],
        [0, 2],
        [1, 2],
      ]) {
        expect(await count(`SELECT count(*) FROM ((${tierValues(a)}) INTERSECT (${tierValues(b)})) x`), `${table} T${a}/T${b}`).toBe(0);
      }
    }
    // Air: the main breaks always, the extra breaks on about half of the rows; heavier is cheaper.
    expect(
      await count(
        "SELECT count(*) FROM air_rates WHERE bulk45_t0 IS NULL OR bulk100_t0 IS NULL OR bulk300_t0 IS NULL OR bulk500_t0 IS NULL OR bulk1000_t0 IS NULL",
      ),
    ).toBe(0);
    const withExtra = await count(
      "SELECT count(*) FROM air_rates WHERE bulk130_t0 IS NOT NULL AND bulk2000_t0 IS NOT NULL AND bulk3000_t0 IS NOT NULL",
    );
    const total = await count("SELECT count(*) FROM air_rates");
    expect(withExtra / total).toBeGreaterThan(0.3);
    expect(withExtra / total).toBeLessThan(0.7);
    expect(
      await count(
        "SELECT count(*) FROM air_rates WHERE NOT (bulk45_t1 > bulk100_t1 AND bulk100_t1 > bulk300_t1 AND bulk300_t1 > bulk500_t1 AND bulk500_t1 > bulk1000_t1)",
      ),
    ).toBe(0);
    // Special-offer prices never equal a tier price.
    expect(await count("SELECT count(*) FROM special_offers o JOIN fcl_rates r ON o.gp20 IN (r.gp20_t0, r.gp20_t1, r.gp20_t2)")).toBe(0);
  });

  it("creates the roles, menus and permissions with their fixed ids", async () => {
    const roles = await prisma.role.findMany({ orderBy: { id: "asc" } });
    expect(roles.map((r) => [r.id, r.name, r.level, r.parentId])).toEqual([
      [1, "管理员", 2, 2],
      [2, "公司内部", 1, null],
      [3, "客户", 1, null],
      [12, "销售", 3, 27],
      [13, "客服", 2, 2],
      [14, "数据专员", 2, 2],
      [20, "直客", 2, 3],
      [21, "同行客户", 2, 3],
      [22, "海外代理", 2, 3],
      [27, "销售经理", 2, 2],
    ]);
    expect(roles.filter((r) => r.selfService).map((r) => r.id)).toEqual([20, 21, 22]);

    const menus = await prisma.menu.findMany();
    const byPath = new Map(menus.filter((m) => m.path).map((m) => [m.path, m.id]));
    expect(byPath.get("/userList")).toBe(2);
    expect(byPath.get("/menuList")).toBe(4);
    expect(byPath.get("/expressData")).toBe(14);
    expect(byPath.get("/app-query")).toBe(20);
    expect(byPath.get("/log-list")).toBe(23);
    expect(byPath.get("/priceDesk")).toBe(43);
    for (const right of [32, 33, 34, 71, 72, 73, 75, 86, 90, 96]) {
      expect(menus.find((m) => m.id === right)?.level, `right ${right}`).toBe(3);
    }

    const perms = async (roleId: number) => {
      const rows = await prisma.rolePermission.findMany({ where: { roleId }, orderBy: { menuId: "asc" } });
      return {
        full: rows.filter((r) => !r.halfChecked).map((r) => r.menuId),
        half: rows.filter((r) => r.halfChecked).map((r) => r.menuId),
      };
    };
    expect((await perms(1)).full).toHaveLength(menus.length);
    expect(await perms(12)).toEqual({ full: [2, 16, 19, 22, 27, 43, 73, 75, 97], half: [1, 15, 21] });
    expect(await perms(13)).toEqual({ full: [2, 19, 20, 22, 43, 73, 90, 97], half: [1, 15, 21] });
    expect(await perms(27)).toEqual({ full: [2, 16, 19, 21, 22, 23, 27, 43, 71, 73, 75, 86, 90, 96, 97], half: [1, 15] });
    expect(await perms(14)).toEqual({ full: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 25, 26, 27], half: [21] });
    for (const customerRole of [20, 21, 22]) expect(await perms(customerRole)).toEqual({ full: [], half: [] });
  });

  it("creates the demo accounts", async () => {
    const users = await prisma.user.findMany({ orderBy: { id: "asc" } });
    const u = (id: number) => users.find((x) => x.id === id)!;
    expect(u(1)).toMatchObject({ email: "admin@example.com", username: "admin", roleId: 1, viewIds: [1], audit: 2, state: 1 });
    expect(u(2)).toMatchObject({ email: "sales@example.com", roleId: 12, viewIds: [2] });
    expect(u(3)).toMatchObject({ email: "sales.global@example.com", roleId: 12, viewIds: [1] });
    expect(u(4)).toMatchObject({ email: "service@example.com", roleId: 13, viewIds: [2] });
    expect(u(5)).toMatchObject({ email: "manager@example.com", roleId: 27, viewIds: [1] });
    expect(u(6)).toMatchObject({ email: "data@example.com", username: "datastaff", roleId: 14 });
    expect(u(7)).toMatchObject({ username: "staffnoperm", roleId: 13 });
    expect(u(10)).toMatchObject({ email: "t0@example.com", customerRating: 1, audit: 2 });
    expect(u(11)).toMatchObject({ email: "t1@example.com", customerRating: 2, audit: 2, salesId: 2, customerServiceId: 4 });
    expect(u(12)).toMatchObject({ email: "t2@example.com", customerRating: 3, audit: 2 });
    expect(u(13)).toMatchObject({ email: "pending@example.com", audit: 1 });
    expect(u(14)).toMatchObject({ email: "failed@example.com", audit: 3 });
    expect(u(15)).toMatchObject({ email: "frozen@example.com", state: 2, audit: 2 });
    expect(u(16)).toMatchObject({ email: "profile@example.com", profileAudit: 1 });
    expect(u(16).pendingCompany && u(16).pendingBusinessAddress && u(16).pendingIaeCountries).toBeTruthy();
    expect(u(17)).toMatchObject({ email: "other.t2@example.com", customerRating: 3, salesId: 3, customerServiceId: 4 });
    expect(users.filter((x) => x.id >= 100).length).toBeGreaterThanOrEqual(30);
    expect(new Set(users.map((x) => x.audit))).toEqual(new Set([1, 2, 3]));

    for (const x of users) {
      expect(x.email).toMatch(/@example\.com$/);
      expect(x.phone).toMatch(/^1[3-9]\d{9}$/);
      expect(x.username.length).toBeLessThanOrEqual(15);
      if (x.company) expect(x.company.length, x.company).toBeLessThanOrEqual(20);
      if (x.nickname) expect(x.nickname.length).toBeLessThanOrEqual(10);
    }
    expect(new Set(users.map((x) => x.passwordHash)).size).toBe(1);
    expect(await verifyPassword(u(1).passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(u(1).passwordHash, "wrong")).toBe(false);
  });

  it("fills site settings, home content, entrustments and logs", async () => {
    const notice = await prisma.siteSetting.findUniqueOrThrow({ where: { key: "maintenance_notice" } });
    expect(notice.valueZh).toMatch(/维护/);
    expect(notice.valueEn).toMatch(/maintenance/i);
    const contact = await prisma.siteSetting.findUniqueOrThrow({ where: { key: "company_contact" } });
    expect(JSON.parse(contact.valueEn)).toMatchObject({ email: "info@example.com" });
    expect(JSON.parse(contact.valueZh).name).toBeTruthy();

    for (const channel of ["WEB", "APP"] as const) {
      const items = await prisma.homeContent.findMany({ where: { channel } });
      expect(items.filter((i) => i.level === 1).length).toBeGreaterThanOrEqual(2);
      expect(items.filter((i) => i.level === 2 && i.parentId != null).length).toBeGreaterThanOrEqual(2);
      expect(items.every((i) => i.imagePath == null)).toBe(true);
      expect(items.every((i) => (channel === "WEB" ? i.size === "B" || i.size === "S" : i.size == null))).toBe(true);
    }
    expect(await prisma.homeCategory.count()).toBeGreaterThanOrEqual(3);

    const orders = await prisma.entrustment.findMany({ orderBy: { id: "asc" } });
    expect(new Set(orders.map((o) => o.kind))).toEqual(new Set(["ORDER", "CONTACT"]));
    expect(new Set(orders.map((o) => o.userId))).toEqual(new Set([11, 12]));
    const fclOrder = orders.find((o) => o.kind === "ORDER" && o.mode === "FCL")!;
    const booked = await prisma.fclRate.findUniqueOrThrow({ where: { id: fclOrder.sourceId! } });
    const snap = fclOrder.sourceSnapshot as Record<string, unknown>;
    expect(snap.gp20).toBe(booked.gp20T1!.toFixed(2)); // t1 sees T1 only
    expect(Object.keys(snap).some((k) => /T[012]$/.test(k))).toBe(false);
    expect(await prisma.emailOutbox.count()).toBeGreaterThan(0);

    const modes = await db.query("SELECT mode, count(*)::int n FROM query_logs GROUP BY mode");
    expect(modes.rows).toHaveLength(6);
    expect(Math.min(...modes.rows.map((r) => r.n))).toBeGreaterThanOrEqual(3);
    expect(await prisma.operationLog.count()).toBeGreaterThan(0);
  });

  it("resets sequences so that plain inserts work", async () => {
    const menu = await prisma.menu.create({ data: { label: "测试菜单", level: 1 } });
    expect(menu.id).toBeGreaterThan(96);
    const role = await prisma.role.create({ data: { name: "测试角色", level: 2, parentId: 2 } });
    expect(role.id).toBeGreaterThan(27);
    const user = await prisma.user.create({
      data: { email: "new@example.com", passwordHash: "x", username: "newuser", phone: "13712345678", roleId: 20 },
    });
    expect(user.id).toBeGreaterThan(129);
    await prisma.fclRate.create({ data: { pol: "SHANGHAI", pod: "BATAM" } });
    await prisma.seaPort.create({ data: { code: "XXTST", name: "TEST PORT", nameZh: "测试港" } });
    await prisma.queryLog.create({ data: { mode: "FCL", userId: 11 } });
    await prisma.homeContent.create({ data: { channel: "WEB", name: "测试内容", level: 1 } });
  });

  it("does nothing on a database that already has users", async () => {
    expect(await isDatabaseEmpty(prisma)).toBe(false);
    const before = await prisma.fclRate.count();
    const log: string[] = [];
    await seedDemoData(prisma, { today: NOW, log: (s) => log.push(s) });
    expect(await prisma.fclRate.count()).toBe(before);
    expect(log.join("\n")).toMatch(/skipped/);
  });

  it("is deterministic", () => {
    const cal = new SeedCalendar(NOW);
    expect(cal.text(0)).toBe(TODAY);
    const a = buildRates(cal, buildReferenceData());
    const b = buildRates(new SeedCalendar(NOW), buildReferenceData());
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
