// Hostile and careless input to every call of the legacy API, found from the
// registry (app/api/registry.server.ts) that also drives the OpenAPI
// description, so a new call is covered without a line here (issue 18).
//   1. Every call, GET included, gets a fixed set of hostile requests: wrong
//      content types, a cut multipart body, huge and negative numbers and
//      malformed id ranges in its fields and path, odd file names, a 2 MB
//      string, invalid UTF-8; in zh-CN and en-US.
//   2. Every writing call gets bodies drawn at random (fast-check, fixed seed)
//      from its own field names plus stray fields, as form or JSON.
// Properties of every answer: never a 5xx; always the envelope; its message,
// field errors and problems carry no stack trace, SQL or database error
// text, raw translation key or {{placeholder}}; a refused call (status not 0)
// changes no row of any table. Prints the number of requests sent.
import fc from "fast-check";
import { apiEndpoints } from "~/api/registry.server";
import type { Endpoint } from "~/api/contract/core.server";
import { loader as apiLoader, action as apiAction } from "~/api/route.server";
import { whoMayCall } from "~/api/dispatch.server";
import { flushBackground } from "~/domain/rates/background.server";
import { changeMark, stopTracking, trackChanges, writesSince } from "../support/changes";
import { jsonText, textProblems } from "../support/response-checks";
import { api, ORIGIN, tokenOf, type ApiResult } from "./helpers";

let sent = 0;

beforeAll(async () => {
  await trackChanges();
});

afterEach(async () => {
  await flushBackground();
});

afterAll(async () => {
  await stopTracking();
  process.stdout.write(`[fuzz-api] ${sent} requests sent to ${apiEndpoints.length} API calls\n`);
});

/** A caller who may make the call: the administrator for staff calls, customer t1 for the rest. */
const callerToken = (endpoint: Endpoint) => tokenOf(whoMayCall(endpoint) === "staff" ? "admin@example.com" : "t1@example.com");

/** The hostile set sends public calls without a token. */
async function tokenFor(endpoint: Endpoint): Promise<string | null> {
  return endpoint.access.kind === "public" ? null : callerToken(endpoint);
}

/** What the caller reads of an answer: the message, field errors and problems (not the records). */
const readable = (body: ApiResult["body"]) => jsonText([body.message, body.data?.fieldErrors, body.data?.problems]);

async function expectSane(where: string, result: ApiResult, mark: number) {
  sent++;
  expect(result.http, where).toBeLessThan(500);
  expect(typeof result.body.status, where).toBe("number");
  expect(typeof result.body.message, where).toBe("string");
  expect(textProblems(readable(result.body)), where).toEqual([]);
  if (result.body.status !== 0) {
    await flushBackground();
    expect(await writesSince(mark), `${where}: refused (${result.body.status} ${result.body.message}) but wrote`).toEqual([]);
  }
}

// ---------------------------------------------------------------------------
// 1. A fixed set of hostile requests for every call.

type Raw = { label: string; type?: string; bytes?: Uint8Array; query?: Record<string, string>; path?: string };

const enc = new TextEncoder();
const TWO_MB = "x".repeat(2 * 1024 * 1024);
const BOUNDARY = "fuzzBoundaryQ2h8";
const HOSTILE = ["-1", "99999999999999999999", "1e309", "-5,-1", "%_", "１２３", "NaN", "", "2026-02-30", "' OR 1=1 --"];
const ODD_NAME = 'PO=123;a"b c=d 报价 😀.xls';
const PATHS = ["-5,-1", "1e3", "0", "99999999999", "abc", "%E0%A4%A", "１", "5,", "1,2,3"];

function multipart(parts: { name: string; value?: string; filename?: string }[]): Uint8Array {
  const chunks = parts.map((part) =>
    part.filename !== undefined
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename.replace(/"/g, "%22")}"\r\nContent-Type: application/octet-stream\r\n\r\n%PDF-1.4\n%%EOF\n\r\n`
      : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ""}\r\n`,
  );
  return enc.encode(`${chunks.join("")}--${BOUNDARY}--\r\n`);
}

function hostileRequests(endpoint: Endpoint): Raw[] {
  const names = (endpoint.fields ?? []).map((f) => f.name).filter((n) => !/\s/.test(n));
  const fields = names.length ? names : ["id", "query"];
  const files = (endpoint.fields ?? []).filter((f) => f.type === "file").map((f) => f.name);
  const hostile = (offset: number) => Object.fromEntries(fields.map((name, i) => [name, HOSTILE[(i + offset) % HOSTILE.length]]));
  const path = (value: string) => endpoint.path.replace("{id}", encodeURIComponent(value)).replace("{range}", encodeURIComponent(value));
  const hasParams = endpoint.path.includes("{");
  if (endpoint.method === "GET") {
    return [
      { label: "hostile query", query: hostile(0) },
      { label: "hostile query, shifted", query: hostile(4) },
      { label: "invalid UTF-8 in the query", path: `${hasParams ? path("1") : endpoint.path}?${fields[0]}=%FF%FE%C3%28&query=%ED%A0%80` },
      ...(hasParams ? PATHS.map((value) => ({ label: `path ${JSON.stringify(value)}`, path: path(value) })) : []),
    ];
  }
  const target = hasParams ? path("-5,-1") : endpoint.path;
  const raws: Raw[] = [
    {
      label: "hostile form",
      path: target,
      type: "application/x-www-form-urlencoded",
      bytes: enc.encode(new URLSearchParams(hostile(0)).toString()),
    },
    {
      label: "hostile JSON numbers",
      path: target,
      type: "application/json",
      bytes: enc.encode(
        `{${fields.map((name, i) => `${JSON.stringify(name)}: ${["-1", "99999999999999999999", "1e309", "-0.0000001", "1.7976931348623157e309"][i % 5]}`).join(", ")}}`,
      ),
    },
    { label: "JSON of the wrong shape", path: target, type: "application/json", bytes: enc.encode(`[${JSON.stringify(hostile(3))}]`) },
    { label: "text/plain", path: target, type: "text/plain", bytes: enc.encode("id=1\r\nquery=x") },
    { label: "XML", path: target, type: "application/xml", bytes: enc.encode("<a><id>1</id></a>") },
    { label: "multipart without a boundary", path: target, type: "multipart/form-data", bytes: enc.encode("id=1") },
    {
      label: "cut multipart",
      path: target,
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      bytes: multipart(fields.map((name) => ({ name, value: "1" }))).slice(0, -20),
    },
    {
      label: "odd file names",
      path: target,
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      bytes: multipart([
        ...fields.map((name) => ({ name, value: "1" })),
        ...(files.length ? files : ["file"]).map((name) => ({ name, filename: ODD_NAME })),
      ]),
    },
    {
      label: "a 2 MB string",
      path: target,
      type: "application/x-www-form-urlencoded",
      bytes: enc.encode(new URLSearchParams({ ...hostile(1), [fields[0]]: TWO_MB }).toString()),
    },
    {
      label: "invalid UTF-8",
      path: target,
      type: "application/x-www-form-urlencoded",
      bytes: Buffer.concat([enc.encode(`${fields[0]}=`), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80])]),
    },
  ];
  if (hasParams)
    for (const value of PATHS)
      raws.push({
        label: `path ${JSON.stringify(value)}`,
        path: path(value),
        type: "application/x-www-form-urlencoded",
        bytes: enc.encode(""),
      });
  return raws;
}

async function send(endpoint: Endpoint, raw: Raw, token: string | null, lng: string): Promise<ApiResult> {
  const url = new URL(raw.path ?? endpoint.path, ORIGIN);
  for (const [key, value] of Object.entries(raw.query ?? {})) url.searchParams.set(key, value);
  if (lng !== "zh-CN") url.searchParams.set("lng", lng);
  const headers = new Headers();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (raw.type) headers.set("Content-Type", raw.type);
  const request = new Request(url, {
    method: endpoint.method,
    headers,
    body: raw.bytes && endpoint.method !== "GET" ? (raw.bytes as BodyInit) : undefined,
  });
  const args = { request, params: {}, context: {} };
  const response = endpoint.method === "GET" ? await apiLoader(args) : await apiAction(args);
  const text = await response.text();
  let body: ApiResult["body"];
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${endpoint.method} ${url.pathname}: not the envelope: ${response.status} ${text.slice(0, 200)}`);
  }
  return { http: response.status, body, headers: response.headers };
}

describe("every API call, from the registry: a fixed set of hostile requests", () => {
  test("covers every call", () => {
    expect(apiEndpoints.length).toBeGreaterThan(200);
  });

  test.each(apiEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))("%s", async (_name, endpoint) => {
    const token = await tokenFor(endpoint);
    for (const [i, raw] of hostileRequests(endpoint).entries()) {
      const lng = i % 2 === 0 ? "zh-CN" : "en-US";
      const mark = await changeMark();
      await expectSane(
        `${endpoint.method} ${raw.path ?? endpoint.path} ${raw.label} (${lng})`,
        await send(endpoint, raw, token, lng),
        mark,
      );
    }
  });
});

// ---------------------------------------------------------------------------
// 2. Random bodies for every writing call.

const edgeString = fc.oneof(
  fc.constant(""),
  fc.constant(" "),
  fc.constant("0"),
  fc.constant("-1"),
  fc.constant("2147483648"),
  fc.constant("1e309"),
  fc.constant("NaN"),
  fc.constant("null"),
  fc.constant("[]"),
  fc.constant("{}"),
  fc.constant('{"a":'),
  fc.constant("2026-02-30"),
  fc.constant("../../etc/passwd"),
  fc.constant("<script>alert(1)</script>"),
  fc.constant("' OR 1=1 --"),
  fc.constant("\u0000"),
  fc.constant("海运整箱"),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constant("x".repeat(3000)),
);

function bodyArbitrary(endpoint: Endpoint) {
  // The documented fields and the body record's wire names (the same list the OpenAPI description shows).
  const names = [
    ...new Set([
      ...(endpoint.fields ?? []).map((f) => f.name),
      ...(endpoint.input?.fields ?? []).filter((f) => !f.readOnly).map((f) => f.wire),
    ]),
  ].filter((n) => !/\s/.test(n));
  const known = names.length
    ? fc.dictionary(fc.constantFrom(...names), fc.oneof(edgeString, fc.array(edgeString, { maxLength: 3 })), { maxKeys: names.length })
    : fc.constant({});
  const stray = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), edgeString, { maxKeys: 3 });
  return fc.tuple(known, stray).map(([a, b]) => ({ ...b, ...a }));
}

const pathParam = fc.oneof(
  fc.constant("0"),
  fc.constant("-5"),
  fc.constant("abc"),
  fc.constant("1,2"),
  fc.constant("%E0%A4%A"),
  fc.constant("99999999999"),
  fc.nat().map(String),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);

const writers = apiEndpoints.filter((e) => e.method !== "GET");

describe.each(writers.map((e) => [`${e.method} ${e.path}`, e] as const))("%s: random bodies", (_name, endpoint) => {
  test("never a 5xx; a refusal writes nothing", async () => {
    const token = await callerToken(endpoint);
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(endpoint), pathParam, pathParam, fc.boolean(), fc.boolean(), async (body, p1, p2, asJson, english) => {
        const path = endpoint.path.replace("{id}", p1).replace("{range}", `${p1},${p2}`);
        const mark = await changeMark();
        const result = await api(endpoint.method, path, {
          token,
          body: endpoint.method === "DELETE" ? undefined : (body as Record<string, string>),
          json: asJson,
          query: english ? { lng: "en-US" } : {},
        });
        await expectSane(`${endpoint.method} ${path} ${JSON.stringify(body).slice(0, 300)}`, result, mark);
      }),
      { numRuns: 6, seed: 20261122 },
    );
  });
});
