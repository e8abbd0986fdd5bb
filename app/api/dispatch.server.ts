// One entry for every legacy API path: the splat resource routes
// (app/routes/{api,my,nopermission,...}.$.tsx) hand their requests here. It
// finds the endpoint, checks who asks against its access (on the server,
// every call), parses the fields and answers in the envelope. A thrown
// Response from a domain module keeps its status; anything unexpected is a
// 500 envelope with no detail.
import type { AppLoadContext } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "~/utils/zod";
import { clientAddress } from "~/domain/accounts/session.server";
import { sessionOf, versionsOf } from "~/http/context.server";
import { checkOperation, OPERATIONS, type Who } from "~/domain/permissions/operations.server";
import { i18n } from "~/i18n/i18n.server";
import { hasNulField, parseForm, urlEncodedForm } from "~/utils/form-data.server";
import { messageText } from "~/i18n/react";
import { BodyError, isMultipart, readBody } from "~/utils/multipart.server";
import { FORM_BODY_LIMIT } from "~/utils/upload-limits";
import { fallbackLanguage, isLanguage, type Language } from "~/i18n/config";
import { ApiError, badRequest, type ApiContext, type ApiReply, type Endpoint, type Method } from "./contract/core.server";
import { apiEndpoints } from "./registry.server";
import { fromWire, serialize, wireNameOf, type WireEntity } from "./contract/wire";

type Compiled = { endpoint: Endpoint; pattern: RegExp; names: string[] };

let compiled: Compiled[] | null = null;

function compile(): Compiled[] {
  compiled ??= apiEndpoints.map((endpoint) => {
    const names: string[] = [];
    const source = endpoint.path
      .split("/")
      .map((segment) => {
        const match = /^\{(\w+)\}$/.exec(segment);
        if (!match) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(match[1]);
        return "([^/]+)";
      })
      .join("/");
    return { endpoint, pattern: new RegExp(`^${source}/?$`), names };
  });
  return compiled;
}

export function findEndpoint(
  method: string,
  pathname: string,
): { endpoint: Endpoint; params: Record<string, string> } | { allowed: Method[] } | null {
  const allowed: Method[] = [];
  for (const { endpoint, pattern, names } of compile()) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    if (endpoint.method !== method) {
      allowed.push(endpoint.method);
      continue;
    }
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = safeDecode(match[i + 1]);
    });
    return { endpoint, params };
  }
  return allowed.length ? { allowed } : null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function languageOf(url: URL): Language {
  const lng = url.searchParams.get("lng");
  return isLanguage(lng) ? lng : fallbackLanguage;
}

/** The body limit of a call: its own, else the plain-form one (app/utils/upload-limits.ts). */
export function endpointBodyLimit(endpoint: Endpoint): number {
  const limit = endpoint.bodyLimit ?? FORM_BODY_LIMIT;
  return typeof limit === "function" ? limit() : limit;
}

/** A body error as the envelope's: 413 or 400. */
function bodyFailure(error: unknown): unknown {
  if (!(error instanceof BodyError)) return error;
  return error.kind === "tooLarge" ? new ApiError(413, "api.tooLarge", 413) : badRequest("api.badBody");
}

function appendValue(form: FormData, key: string, value: unknown) {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) for (const item of value) appendValue(form, key, item);
  else if (typeof value === "object") form.append(key, JSON.stringify(value));
  else form.append(key, String(value));
}

/** Query fields, then body fields over them. */
async function readFields(request: Request, url: URL, endpoint: Endpoint): Promise<FormData> {
  const form = new FormData();
  const body = new FormData();
  if (request.method !== "GET" && request.method !== "DELETE" && request.method !== "HEAD") {
    const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
    const limit = endpointBodyLimit(endpoint);
    try {
      if (isMultipart(request)) {
        for (const [key, value] of await parseForm(request, limit)) body.append(key, value);
      } else if (type.startsWith("application/json")) {
        const text = (await readBody(request, limit)).toString("utf8");
        let value: unknown;
        try {
          value = text.trim() ? JSON.parse(text) : {};
        } catch {
          throw badRequest("api.badJson");
        }
        if (!value || typeof value !== "object" || Array.isArray(value)) throw badRequest("api.badJson");
        for (const [key, item] of Object.entries(value)) appendValue(body, key, item);
      } else {
        for (const [key, value] of urlEncodedForm((await readBody(request, limit)).toString("utf8"))) body.append(key, value);
      }
    } catch (error) {
      throw bodyFailure(error);
    }
  }
  const bodyKeys = new Set([...body.keys()]);
  for (const [key, value] of url.searchParams) if (!bodyKeys.has(key)) form.append(key, value);
  for (const [key, value] of body) form.append(key, value);
  // PostgreSQL text cannot hold NUL: refused here rather than failing in a query.
  if (hasNulField(form)) throw badRequest("api.badBody");
  return form;
}

function firstIssueMessage(error: Record<string, string[] | null> | undefined): string {
  for (const messages of Object.values(error ?? {})) if (messages?.length) return messages[0];
  return "api.badRequest";
}

function makeContext(
  request: Request,
  url: URL,
  endpoint: Endpoint,
  params: Record<string, string>,
  base: {
    viewer: ApiContext["viewer"];
    sessionId: string | null;
    lng: Language;
    t: ApiContext["t"];
    ip: string | null;
    versions: ApiContext["versions"];
  },
): ApiContext {
  let fields: Promise<FormData> | null = null;
  const ctx: ApiContext = {
    request,
    url,
    params,
    ...base,
    get user() {
      if (!base.viewer) throw new ApiError(401, "api.loginRequired", 401);
      return base.viewer;
    },
    fields() {
      fields ??= readFields(request, url, endpoint);
      return fields;
    },
    async parse<S extends z.ZodTypeAny>(
      schema: S,
      entity: WireEntity | null = endpoint.input ?? null,
      extra: Record<string, string | string[] | undefined> = {},
    ) {
      const form = new FormData();
      for (const [key, value] of await ctx.fields()) form.append(key, value);
      for (const [key, value] of Object.entries(extra)) {
        form.delete(key);
        for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) form.append(key, item);
      }
      return ctx.validate(form, schema, entity);
    },
    validate<S extends z.ZodTypeAny>(source: FormData, schema: S, entity: WireEntity | null = endpoint.input ?? null) {
      let form = source;
      if (entity) {
        const mapped = fromWire(entity, source);
        if (mapped.problems.length) {
          const fieldErrors = Object.fromEntries(mapped.problems.map((p) => [p.field, [{ key: p.key, values: { field: p.field } }]]));
          throw badRequest({ key: mapped.problems[0].key, values: { field: mapped.problems[0].field } }, { fieldErrors });
        }
        form = mapped.form;
      }
      const submission = parseWithZod(form, { schema });
      if (submission.status !== "success") {
        const reply = submission.reply();
        const fieldErrors = Object.fromEntries(
          Object.entries(reply.error ?? {}).map(([k, v]) => [entity ? wireNameOf(entity, k) : k, v ?? []]),
        );
        throw badRequest(firstIssueMessage(reply.error ?? undefined), { fieldErrors });
      }
      return submission.value as z.output<S>;
    },
  };
  return ctx;
}

type Problem = { key?: string; message?: string; values?: Record<string, string | number>; [member: string]: unknown };
/** A field error: a translation key, or a key with the values its text names. */
type FieldMessage = string | { key: string; values?: Record<string, string> };

/**
 * Messages inside `data` (field errors, import and search problems) are
 * translation keys until here: each becomes its text in the call's language
 * (a problem's `key` and `values` become its `message`).
 */
function localizeData(t: ApiContext["t"], data: unknown): unknown {
  if (!data || typeof data !== "object" || Array.isArray(data)) return data;
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  if (out.fieldErrors && typeof out.fieldErrors === "object") {
    out.fieldErrors = Object.fromEntries(
      Object.entries(out.fieldErrors as Record<string, FieldMessage[]>).map(([field, keys]) => [
        field,
        keys.map((key) => (typeof key === "string" ? messageText(t, key) : messageText(t, key.key, key.values))),
      ]),
    );
  }
  if (Array.isArray(out.problems)) {
    out.problems = (out.problems as Problem[]).map(({ key, message, values, ...rest }) => ({
      ...rest,
      ...(values ?? {}),
      message: messageText(t, key ?? message ?? "api.badRequest", values),
    }));
  }
  return out;
}

function envelope(t: ApiContext["t"], reply: ApiReply): Response {
  const message =
    reply.message === undefined
      ? ""
      : typeof reply.message === "string"
        ? messageText(t, reply.message)
        : messageText(t, reply.message.key, reply.message.values);
  const body: Record<string, unknown> = { status: reply.status ?? 0, message, data: reply.data ?? null };
  if (reply.total !== undefined) body.total = reply.total;
  Object.assign(body, reply.extra ?? {});
  const headers = new Headers(reply.headers);
  headers.set("Cache-Control", "private, no-store");
  return Response.json(body, { status: reply.http ?? 200, headers });
}

/** A refusal's field errors under the wire names, each message in the caller's language (the domain's outcomes carry keys). */
/** Field errors under the call's wire names (the messages stay keys until localizeData). */
function wireFieldErrors(endpoint: Endpoint, data: unknown): unknown {
  const fieldErrors = (data as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors;
  if (!fieldErrors) return data;
  const input = endpoint.input;
  const mapped = Object.fromEntries(
    Object.entries(fieldErrors).map(([name, messages]) => [input ? wireNameOf(input, name) : name, messages]),
  );
  return { ...(data as object), fieldErrors: mapped };
}

/** A success's domain values under the wire names (the endpoint's response shapes). */
function toWireReply(endpoint: Endpoint, reply: ApiReply): ApiReply {
  if ((reply.status ?? 0) !== 0) return reply;
  const { data, members = {} } = endpoint.response;
  const extra = reply.extra ? { ...reply.extra } : undefined;
  if (extra) for (const [key, shape] of Object.entries(members)) if (key in extra) extra[key] = serialize(shape, extra[key]);
  return { ...reply, data: serialize(data, reply.data), extra };
}

const HTTP_MESSAGES: Record<number, string> = {
  400: "api.badRequest",
  401: "api.loginRequired",
  403: "api.forbidden",
  404: "api.notFound",
  405: "api.methodNotAllowed",
  413: "api.tooLarge",
  415: "api.badBody",
  429: "api.tooMany",
};

/** Who may call an endpoint: its operation's rule, or the public / signed-in reads. */
export function whoMayCall(endpoint: Pick<Endpoint, "access">): Who {
  const access = endpoint.access;
  return access.kind === "operation" ? OPERATIONS[access.id].who : access.kind === "public" ? "anyone" : "signedIn";
}

export async function handleApi(request: Request, context: AppLoadContext = {}): Promise<Response> {
  const url = new URL(request.url);
  const lng = languageOf(url);
  const t = await i18n.getFixedT(lng);
  const found = findEndpoint(request.method === "HEAD" ? "GET" : request.method, url.pathname);
  if (!found) return envelope(t, { status: 404, message: "api.noSuchCall", http: 404 });
  if ("allowed" in found) {
    return envelope(t, {
      status: 405,
      message: "api.methodNotAllowed",
      http: 405,
      headers: { Allow: [...new Set(found.allowed)].join(", ") },
    });
  }
  const { endpoint, params } = found;

  // The API's session is the Authorization header's token, never the cookie.
  const session = await sessionOf({ request, context }, "token");
  const who = whoMayCall(endpoint);
  // A frozen account's token is revoked by the lookup; public calls answer it as a visitor.
  if (session.state === "frozen" && who !== "anyone") return envelope(t, { status: 403, message: "api.frozen", http: 403 });
  const viewer = session.state === "active" ? session.viewer : null;
  if (who !== "anyone" && !viewer) return envelope(t, { status: 401, message: "api.loginRequired", http: 401 });
  if (endpoint.access.kind === "operation" && !(await checkOperation(viewer, endpoint.access.id))) {
    return envelope(t, { status: 403, message: "api.forbidden", http: 403 });
  }

  const ctx = makeContext(request, url, endpoint, params, {
    viewer,
    sessionId: session.state === "active" ? session.sessionId : null,
    lng,
    t,
    ip: clientAddress(request, context),
    versions: () => versionsOf({ request, context }),
  });
  try {
    return envelope(t, toWireReply(endpoint, await endpoint.handler(ctx)));
  } catch (error) {
    if (error instanceof ApiError)
      return envelope(t, {
        status: error.status,
        message: error.messageKey,
        http: error.http,
        data: localizeData(t, wireFieldErrors(endpoint, error.data)),
      });
    if (error instanceof Response) {
      const status = error.status >= 300 && error.status < 400 ? 403 : error.status;
      return envelope(t, { status, message: HTTP_MESSAGES[status] ?? "api.failed", http: status });
    }
    console.error(`API ${request.method} ${url.pathname} failed`, error);
    return envelope(t, { status: 500, message: "api.serverError", http: 500 });
  }
}
