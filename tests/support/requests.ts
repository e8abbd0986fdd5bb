// Build Requests and call Remix loaders/actions directly (no HTTP server).
// With single fetch a route function may return a plain value, `data(...)`
// (DataWithResponseInit), a Response, or throw a Response (redirects,
// 404s): callRoute() turns all of them into { status, headers, data }.
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";

export const TEST_ORIGIN = "http://localhost:3000";

export type RequestOptions = {
  /** A Cookie header value, e.g. from loginAs(). */
  cookie?: string;
  headers?: HeadersInit;
};

type QueryInit = Record<string, string | number | boolean | null | undefined | Array<string | number>> | URLSearchParams;
type FormFields = Record<string, string | number | boolean | null | undefined | Array<string | number>> | URLSearchParams;
type MultipartValue = string | number | Blob | File | null | undefined;
type MultipartFields = Record<string, MultipartValue | MultipartValue[]> | FormData;

function toUrl(path: string, query?: QueryInit): URL {
  const url = new URL(path, TEST_ORIGIN);
  if (query) {
    const params = query instanceof URLSearchParams ? query : toSearchParams(query);
    for (const [key, value] of params) url.searchParams.append(key, value);
  }
  return url;
}

function toSearchParams(fields: Exclude<FormFields, URLSearchParams>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

function buildHeaders(options: RequestOptions = {}): Headers {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  return headers;
}

/** GET request with an optional query string. */
export function getRequest(path: string, query?: QueryInit, options: RequestOptions = {}): Request {
  return new Request(toUrl(path, query), { method: "GET", headers: buildHeaders(options) });
}

/** POST application/x-www-form-urlencoded, like a plain HTML form. */
export function postForm(path: string, fields: FormFields, options: RequestOptions = {}): Request {
  const body = fields instanceof URLSearchParams ? fields : toSearchParams(fields);
  const headers = buildHeaders(options);
  headers.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
  return new Request(toUrl(path), { method: "POST", headers, body: body.toString() });
}

/** POST multipart/form-data (file uploads); the boundary is set by Request. */
export function postMultipart(path: string, fields: MultipartFields, options: RequestOptions = {}): Request {
  let form: FormData;
  if (fields instanceof FormData) {
    form = fields;
  } else {
    form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item === null || item === undefined) continue;
        if (item instanceof Blob) form.append(key, item, item instanceof File ? item.name : "blob");
        else form.append(key, String(item));
      }
    }
  }
  const headers = buildHeaders(options);
  headers.delete("Content-Type");
  return new Request(toUrl(path), { method: "POST", headers, body: form });
}

/** A File for multipart uploads. */
export function fileOf(content: string | Uint8Array | ArrayBuffer, name: string, type = "application/octet-stream"): File {
  return new File([content as BlobPart], name, { type });
}

export type RouteResult<T = unknown> = {
  status: number;
  headers: Headers;
  /** Parsed body: the returned value, JSON, text, or null (redirects, empty bodies). */
  data: T;
  /** True when the route threw (a thrown Response or data()). */
  thrown: boolean;
  /** The Response, when the route produced one. */
  response?: Response;
};

type RouteFunction = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status >= 300 && response.status < 400) return null;
  const text = await response.clone().text();
  if (text === "") return null;
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("json")) return JSON.parse(text);
  return text;
}

async function normalise(value: unknown, thrown: boolean): Promise<RouteResult> {
  if (value instanceof Response) {
    return { status: value.status, headers: value.headers, data: await readBody(value), thrown, response: value };
  }
  if (isDataWithInit(value)) {
    return { status: value.init?.status ?? 200, headers: new Headers(value.init?.headers), data: value.data, thrown };
  }
  return { status: 200, headers: new Headers(), data: value ?? null, thrown };
}

/**
 * Calls a loader or action. Non-Response exceptions (real errors) are
 * rethrown; everything else comes back as { status, headers, data }.
 */
export async function callRoute<T = any>(
  fn: RouteFunction,
  request: Request,
  options: { params?: Record<string, string>; context?: AppLoadContext } = {},
): Promise<RouteResult<T>> {
  const args = { request, params: options.params ?? {}, context: options.context ?? {} };
  try {
    return (await normalise(await fn(args), false)) as RouteResult<T>;
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return (await normalise(error, true)) as RouteResult<T>;
    throw error;
  }
}

/** Turns Set-Cookie values into a Cookie request header (name=value; ...). */
export function cookieHeaderFrom(source: Headers | string | string[]): string {
  const setCookies = source instanceof Headers ? source.getSetCookie() : Array.isArray(source) ? source : [source];
  const jar = new Map<string, string>();
  for (const line of setCookies) {
    const pair = line.split(";")[0]?.trim();
    if (!pair || !pair.includes("=")) continue;
    const name = pair.slice(0, pair.indexOf("="));
    jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** Merges a response's Set-Cookie into an existing Cookie header. */
export function mergeCookies(cookie: string | undefined, headers: Headers): string {
  const jar = new Map<string, string>();
  for (const part of (cookie ?? "").split(";")) {
    const pair = part.trim();
    if (pair.includes("=")) jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  for (const line of headers.getSetCookie()) {
    const pair = line.split(";")[0]?.trim();
    if (!pair || !pair.includes("=")) continue;
    const name = pair.slice(0, pair.indexOf("="));
    const expired = /;\s*max-age=0/i.test(line) || /;\s*expires=Thu, 01 Jan 1970/i.test(line);
    if (expired) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * Signs in through the real login action (app/routes/login.tsx) and returns
 * the Cookie header to send with later requests.
 */
export async function loginAs(email: string, password = "Demo1234"): Promise<string> {
  const { action } = await import("~/routes/standalone/login");
  const request = postForm("/login", { email, password, intent: "login" });
  const result = await callRoute(action, request);
  const cookie = cookieHeaderFrom(result.headers);
  if (result.status < 300 || result.status >= 400 || !cookie) {
    throw new Error(
      `loginAs(${email}) failed: expected a redirect with Set-Cookie, got status ${result.status}: ${JSON.stringify(result.data)}`,
    );
  }
  return cookie;
}
