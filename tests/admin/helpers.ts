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

/** Tiny valid images (by content). */
export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf,
  0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60,
  0x82,
]);
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
