// The demo seed: reference data, rates of all six modes, special offers, roles,
// menus and permissions, demo accounts, site content and some activity, so
// that every screen has something meaningful to show. Deterministic: the same
// "today" gives the same data. Used by `prisma db seed` (prisma/seed.ts), the
// app's first start on an empty database, and the tests.
import type { PrismaClient } from "../../app/generated/prisma/client.ts";
import { hashPassword } from "../../app/domain/accounts/password.server.ts";
import { seedAccess } from "./access.ts";
import { buildEntrustments, buildOperationLogs, buildOutbox, buildQueryLogs, buildSearchHistory, seedActivity } from "./activity.ts";
import { seedContent } from "./content.ts";
import { DEMO_PASSWORD } from "./data/users.ts";
import { SeedCalendar } from "./lib/dates.ts";
import { bulkInsert } from "./bulk.ts";
import { buildSpecialOffers, seedSpecialOffers, type BuiltRates } from "./offers.ts";
import { buildAirRates } from "./rates/air.ts";
import { buildExpressRates } from "./rates/express.ts";
import { buildFclRates } from "./rates/fcl.ts";
import { buildLclRates } from "./rates/lcl.ts";
import { buildRailRates } from "./rates/rail.ts";
import { buildTrailerRates } from "./rates/trailer.ts";
import { buildReferenceData, seedReferenceData } from "./reference.ts";
import type { Tx } from "./types.ts";
import { buildUsers, seedUsers } from "./users.ts";

export { DEMO_PASSWORD } from "./data/users.ts";

export interface SeedOptions {
  /** The instant taken as "now"; validity is relative to its calendar day in Asia/Shanghai. */
  today?: Date;
  log?: (s: string) => void;
}

/** Tables with a serial id, whose sequences must follow the explicit ids the seed writes. */
const SERIAL_TABLES = [
  "users",
  "roles",
  "menus",
  "sea_ports",
  "airports",
  "express_countries",
  "fcl_rates",
  "lcl_rates",
  "rail_rates",
  "trailer_rates",
  "air_rates",
  "express_rates",
  "special_offers",
  "entrustments",
  "email_outbox",
  "home_contents",
  "home_categories",
  "query_logs",
  "operation_logs",
] as const;

/** True when the database has no users (a fresh install that needs the demo data). */
export async function isDatabaseEmpty(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.user.count()) === 0;
}

export function buildRates(cal: SeedCalendar, ref: ReturnType<typeof buildReferenceData>): BuiltRates {
  return {
    fcl: buildFclRates(ref, cal),
    lcl: buildLclRates(ref, cal),
    air: buildAirRates(ref, cal),
    rail: buildRailRates(cal),
    trailer: buildTrailerRates(cal),
    express: buildExpressRates(cal),
  };
}

/** Advisory-lock key that serialises concurrent seeding ("seed" in ASCII). */
const SEED_LOCK_KEY = 0x73656564;

/**
 * Fills an empty database with the demo data, in one transaction. Does nothing
 * (and logs so) when the database already has users.
 */
export async function seedDemoData(prisma: PrismaClient, options: SeedOptions = {}): Promise<void> {
  const log = options.log ?? (() => {});
  const started = Date.now();

  const cal = new SeedCalendar(options.today ?? new Date());
  log(`Seeding demo data for ${cal.text(0)} (Asia/Shanghai)`);

  // Build everything in memory first (pure and deterministic), then write.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ref = buildReferenceData();
  const rates = buildRates(cal, ref);
  const offers = buildSpecialOffers(ref, cal, rates);
  const users = buildUsers(cal, passwordHash);
  const entrustments = buildEntrustments(cal, users, rates, offers);
  log(`  built in memory: ${Date.now() - started} ms`);
  const activity = {
    entrustments,
    outbox: buildOutbox(entrustments, users),
    queryLogs: buildQueryLogs(cal, ref, users, rates),
    operationLogs: buildOperationLogs(cal, rates),
    searchHistory: buildSearchHistory(ref),
  };

  const seeded = await prisma.$transaction(
    async (tx) => {
      // Several app instances may start on the same empty database at once:
      // one seeds, the others wait for it here and then find users.
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      if ((await tx.user.count()) > 0) return false;
      const step = async (name: string, write: () => Promise<void>) => {
        const t = Date.now();
        await write();
        log(`  ${name}: ${Date.now() - t} ms`);
      };
      await step("roles, menus, permissions", () => seedAccess(tx));
      await step("users", () => seedUsers(tx, users));
      await step("reference data", () => seedReferenceData(tx, ref));
      await step("rates", () => writeRates(tx, rates));
      await step("exchange rates", () => seedExchangeRates(tx, cal));
      await step("special offers", () => seedSpecialOffers(tx, offers));
      await step("site content", () => seedContent(tx));
      await step("activity", () => seedActivity(tx, activity));
      await resetSequences(tx);
      return true;
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
  if (!seeded) {
    log("The database already has users: demo seed skipped");
    return;
  }

  log(
    [
      `sea ports ${ref.seaPorts.length}, airports ${ref.airports.length}, express countries ${ref.expressCountries.length}`,
      `rates: FCL ${rates.fcl.length}, LCL ${rates.lcl.length}, air ${rates.air.length}, rail ${rates.rail.length}, trailer ${rates.trailer.length}, express ${rates.express.length}`,
      `special offers ${offers.length}, users ${users.length}, entrustments ${entrustments.length}, query logs ${activity.queryLogs.length}`,
      `done in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    ].join("\n"),
  );
}

/** Exchange rates (decision 402): this month's and next month's USD, and EUR and HKD for this month; CNY is the base. */
async function seedExchangeRates(tx: Tx, cal: SeedCalendar): Promise<void> {
  await tx.exchangeRate.createMany({
    data: [
      { currency: "USD", rateCny: "7.1000", validUntil: cal.day(30), updatedBy: "seed" },
      { currency: "USD", rateCny: "7.1500", validUntil: cal.day(61), updatedBy: "seed" },
      { currency: "EUR", rateCny: "7.7000", validUntil: cal.day(30), updatedBy: "seed" },
      { currency: "HKD", rateCny: "0.9100", validUntil: cal.day(30), updatedBy: "seed" },
    ],
  });
}

async function writeRates(tx: Tx, rates: BuiltRates): Promise<void> {
  await bulkInsert(tx, "fcl_rates", rates.fcl);
  await bulkInsert(tx, "lcl_rates", rates.lcl);
  await bulkInsert(tx, "air_rates", rates.air);
  await bulkInsert(tx, "rail_rates", rates.rail);
  await bulkInsert(tx, "trailer_rates", rates.trailer);
  await bulkInsert(tx, "express_rates", rates.express);
}

/** After explicit ids, let the next plain insert of each table take max(id) + 1. */
async function resetSequences(tx: Tx): Promise<void> {
  for (const table of SERIAL_TABLES) {
    await tx.$executeRawUnsafe(
      `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), COALESCE((SELECT MAX(id) FROM "${table}"), 0) + 1, false)`,
    );
  }
}
