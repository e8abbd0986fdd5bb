// Shared fixtures of the search tests: the demo routes of every mode, the
// seven kinds of viewer, and number matching that respects digit boundaries
// ("623.00" must not match inside "1,623.00").
import { flushBackground } from "~/domain/rates/background.server";
import { formatMoney } from "~/domain/pricing/format";
import { createDbSession } from "~/domain/accounts/session.server";
import { sessionStorage } from "~/http/cookies.server";
import { withTestDb } from "../support/db";
import { cookieHeaderFrom, getRequest, loginAs } from "../support/requests";

export type ViewerKey = "visitor" | "pending" | "failed" | "t0" | "t1" | "t2" | "frozen";
export const VIEWERS: ViewerKey[] = ["visitor", "pending", "failed", "t0", "t1", "t2", "frozen"];
/** Which tier each viewer sees (null: no price at all). */
export const TIER_OF: Record<ViewerKey, "T0" | "T1" | "T2" | null> = {
  visitor: null,
  pending: null,
  failed: null,
  t0: "T0",
  t1: "T1",
  t2: "T2",
  frozen: null,
};
export const EMAIL: Partial<Record<ViewerKey, string>> = {
  pending: "pending@example.com",
  failed: "failed@example.com",
  t0: "t0@example.com",
  t1: "t1@example.com",
  t2: "t2@example.com",
};
/** The seeded frozen account (id 15): it cannot log in, so its session is created directly. */
const FROZEN_USER_ID = 15;

const cookies = new Map<string, string>();

/**
 * A cookie of a session of the frozen account, as if it had been opened
 * before the account was frozen. Fresh each time: the first request that
 * meets a frozen account revokes its sessions.
 */
export async function frozenCookie(): Promise<string> {
  const request = getRequest("/home");
  const sid = await createDbSession(FROZEN_USER_ID, request);
  const session = await sessionStorage().getSession();
  session.set("sid", sid);
  return cookieHeaderFrom(await sessionStorage().commitSession(session));
}

/** Cookie header of a viewer (cached per test file, except the frozen one); "" for visitors. */
export async function cookieOf(viewer: ViewerKey): Promise<string> {
  if (viewer === "frozen") return frozenCookie();
  const email = EMAIL[viewer];
  if (!email) return "";
  if (!cookies.has(email)) cookies.set(email, await loginAs(email));
  return cookies.get(email)!;
}

export type RouteCase = {
  mode: "fcl" | "lcl" | "air" | "rail" | "trailer";
  path: string;
  query: Record<string, string>;
  table: string;
  where: string;
  /** Price columns without the tier suffix (snake_case, e.g. gp20 → gp20_t0). */
  prices: string[];
};

const AIR_BREAKS = [45, 100, 130, 300, 500, 1000, 2000, 3000];

export const ROUTES: RouteCase[] = [
  {
    mode: "fcl",
    path: "/fclbysea",
    query: { pol: "SHANGHAI", pod: "BATAM" },
    table: "fcl_rates",
    where: "pol = 'SHANGHAI' AND pod = 'BATAM'",
    prices: ["gp20", "gp40", "hq40"],
  },
  {
    mode: "lcl",
    path: "/lclbysea",
    query: { lclpol: "SHANGHAI", lclpod: "KOBE" },
    table: "lcl_rates",
    where: "pol = 'SHANGHAI' AND pod = 'KOBE'",
    prices: ["freight_cbm", "freight_ton"],
  },
  {
    mode: "air",
    path: "/byair",
    query: { airpol: "PVG", airpod: "ORD" },
    table: "air_rates",
    where: "pol = 'PVG' AND pod = 'ORD'",
    prices: AIR_BREAKS.flatMap((b) => [`bulk${b}`, `tray${b}`]),
  },
  {
    mode: "rail",
    path: "/railroad",
    query: { pol: "西安", pod: "阿拉山口" },
    table: "rail_rates",
    where: "pol = '西安' AND pod = '阿拉山口'",
    prices: ["coc40", "soc40", "coc20", "soc20", "soc20x2"],
  },
  {
    mode: "trailer",
    path: "/trailer",
    query: { dock: "上海港", trailer_door_point: "上海浦东" },
    table: "trailer_rates",
    where: "dock = '上海港' AND door_point = '上海浦东'",
    prices: ["gp20", "gp40", "hq40"],
  },
];

export const VALID_TODAY_SQL = `(valid_from IS NULL OR valid_from <= (now() AT TIME ZONE 'Asia/Shanghai')::date)
  AND (valid_to IS NULL OR valid_to >= (now() AT TIME ZONE 'Asia/Shanghai')::date)`;

export type TierNumbers = Record<"T0" | "T1" | "T2", string[]>;

/** The prices of each tier on a route's rows valid today (as PostgreSQL prints them, "528.00"). */
export async function tierNumbers(route: RouteCase): Promise<{ ids: number[]; numbers: TierNumbers }> {
  return withTestDb(async (db) => {
    const columns = route.prices.flatMap((p) => ["t0", "t1", "t2"].map((t) => `${p}_${t}`));
    const { rows } = await db.query(`SELECT id, ${columns.join(", ")} FROM ${route.table} WHERE ${route.where} AND ${VALID_TODAY_SQL}`);
    const numbers: TierNumbers = { T0: [], T1: [], T2: [] };
    for (const row of rows) {
      for (const p of route.prices) {
        for (const tier of ["T0", "T1", "T2"] as const) {
          const value = row[`${p}_${tier.toLowerCase()}`];
          if (value !== null) numbers[tier].push(value);
        }
      }
    }
    return { ids: rows.map((r) => r.id as number), numbers };
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** True when `number` occurs in `text` as a whole number (not inside a longer one). */
export function containsNumber(text: string, number: string): boolean {
  return new RegExp(`(?<![\\d.,])${escape(number)}(?![\\d])`).test(text);
}

/** The two ways a price may appear: raw ("1070.00", loader data) and as printed ("1,070.00"). */
export function spellings(raw: string): string[] {
  const printed = formatMoney(raw)!;
  return printed === raw ? [raw] : [raw, printed];
}

export function foundNumbers(text: string, numbers: string[]): string[] {
  return numbers.flatMap(spellings).filter((n) => containsNumber(text, n));
}

export { flushBackground };
