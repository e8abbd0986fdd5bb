// Calling the legacy JSON API in tests: requests go through the splat
// resource route modules (as Remix would dispatch them), tokens come from
// POST /api/login like any script's.
import { loader as apiLoader, action as apiAction } from "~/api/route.server";
import { fileOf } from "../support/requests";

export const ORIGIN = "http://localhost:3000";

export type ApiResult = {
  http: number;
  body: { status: number; message: string; data: any; total?: number; [key: string]: unknown };
  headers: Headers;
};

type Body = Record<string, string | number | Array<string | number> | Blob | undefined> | string | FormData;

export async function api(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options: {
    token?: string | null;
    query?: Record<string, string | number>;
    body?: Body;
    json?: boolean;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResult> {
  const url = new URL(path, ORIGIN);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === "string") {
      body = options.body;
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/x-www-form-urlencoded");
    } else if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.json) {
      body = JSON.stringify(options.body);
      headers.set("Content-Type", "application/json");
    } else if (Object.values(options.body).some((v) => v instanceof Blob)) {
      const form = new FormData();
      for (const [key, value] of Object.entries(options.body)) {
        if (value === undefined) continue;
        if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : "blob");
        else for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
      }
      body = form;
    } else {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(options.body)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
      }
      body = params.toString();
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    }
  }
  const request = new Request(url, { method, headers, body });
  const args = { request, params: {}, context: {} };
  const response = method === "GET" ? await apiLoader(args) : await apiAction(args);
  return { http: response.status, body: await response.json(), headers: response.headers };
}

const tokens = new Map<string, string>();

/** A token of a demo user (cached per test file). */
export async function tokenOf(email: string, password = "Demo1234"): Promise<string> {
  if (!tokens.has(email)) {
    const result = await api("POST", "/api/login", { body: { email, password } });
    if (result.body.status !== 0) throw new Error(`login ${email} failed: ${JSON.stringify(result.body)}`);
    tokens.set(email, result.body.data.token);
  }
  return tokens.get(email)!;
}

export const pdf = () => fileOf("%PDF-1.4\n% order\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "order.pdf", "application/pdf");
