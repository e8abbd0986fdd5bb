// Hostile and careless input to every page action, found from the route tree
// (issue 18), through the production build as a browser without JavaScript
// sends it (tests/support/render.ts: the server's request gate, then Remix).
// A new route with an action is covered without a line here.
//
// For each route with an action: the first of administrator, data staff,
// customer T2 and visitor who may open its page is the actor; the page's own
// POST forms (inputs, selects, text areas and named submit buttons, as
// rendered) give the fields; each form is sent with hostile values (wrong
// content types, a cut multipart body, huge and negative numbers, malformed
// id ranges, odd file names, a 2 MB string, invalid UTF-8), in zh-CN and en-US.
// Properties of every answer: never a 5xx; no stack trace, SQL or database
// error text, raw translation key or {{placeholder}} in what the user reads;
// a refused request (an error status, or back with an error or warning)
// changes no row of any table. Prints the number of requests sent.
// tests/security/fuzz-actions.test.ts goes deeper into each action with
// bodies drawn from its zod schema; tests/api/fuzz.test.ts does the API.
import { flushBackground } from "~/domain/rates/background.server";
import { send, visibleText, type Rendered } from "../support/render";
import { TEST_ORIGIN } from "../support/requests";
import { API_DISPATCHERS, importRoute, routeManifest, type ManifestRoute } from "../support/routes";
import { changeMark, stopTracking, trackChanges, writesSince } from "../support/changes";
import { textProblems } from "../support/response-checks";
import { ACTORS, concreteUrl, dedupe, openPage, postForms, type FormSpec } from "../support/pages";
import { cookieOf, type ViewerKey } from "./helpers";
let sent = 0;

beforeAll(async () => {
  await trackChanges();
  for (const viewer of ACTORS) await cookieOf(viewer);
});

afterAll(async () => {
  await flushBackground();
  await stopTracking();
  process.stdout.write(
    `[fuzz-routes] ${sent} requests sent to ${targets.length} page actions (${targets.reduce((n, t) => n + t.forms.length, 0)} forms)\n`,
  );
  // FUZZ_DEBUG=1 lists what was found.
  if (process.env.FUZZ_DEBUG)
    for (const t of targets)
      process.stdout.write(
        `  ${t.route.id} ${t.url} as ${t.viewer}: ${t.forms.map((f) => `${f.action} [${f.fields.map(([n]) => n).join(",")}|${f.buttons.map(([n, v]) => `${n}=${v}`).join(",")}|${f.files.join(",")}]`).join("; ")}\n`,
      );
});

// ---------------------------------------------------------------------------
// Hostile bodies.

const TWO_MB = "x".repeat(2 * 1024 * 1024);
type Body = { label: string; type: string; bytes: Uint8Array };

const enc = new TextEncoder();
const urlencoded = (pairs: [string, string][]) => enc.encode(new URLSearchParams(pairs).toString());

/** The form's fields with every non-intent value replaced (submit buttons and hidden intents kept). */
function mutate(form: FormSpec, value: string, button: [string, string] | null): [string, string][] {
  const keep = (name: string) => name === "intent" || name === "lng";
  const pairs: [string, string][] = form.fields.map(([name, original]) => [name, keep(name) ? original : value]);
  if (button) pairs.push(button);
  return pairs;
}

function multipartBody(
  parts: { name: string; value?: string; file?: { name: string; bytes: Uint8Array } }[],
  boundary = "fuzzBoundary7MA4YWxk",
): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const head = part.file
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.name.replace(/"/g, "%22")}"\r\nContent-Type: application/octet-stream\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(enc.encode(head), part.file ? part.file.bytes : enc.encode(part.value ?? ""), enc.encode("\r\n"));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const MULTIPART = "multipart/form-data; boundary=fuzzBoundary7MA4YWxk";
const FORM = "application/x-www-form-urlencoded";
const ODD_NAMES = ['PO=123;a"b c=d.xls', "../../报价 单 😀\u202e.png"];

/** Hostile values, one per field in turn: negative, huge, overflowing, malformed ranges, wildcards, markup, text where numbers go. */
const HOSTILE = [
  "-1",
  "99999999999999999999",
  "1e309",
  "-5,-1",
  "%_",
  "0x1F",
  "１２３",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "2026-02-30",
  "NaN",
  "",
];

/** The form's own bodies: as rendered, with hostile values, a 2 MB string, invalid UTF-8, odd file names. */
function formBodies(form: FormSpec): Body[] {
  const button = form.buttons[0] ?? null;
  const rendered = [...form.fields, ...(button ? [button] : [])];
  const hostile = (offset: number): [string, string][] =>
    rendered.map(([name, value], i) => [
      name,
      name === "intent" || (button && name === button[0]) ? value : HOSTILE[(i + offset) % HOSTILE.length],
    ]);
  const bodies: Body[] = [
    // The page's own values first (an accepted request may change rows).
    form.multipart
      ? { label: "as rendered", type: MULTIPART, bytes: multipartBody(rendered.map(([name, value]) => ({ name, value }))) }
      : { label: "as rendered", type: FORM, bytes: urlencoded(rendered) },
    { label: "hostile values", type: FORM, bytes: urlencoded(hostile(0)) },
    { label: "hostile values, shifted", type: FORM, bytes: urlencoded(hostile(5)) },
    // Every field cleared but the record's id: required columns left empty.
    {
      label: "cleared",
      type: FORM,
      bytes: urlencoded(
        rendered.map(([name, value]) => [name, name === "intent" || name === "id" || (button && name === button[0]) ? value : ""]),
      ),
    },
    {
      label: "a 2 MB string",
      type: FORM,
      bytes: urlencoded(rendered.map(([name, value], i) => [name, i === rendered.findIndex(([n]) => n !== "intent") ? TWO_MB : value])),
    },
    {
      label: "invalid UTF-8",
      type: FORM,
      bytes: Buffer.concat([
        urlencoded(mutate(form, "x", button)),
        Buffer.from([0x26, 0x61, 0x3d, 0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
      ]),
    },
  ];
  // A record's form (it carries the id): one field at a time, the others as rendered, so the
  // value reaches the database if the form takes it: text cleared, numbers negative or too large.
  if (form.fields.some(([name]) => name === "id")) {
    rendered.forEach(([name, value], i) => {
      if (name === "intent" || name === "id" || (button && name === button[0])) return;
      const values = /^-?\d+(\.\d+)?$/.test(value) ? ["-1", "99999999999.999"] : [""];
      for (const changed of values) {
        bodies.push({
          label: `${name}=${JSON.stringify(changed)}`,
          type: FORM,
          bytes: urlencoded(rendered.map(([n, v], j) => [n, j === i ? changed : v])),
        });
      }
    });
  }
  if (form.multipart || form.files.length) {
    for (const name of ODD_NAMES) {
      bodies.push({
        label: `odd file name ${JSON.stringify(name)}`,
        type: MULTIPART,
        bytes: multipartBody([
          ...rendered.map(([n, value]) => ({ name: n, value })),
          ...form.files.map((field) => ({ name: field, file: { name, bytes: enc.encode("%PDF-1.4\n%%EOF\n") } })),
        ]),
      });
    }
  }
  return bodies;
}

/** Bodies that are not the form at all: the same for every action. */
function strayBodies(): Body[] {
  const fields: [string, string][] = [
    ["intent", "delete"],
    ["id", "1"],
  ];
  return [
    { label: "JSON", type: "application/json", bytes: enc.encode(JSON.stringify(Object.fromEntries(fields))) },
    { label: "text/plain", type: "text/plain", bytes: enc.encode("intent=delete\r\nid=1") },
    { label: "multipart without a boundary", type: "multipart/form-data", bytes: urlencoded(fields) },
    { label: "cut multipart", type: MULTIPART, bytes: multipartBody(fields.map(([name, value]) => ({ name, value }))).slice(0, -30) },
    {
      label: "odd file names without a form",
      type: MULTIPART,
      bytes: multipartBody(
        ["file", "attachment", "avatar", "image", "wxCode"].map((field) => ({
          name: field,
          file: { name: ODD_NAMES[0], bytes: enc.encode("x") },
        })),
      ),
    },
  ];
}

// ---------------------------------------------------------------------------
// The targets: every route with an action.

type Target = { route: ManifestRoute; url: string; viewer: ViewerKey; cookie: string; forms: FormSpec[] };
const targets: Target[] = [];

beforeAll(async () => {
  const routes = routeManifest().filter((r) => !API_DISPATCHERS.has(r.id));
  for (const route of routes) {
    const mod = await importRoute<{ action?: unknown }>(route);
    if (typeof mod.action !== "function") continue;
    const url = await concreteUrl(route.url);
    const page = await openPage(url);
    sent += page?.requests ?? 0;
    // Resource routes (an action without a page: /set-language, /logout, exports) are posted to as the administrator.
    if (!page) targets.push({ route, url, viewer: "admin", cookie: await cookieOf("admin"), forms: [] });
    else
      targets.push({
        route,
        url,
        viewer: page.viewer,
        cookie: page.cookie,
        forms: dedupe([page.html, ...page.dialogs.map((d) => d.html)].flatMap((html) => postForms(html, url))),
      });
  }
}, 300_000);

/** A redirect back with an error or warning message: the request was refused. */
async function refusedFlash(response: Rendered): Promise<boolean> {
  const line = response.headers.getSetCookie().find((l) => /^(__Host-)?session=/.test(l));
  if (!line) return false;
  const { sessionStorage } = await import("~/http/cookies.server");
  const session = await sessionStorage().getSession(line.split(";")[0]);
  const message = session.get("message") as { type: string; key: string } | undefined;
  return message?.type === "error" || message?.type === "warning";
}

async function check(target: Target, path: string, body: Body, lng: "zh-CN" | "en-US"): Promise<void> {
  const url = new URL(path, TEST_ORIGIN);
  url.searchParams.set("lng", lng);
  const headers = new Headers({ "Content-Type": body.type, "Content-Length": String(body.bytes.byteLength) });
  if (target.cookie) headers.set("Cookie", target.cookie);
  const mark = await changeMark();
  const response = await send(new Request(url, { method: "POST", headers, body: body.bytes as BodyInit }));
  sent++;
  const where = `${target.route.id} as ${target.viewer}, POST ${url.pathname}${url.search} with ${body.label}: ${response.status}`;
  expect(response.status, where).toBeLessThan(500);
  const type = response.headers.get("Content-Type") ?? "";
  const text = type.includes("html")
    ? visibleText(response.html)
    : type.includes("json") || type.startsWith("text/plain")
      ? response.html
      : "";
  expect(textProblems(text), where).toEqual([]);
  const refused = response.status >= 400 || (response.status >= 300 && response.status < 400 && (await refusedFlash(response)));
  if (refused) expect(await writesSince(mark), where).toEqual([]);
}

describe("every page action, from the route tree", () => {
  test("the route tree's actions are all targets", () => {
    expect(targets.length).toBeGreaterThanOrEqual(26);
    // Pages with forms found their forms (a page action nobody can reach by a form would be odd).
    const withForms = targets.filter((t) => t.forms.length > 0).map((t) => t.route.id);
    expect(withForms.length).toBeGreaterThanOrEqual(15);
  });

  test("hostile bodies in both languages: no 5xx, nothing leaked or untranslated, a refusal writes nothing", async () => {
    let n = 0;
    const lng = () => (n++ % 2 === 0 ? "zh-CN" : "en-US");
    for (const target of targets) {
      for (const body of strayBodies()) await check(target, target.url, body, lng());
      for (const form of target.forms) {
        const bodies = formBodies(form);
        for (const body of bodies) await check(target, form.action, body, lng());
        // The JavaScript path (single fetch) once per form.
        const data = new URL(form.action, TEST_ORIGIN);
        data.pathname = `${data.pathname === "/" ? "/_root" : data.pathname}.data`;
        await check(target, data.pathname + data.search, bodies[1], lng());
      }
    }
  }, 600_000);
});
