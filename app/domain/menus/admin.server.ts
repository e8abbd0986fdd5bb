// Helpers shared by the back-office screens of the administration area
// (roles, menus, users, offers, home content, logs): intents, redirects back
// to the list with a flash message, outcomes of domain operations.
import { data, redirect } from "@remix-run/node";
import { flash, type FlashMessage } from "~/domain/accounts/cookie.server";

export type FieldErrors = Record<string, string[]>;

/** What a domain operation returns: success, or a message / field errors and a status. */
export type Outcome<T = object> =
  | ({ ok: true } & T)
  | {
      ok: false;
      status: number;
      message?: string;
      fieldErrors?: FieldErrors;
      /** Refused by the grant rules (docs/decisions/303-authority.md), not merely invalid. */
      refused?: true;
    };

export const fail = (status: number, message?: string, fieldErrors?: FieldErrors): Outcome<never> => ({
  ok: false,
  status,
  message,
  fieldErrors,
});

/** The list URL of a request: same path and filters, without the dialog parameters. */
export function listUrl(request: Request, drop: string[] = []): string {
  const url = new URL(request.url);
  for (const key of ["dialog", "id", "index", ...drop]) url.searchParams.delete(key);
  const search = url.searchParams.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** Redirect to the list with a translated message. */
export async function backToList(
  request: Request,
  key: string,
  type: FlashMessage["type"] = "success",
  options: { to?: string; values?: FlashMessage["values"] } = {},
) {
  const headers = await flash(request, { type, key, values: options.values });
  return redirect(options.to ?? listUrl(request), { headers });
}

/** Cancelled confirmations: '已取消删除' or '已取消' (spec 4). */
export function cancelled(request: Request, intent: string) {
  return backToList(request, intent === "cancel" ? "admin.common.cancelled" : "admin.common.cancelledDelete", "info");
}

export function intentOf(form: FormData): string {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : "";
}

/** A positive integer id from a form or search value, else null. */
export function idOf(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * A refused operation, thrown: the screen's error boundary shows its
 * translated message with the status (403, or 409 for the last
 * administrator), without JavaScript too.
 */
export function refusal(outcome: { status: number; message?: string }) {
  return data({ message: outcome.message ?? "common.errors.forbiddenBody" }, { status: outcome.status });
}

export function badRequest(): Response {
  return new Response("Bad Request", { status: 400, statusText: "Bad Request" });
}

export function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/**
 * Prisma's unique-constraint error (P2002), with the columns it names: from
 * `meta.target` (native engine) or, with the pg driver adapter, from the
 * constraint's index name `<table>_<columns>_key`.
 */
export function uniqueViolation(error: unknown): string[] | null {
  if (typeof error !== "object" || error === null || (error as { code?: unknown }).code !== "P2002") return null;
  type Cause = { table?: string; constraint?: { fields?: unknown; index?: unknown } };
  const meta = (error as { meta?: { target?: unknown; driverAdapterError?: { cause?: Cause } } }).meta;
  const cause = meta?.driverAdapterError?.cause;
  const target = meta?.target ?? cause?.constraint?.fields;
  if (Array.isArray(target)) return target.map(String);
  if (typeof target === "string") return [target];
  const index = cause?.constraint?.index;
  if (typeof index === "string" && cause?.table && index.startsWith(`${cause.table}_`) && index.endsWith("_key")) {
    const columns = index.slice(cause.table.length + 1, -"_key".length);
    return [columns, ...columns.split("_")];
  }
  return [];
}
