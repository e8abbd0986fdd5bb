// Spreadsheet builders and request helpers for the data-maintenance tests.
import type { DataArea } from "~/domain/data-areas/types";
export { fakeZip, readSheet, sheetBytes, sheetNames, type Book } from "../support/sheets";
import { prisma } from "~/utils/db.server";
import { callRoute, fileOf, getRequest, postForm, postMultipart, type RouteResult } from "../support/requests";

/** Who an import, commit or undo is done as (the domain's viewer): the user with `email`. */
export type Who = { id: number; username: string };
export function whoIs(email: string): Promise<Who> {
  return prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true, username: true } });
}

export function headers(area: DataArea): string[] {
  return area.columns.map((c) => c.header);
}

/** A row for `area` from a partial record keyed by header; missing cells empty. */
export function rowOf(area: DataArea, values: Record<string, unknown>): unknown[] {
  return area.columns.map((c) => (c.header in values ? values[c.header] : null));
}

type RouteModule = { loader: (args: any) => unknown; action: (args: any) => unknown };

export async function uploadTo(
  route: RouteModule,
  path: string,
  cookie: string,
  bytes: Uint8Array | null,
  name = "rates.xlsx",
  intent = "import",
): Promise<RouteResult<any>> {
  const fields: Record<string, string | File> = { intent };
  if (bytes) fields.file = fileOf(bytes, name);
  return callRoute(route.action, postMultipart(path, fields, { cookie }));
}

export async function load(route: RouteModule, path: string, cookie: string, query?: Record<string, string | number>) {
  return callRoute(route.loader, getRequest(path, query, { cookie }));
}

export async function post(
  route: RouteModule,
  path: string,
  cookie: string,
  fields: Record<string, string | number | Array<string | number>>,
) {
  return callRoute(route.action, postForm(path, fields, { cookie }));
}

/** The flash message a redirect carries (decoded from its session cookie via the root loader). */
export async function flashOf(
  result: RouteResult,
  cookie: string,
): Promise<{ type: string; key: string; values?: Record<string, unknown> } | null> {
  const { loader } = await import("~/root");
  const { mergeCookies } = await import("../support/requests");
  const next = mergeCookies(cookie, result.headers);
  const root = await callRoute(loader as any, getRequest("/", undefined, { cookie: next }));
  return (root.data as { message: { type: string; key: string; values?: Record<string, unknown> } | null }).message;
}
