// Shared helpers of the administration tests: one sign-in per account and
// file (cached cookie), GET/POST through a route's loader or action.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { callRoute, getRequest, loginAs, postForm, postMultipart, type RouteResult } from "../support/requests";

type RouteFn = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

const cookies = new Map<string, string>();

/** The Cookie header of a signed-in demo account (null: a visitor). */
export async function cookieOf(email: string | null): Promise<string | undefined> {
  if (!email) return undefined;
  let cookie = cookies.get(email);
  if (!cookie) {
    cookie = await loginAs(email);
    cookies.set(email, cookie);
  }
  return cookie;
}

/** Forget a cached sign-in (after the account was frozen, for example). */
export function forgetCookie(email: string) {
  cookies.delete(email);
}

export async function load<T = any>(
  loader: RouteFn,
  path: string,
  as: string | null,
  query?: Record<string, string | number>,
): Promise<RouteResult<T>> {
  return callRoute<T>(loader, getRequest(path, query, { cookie: await cookieOf(as) }));
}

export async function submit<T = any>(
  action: RouteFn,
  path: string,
  as: string | null,
  fields: Record<string, string | number | Array<string | number> | undefined>,
): Promise<RouteResult<T>> {
  return callRoute<T>(action, postForm(path, fields, { cookie: await cookieOf(as) }));
}

export async function upload<T = any>(
  action: RouteFn,
  path: string,
  as: string | null,
  fields: Record<string, string | number | Blob | undefined>,
): Promise<RouteResult<T>> {
  return callRoute<T>(action, postMultipart(path, fields, { cookie: await cookieOf(as) }));
}

/** The flash message a redirect carries (decoded from the session cookie). */
export async function flashOf(result: RouteResult): Promise<{ type: string; key: string } | null> {
  const { sessionStorage } = await import("~/http/cookies.server");
  const setCookie = result.headers.getSetCookie().find((line) => /^(__Host-)?session=/.test(line));
  if (!setCookie) return null;
  const session = await sessionStorage().getSession(setCookie.split(";")[0]);
  return (session.get("message") as { type: string; key: string } | undefined) ?? null;
}

/** Accounts of the seed (prisma/seed/README.md). */
export const ADMIN = "admin@example.com";
export const SALES = "sales@example.com"; // view 2
export const SALES_GLOBAL = "sales.global@example.com"; // view 1
export const SERVICE = "service@example.com"; // view 2
export const MANAGER = "manager@example.com"; // view 1
export const DATA = "data@example.com";
export const NOPERM = "nomenu@example.com";

/** Tiny real images (tests/support/images.ts). */
export { JPEG_BYTES, PNG_BYTES } from "../support/images";
