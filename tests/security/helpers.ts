// Shared fixtures of the security tests (matrix, confidentiality, fuzz): every
// seeded kind of viewer, their cookies, and one way to call a loader or
// action and describe its outcome ("200", "302 /home", "403" ...).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createDbSession } from "~/domain/accounts/session.server";
import { sessionStorage } from "~/http/cookies.server";
import { callRoute, cookieHeaderFrom, getRequest, loginAs } from "../support/requests";

export type RouteFn = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/**
 * The seeded kinds of viewer (prisma/seed/data/users.ts). "noperm" is the
 * customer-service account without data or role rights (nomenu@, the
 * README's "staffnoperm"); "data" is staff without any user or admin right.
 */
export const VIEWERS = [
  "visitor",
  "pending",
  "failed",
  "frozen",
  "t0",
  "t1",
  "t2",
  "service",
  "sales",
  "salesGlobal",
  "manager",
  "data",
  "admin",
  "noperm",
] as const;
export type ViewerKey = (typeof VIEWERS)[number];

export const EMAIL: Record<Exclude<ViewerKey, "visitor">, string> = {
  pending: "pending@example.com",
  failed: "failed@example.com",
  frozen: "frozen@example.com",
  t0: "t0@example.com",
  t1: "t1@example.com",
  t2: "t2@example.com",
  service: "service@example.com",
  sales: "sales@example.com",
  salesGlobal: "sales.global@example.com",
  manager: "manager@example.com",
  data: "data@example.com",
  admin: "admin@example.com",
  noperm: "nomenu@example.com",
};

/** Seeded user ids. */
export const USER_ID = {
  admin: 1,
  sales: 2,
  salesGlobal: 3,
  service: 4,
  manager: 5,
  data: 6,
  noperm: 7,
  t0: 10,
  t1: 11,
  t2: 12,
  pending: 13,
  failed: 14,
  frozen: 15,
  profile: 16,
  otherT2: 17,
} as const;

export const OTHER_T2 = "other.t2@example.com";

export const CUSTOMERS: ViewerKey[] = ["pending", "failed", "t0", "t1", "t2"];
export const STAFF: ViewerKey[] = ["service", "sales", "salesGlobal", "manager", "data", "admin", "noperm"];

const cookies = new Map<string, Promise<string>>();

/** One sign-in per account and test file (login is rate limited). */
export function cookieOfEmail(email: string): Promise<string> {
  let cookie = cookies.get(email);
  if (!cookie) {
    cookie = loginAs(email);
    cookies.set(email, cookie);
  }
  return cookie;
}

/**
 * A session of the frozen account, as if opened before it was frozen. Fresh
 * each time: the first request that meets a frozen account revokes it.
 */
export async function frozenCookie(): Promise<string> {
  const sid = await createDbSession(USER_ID.frozen, getRequest("/home"));
  const session = await sessionStorage().getSession();
  session.set("sid", sid);
  return cookieHeaderFrom(await sessionStorage().commitSession(session));
}

/** The Cookie header of a viewer ("" for a visitor). */
export async function cookieOf(viewer: ViewerKey): Promise<string> {
  if (viewer === "visitor") return "";
  if (viewer === "frozen") return frozenCookie();
  return cookieOfEmail(EMAIL[viewer]);
}

export type Called = { status: number; location: string | null; data: unknown; headers: Headers; body?: string };

/** Calls a route function; a non-Response exception is returned as status 500 with its message. */
export async function call(fn: RouteFn, request: Request, params: Record<string, string> = {}): Promise<Called & { error?: unknown }> {
  try {
    const result = await callRoute(fn, request, { params });
    return { status: result.status, location: result.headers.get("Location"), data: result.data, headers: result.headers };
  } catch (error) {
    return { status: 500, location: null, data: null, headers: new Headers(), error };
  }
}

/** "200", "302 /home", "403", "500 <message>": what the matrix compares. */
export function outcomeOf(result: Called & { error?: unknown }): string {
  if (result.error) return `500 ${(result.error as Error)?.message ?? String(result.error)}`.slice(0, 200);
  if (result.status >= 300 && result.status < 400) return `${result.status} ${result.location ?? ""}`;
  return String(result.status);
}
