// The legacy JSON API's building blocks: the endpoint description, the
// `{status, message, data, total?}` envelope, and the request context every
// handler gets (who asks, the fields under their legacy names, translated
// messages). Handlers are thin: parse, call the domain module the page calls,
// answer in the envelope.
import type { Versions } from "~/utils/data-cache.server";
import type { T } from "~/i18n/keys";
import { type z } from "~/utils/zod";
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { Language } from "~/i18n/config";
import type { OperationId } from "~/domain/permissions/operations.server";
import type { WireEntity, WireShape } from "./wire";
import { DEFAULT_PAGE_SIZES } from "~/domain/table/paging.server";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Who may call: anybody, or any signed-in user (customers and staff), for
 * reads; or the operation the call performs (the registry of operations,
 * app/domain/permissions/operations.server.ts, which names the screen and
 * right staff need). Every call that writes, and every staff call, declares
 * its operation: pages and API are authorized by the same function.
 */
export type Access = { kind: "public" } | { kind: "user" } | { kind: "operation"; id: OperationId };

export const PUBLIC: Access = { kind: "public" };
export const USER: Access = { kind: "user" };
export const op = (id: OperationId): Access => ({ kind: "operation", id });

/** A field as the OpenAPI description lists it. */
export type FieldDoc = {
  name: string;
  type?: "string" | "integer" | "number" | "boolean" | "file" | "array";
  required?: boolean;
  description?: string;
};

export type ApiReply = {
  /** 0 = success (default); 1 generic failure; 2 and 3 as the spec gives them. */
  status?: number;
  /** A translation key (with values) or a text. */
  message?: string | { key: string; values?: Record<string, string | number> };
  data?: unknown;
  total?: number;
  /** Further top-level members (the filter lists pol, pod, carrier ...). */
  extra?: Record<string, unknown>;
  /** HTTP status; 200 unless given. */
  http?: number;
  headers?: HeadersInit;
};

export type ApiContext = {
  request: Request;
  url: URL;
  /** Path parameters ({id}, {range}). */
  params: Record<string, string>;
  viewer: Viewer | null;
  sessionId: string | null;
  lng: Language;
  t: T;
  ip: string | null;
  /** The data versions of the request's cached reads (app/http/context.server.ts). */
  versions(): Promise<Versions>;
  /** The signed-in user (the dispatcher has checked the endpoint's access). */
  user: Viewer;
  /** Query string (GET, DELETE) or body fields (form-urlencoded, multipart or JSON) merged over the query. */
  fields(): Promise<FormData>;
  /**
   * Fields validated by the domain's zod schema (the pages' schema), after
   * mapping the wire names and formats to the domain's (`entity`, by default
   * the endpoint's `input`; wire.ts). A failure answers 400 with the first
   * message, translated; field errors are keyed by the wire names.
   */
  parse<S extends z.ZodTypeAny>(
    schema: S,
    entity?: WireEntity | null,
    extra?: Record<string, string | string[] | undefined>,
  ): Promise<z.output<S>>;
  /** A form already in hand (uploads, merged values) through the same mapping and validation as `parse`. */
  validate<S extends z.ZodTypeAny>(form: FormData, schema: S, entity?: WireEntity | null): z.output<S>;
};

export type Endpoint = {
  method: Method;
  /** The spec's path; `{name}` marks a path parameter. */
  path: string;
  access: Access;
  summary: string;
  /** Request fields (query for GET/DELETE, body otherwise), for the OpenAPI description. */
  fields?: readonly FieldDoc[];
  /** multipart/form-data body (uploads). */
  multipart?: boolean;
  /** Largest body in bytes (default FORM_BODY_LIMIT); upload calls: their file limit plus the envelope. The server refuses a larger one before reading it. */
  bodyLimit?: number | (() => number);
  /** Top-level members besides status, message, data and total. */
  extraMembers?: readonly string[];
  /** The body's record under its wire names (wire.ts): mapped by ctx.parse, documented in the OpenAPI description. */
  input?: WireEntity;
  /**
   * What a success answers: `data` and further members as wire shapes. The
   * handler returns domain values; the dispatcher maps them to the wire
   * (once, here at the boundary), and the OpenAPI description shows the
   * schema and an example.
   */
  response: { data: WireShape; members?: Record<string, WireShape> };
  handler(ctx: ApiContext): Promise<ApiReply>;
};

/** A failure the handler decides on: answered in the envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: ApiReply["message"],
    readonly http: number,
    readonly data: unknown = null,
  ) {
    super(typeof messageKey === "string" ? messageKey : (messageKey?.key ?? "api error"));
  }
}

export const badRequest = (message: ApiReply["message"] = "api.badRequest", data: unknown = null) => new ApiError(1, message, 400, data);
export const notFound = (message: ApiReply["message"] = "api.notFound") => new ApiError(404, message, 404);

export function ok(data: unknown = null, message: ApiReply["message"] = "api.ok", more: Omit<ApiReply, "data" | "message"> = {}): ApiReply {
  return { status: 0, message, data, ...more };
}

/** A positive integer path or field value, or a 400. */
export function idParam(value: string | null | undefined, message = "api.badId"): number {
  const text = (value ?? "").trim();
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw badRequest(message);
  return Number(text);
}

type FlashLike = string | { key: string; values?: Record<string, string | number> } | undefined;
type OutcomeLike = { ok: true } | { ok: false; status: number; message?: FlashLike; fieldErrors?: Record<string, string[]> };

/**
 * A domain Outcome in the envelope: success with `okMessage`, else the
 * domain's message (or first field error, or `failMessage`) with status 1
 * (404 stays 404; the spec's duplicate statuses come from `statusFor`).
 */
export function fromOutcome(
  outcome: OutcomeLike,
  okMessage: string,
  failMessage: string,
  options: { data?: unknown; statusFor?: (fieldErrors: Record<string, string[]>) => number | null } = {},
): ApiReply {
  if (outcome.ok) return ok(options.data ?? null, okMessage);
  if (outcome.status === 404) throw notFound();
  const fieldErrors = outcome.fieldErrors ?? {};
  const first = Object.values(fieldErrors).flat()[0];
  const message: ApiReply["message"] = outcome.message ?? first ?? failMessage;
  // An authority refusal mirrors its HTTP status, like the dispatcher's 403.
  const status = outcome.status === 403 ? 403 : (options.statusFor?.(fieldErrors) ?? 1);
  throw new ApiError(
    status,
    message,
    outcome.status >= 400 ? outcome.status : 400,
    Object.keys(fieldErrors).length ? { fieldErrors } : null,
  );
}

/** Legacy paging and range parameters → the shared table's URL parameters. */
export function tableUrl(
  ctx: Pick<ApiContext, "url">,
  options: { search?: { legacy: string; param: string }; range?: string; pass?: readonly string[] } = {},
): URL {
  const source = ctx.url.searchParams;
  const url = new URL(ctx.url.pathname, ctx.url.origin);
  const page = source.get("pagenum") ?? source.get("page");
  const size = source.get("pagesize") ?? source.get("size");
  if (page) url.searchParams.set("page", page);
  if (size) url.searchParams.set("size", size);
  if (options.search) {
    const q = source.get(options.search.legacy) ?? source.get(options.search.param);
    if (q) url.searchParams.set(options.search.param, q);
  }
  for (const name of options.pass ?? []) {
    const value = source.get(name);
    if (value !== null) url.searchParams.set(name, value);
  }
  if (options.range) {
    const ends = rangeEnds(source, options.range);
    if (ends) {
      url.searchParams.set("from", ends[0]);
      url.searchParams.set("to", ends[1]);
    }
  }
  return url;
}

/**
 * A date or date-time range as the old client sent it: `a,b`, a JSON array,
 * or the parameter repeated (with or without []). Returns YYYY-MM-DD or
 * YYYY-MM-DDTHH:mm ends ('' = open), or null when absent.
 */
export function rangeEnds(params: URLSearchParams, name: string): [string, string] | null {
  let parts = params.getAll(name).concat(params.getAll(`${name}[]`));
  if (parts.length === 0) return null;
  if (parts.length === 1) {
    const text = parts[0].trim();
    if (text.startsWith("[")) {
      try {
        const parsed = JSON.parse(text);
        parts = Array.isArray(parsed) ? parsed.map((p) => String(p ?? "")) : [];
      } catch {
        parts = [];
      }
    } else parts = text.split(",");
  }
  const clean = (value: string | undefined) => (value ?? "").trim().replace(" ", "T").slice(0, 16);
  return [clean(parts[0]), clean(parts[1])];
}

/**
 * `pagenum` and `pagesize` of a list call as skip/take: one of the tables'
 * page sizes (else 50); any page number is answered (past the end: an empty
 * page), never an SQL error.
 */
export function pageOf(ctx: Pick<ApiContext, "url">): { skip: number; take: number } {
  const size = Number(ctx.url.searchParams.get("pagesize"));
  const take = (DEFAULT_PAGE_SIZES as readonly number[]).includes(size) ? size : 50;
  const page = Math.min(1_000_000, Math.max(1, Math.floor(Number(ctx.url.searchParams.get("pagenum")) || 1)));
  return { skip: (page - 1) * take, take };
}
