// Bad input (issue 10, item 4): property-based fuzzing of every page action,
// as a viewer who may act, with inputs drawn from the same zod schemas the
// actions validate with (valid-looking values) mixed with hostile ones
// (empty, huge, unicode, NUL, lone surrogates, out-of-range numbers, repeated
// fields, broken bodies). Properties, for every input:
//   1. no response is a 500 and nothing but a Response is thrown;
//   2. a refused or invalid submission changes nothing: row triggers record
//      every INSERT/UPDATE/DELETE, and none may appear (sessions and rate
//      limit counters excepted);
//   3. a redirect never leaves the site (Location stays same-origin);
//   4. a stored booking has its e-mails (nothing half-written).
// The page loaders get the same treatment for their query strings (no 500).
// Fixed seeds: the runs are the same every time.
import fc from "fast-check";
import { z } from "zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  registerSchema,
  loginSchema,
  sendCodeSchema,
  resetPasswordSchema,
  profileSchema,
  changePasswordSchema,
} from "~/domain/accounts/schemas";
import { contactSchema, orderSchema } from "~/domain/booking/schemas";
import { dataAreas, type DataArea } from "~/domain/data-areas";
import { editFormSchema } from "~/domain/data-areas/schema";
import { editColumns } from "~/domain/data-areas/types";
import { offerFormFields, RAIL_CURRENCIES } from "~/domain/offers/cards";
import {
  addUserSchema,
  auditSchema,
  decisionSchema,
  editUserSchema,
  handoverSchema,
  stateSchema,
  viewSchema,
} from "~/domain/users/schemas";
import { roleSchema } from "~/domain/roles/schemas";
import { menuSchema } from "~/domain/menus/schemas";
import { homeCategorySchema, homeItemSchema } from "~/domain/home-content/schemas";
import { offerSchema } from "~/domain/offers/schemas";
import { MODES } from "~/domain/modes";
import { flushBackground } from "~/domain/rates/background.server";
import { prisma } from "~/utils/db.server";
import { ALWAYS_WRITTEN, changeMark, changesSince, stopTracking, trackChanges } from "../support/changes";
import { callRoute, getRequest, postForm, TEST_ORIGIN } from "../support/requests";
import { importRouteNamed } from "../support/routes";
import { bookableRate } from "../booking/helpers";
import { PNG_BYTES } from "../admin/helpers";
import { sheetBytes } from "../data/helpers";
import { cookieOf, type RouteFn, type ViewerKey } from "./helpers";

// FUZZ_SEED and FUZZ_RUNS explore further; the defaults keep CI deterministic and under a minute.
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

// Change tracking (tests/support/changes.ts): one row per changed row of any table.

beforeAll(async () => {
  await trackChanges();
});

let sent = 0;

afterAll(async () => {
  await flushBackground();
  await stopTracking();
  process.stdout.write(`[fuzz-actions] ${sent} requests sent\n`);
});

// ---------------------------------------------------------------------------
// Arbitraries: hostile strings, and values drawn from zod schemas.

const HUGE = "界".repeat(20_000);
const EDGE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\u202eevil",
  "😀".repeat(40),
  "𠮷野家",
  "x".repeat(5_000),
  HUGE,
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%00",
  "../../etc/passwd",
  "-1",
  "0",
  "1e309",
  "NaN",
  "Infinity",
  "99999999999999999999",
  "2147483648",
  "-2147483649",
  "0x10",
  "1.005",
  "１２３",
  "null",
  "[object Object]",
  "//evil.example",
  "/\t/evil.example",
  "/\\evil.example",
  "https://evil.example/",
];

const edge = fc.constantFrom(...EDGE_STRINGS);
const anyText = fc.oneof(
  { weight: 3, arbitrary: edge },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);

type FieldValue = string | string[] | File | undefined;
type Fields = Record<string, FieldValue>;

type ZodDef = { typeName: string; [key: string]: unknown };
const defOf = (schema: z.ZodTypeAny) => schema._def as ZodDef;

/** Plausible values for a zod schema (valid ones often), as form strings. */
function valid(schema: z.ZodTypeAny): fc.Arbitrary<FieldValue> {
  const def = defOf(schema);
  switch (def.typeName) {
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
      return valid(def.innerType as z.ZodTypeAny);
    case "ZodEffects":
      return valid(def.schema as z.ZodTypeAny);
    case "ZodPipeline":
      return fc.oneof(valid(def.in as z.ZodTypeAny), valid(def.out as z.ZodTypeAny));
    case "ZodString": {
      const checks = (def.checks as { kind: string; value?: number; regex?: RegExp }[]) ?? [];
      const regex = checks.find((c) => c.kind === "regex")?.regex;
      if (regex) return fc.stringMatching(regex);
      if (checks.some((c) => c.kind === "email")) return fc.emailAddress();
      const min = checks.find((c) => c.kind === "min")?.value ?? 0;
      const max = checks.find((c) => c.kind === "max")?.value ?? 60;
      return fc.string({ unit: "grapheme", minLength: min, maxLength: Math.min(max, 200) });
    }
    case "ZodNumber": {
      const checks = (def.checks as { kind: string; value?: number }[]) ?? [];
      const min = Math.max(checks.find((c) => c.kind === "min")?.value ?? -1_000, -1_000_000);
      const max = Math.min(checks.find((c) => c.kind === "max")?.value ?? 1_000_000, 1_000_000);
      // Mostly small (ids, levels, counts that exist), sometimes anywhere in range.
      return fc
        .oneof(fc.integer({ min: Math.max(min, 0), max: Math.max(Math.min(max, 30), Math.max(min, 0)) }), fc.integer({ min, max }))
        .map(String);
    }
    case "ZodEnum":
      return fc.constantFrom(...(def.values as string[]));
    case "ZodLiteral":
      return fc.constant(String(def.value));
    case "ZodBoolean":
      return fc.constantFrom("on", "true", "false");
    case "ZodArray":
      return fc
        .array(valid(def.type as z.ZodTypeAny), { maxLength: 4 })
        .map((items) => items.filter((i): i is string => typeof i === "string"));
    default:
      return anyText;
  }
}

/** One field: usually from its schema, sometimes hostile, sometimes repeated. */
function field(schema: z.ZodTypeAny): fc.Arbitrary<FieldValue> {
  return fc.oneof(
    { weight: 6, arbitrary: valid(schema) },
    { weight: 3, arbitrary: anyText },
    { weight: 1, arbitrary: fc.array(anyText, { minLength: 2, maxLength: 3 }) },
  );
}

function objectShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> {
  const def = defOf(schema);
  if (def.typeName === "ZodObject") return (schema as z.ZodObject<z.ZodRawShape>).shape;
  if (def.typeName === "ZodEffects") return objectShape(def.schema as z.ZodTypeAny);
  throw new Error(`not an object schema: ${def.typeName}`);
}

/**
 * A form for an object schema: often every field plausible (so the domain
 * code behind the validation runs too), otherwise fields hostile or missing.
 * `hints` overrides the plausible value of fields whose rule is a refinement
 * zod cannot show (money patterns, dates).
 */
function formFor(
  schema: z.ZodTypeAny,
  fixed: Record<string, fc.Arbitrary<FieldValue>> = {},
  hints: Record<string, fc.Arbitrary<FieldValue>> = {},
): fc.Arbitrary<Fields> {
  const shape = objectShape(schema);
  const plausible: Record<string, fc.Arbitrary<FieldValue>> = {};
  const mixed: Record<string, fc.Arbitrary<FieldValue>> = {};
  for (const [name, fieldSchema] of Object.entries(shape)) {
    const good = hints[name] ?? valid(fieldSchema);
    plausible[name] = good;
    mixed[name] = fc.oneof(
      { weight: 6, arbitrary: good },
      { weight: 3, arbitrary: anyText },
      { weight: 1, arbitrary: fc.array(anyText, { minLength: 2, maxLength: 3 }) },
    );
  }
  Object.assign(plausible, fixed);
  Object.assign(mixed, fixed);
  return fc.oneof(
    fc.record(plausible, { requiredKeys: Object.keys(fixed) }),
    fc.record(mixed, { requiredKeys: Object.keys(fixed) }),
  ) as fc.Arbitrary<Fields>;
}

/** Plausible values of a data area's edit form, from its column descriptions (the schema's source). */
function areaHints(area: DataArea): Record<string, fc.Arbitrary<FieldValue>> {
  const hints: Record<string, fc.Arbitrary<FieldValue>> = {};
  for (const column of editColumns(area)) {
    if (column.kind === "decimal") {
      const top = Math.min(column.max ?? 99_999, 99_999);
      hints[column.field] = fc.oneof(fc.integer({ min: 0, max: Math.floor(top) }).map(String), oneOf("0.5", "12.25", "-1", "1.234"));
    } else if (column.kind === "date") hints[column.field] = oneOf("2026-12-01", "2027-01-31", "2026/12/01", "2026-02-30", "");
    else if (column.kind === "bool") hints[column.field] = oneOf("on", "true");
  }
  return hints;
}

/** Plausible values of a special-offer card form, from the card field kinds (the schema's source). */
function offerHints(mode: (typeof MODES)[number]): Record<string, fc.Arbitrary<FieldValue>> {
  const hints: Record<string, fc.Arbitrary<FieldValue>> = {};
  for (const f of offerFormFields(mode)) {
    if (f.kind === "money") hints[f.name] = fc.integer({ min: 1, max: 99_999 }).map(String);
    else if (f.kind === "percent") hints[f.name] = oneOf("12.5", "100", "0", "101");
    else if (f.kind === "factor") hints[f.name] = oneOf("0.85", "1", "1.2");
    else if (f.kind === "weight") hints[f.name] = oneOf("12.5", "299", "300");
    else if (f.kind === "currency") hints[f.name] = oneOf(...RAIL_CURRENCIES, "JPY");
    else if (f.kind === "datetime") {
      hints[f.name] = oneOf("2026-12-01", "2027-06-30", "2026-02-30");
      hints[`${f.name}Time`] = oneOf("", "08:30", "23:59:59", "24:00");
    } else hints[f.name] = fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 });
  }
  return hints;
}

const constant = (value: string) => fc.constant(value) as fc.Arbitrary<FieldValue>;
const oneOf = (...values: string[]) => fc.constantFrom(...values) as fc.Arbitrary<FieldValue>;
/** Ids: junk, missing rows, and the given real ones. */
const ids = (...real: (number | string)[]) =>
  fc.oneof(
    oneOf(...real.map(String)),
    oneOf("", "0", "-1", "abc", "1.5", "999999", "2147483648", "99999999999999999999", "１"),
  ) as fc.Arbitrary<FieldValue>;

const BIG_FILE = new Uint8Array(5 * 1024 * 1024 + 1);
/** A file part: images, PDFs, spreadsheets-looking bytes, empty, too big, hostile names. */
const file = fc
  .record({
    bytes: fc.oneof(
      fc.constant(PNG_BYTES),
      fc.constant(new TextEncoder().encode("%PDF-1.4\n%%EOF\n")),
      fc.uint8Array({ maxLength: 300 }),
      fc.constant(new Uint8Array(0)),
      fc.constant(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])),
      { weight: 1, arbitrary: fc.constant(BIG_FILE) },
    ),
    name: fc.oneof(
      oneOf("a.png", "order.pdf", "rates.xlsx", "x.exe", "", "../../x.pdf", "名字.pdf", "a\u0000.pdf", "x".repeat(300) + ".png"),
      fc.string({ maxLength: 20 }),
    ),
    type: fc.constantFrom("image/png", "application/pdf", "application/octet-stream", "", "text/html"),
  })
  .map(({ bytes, name, type }) => new File([bytes as BlobPart], name as string, { type })) as fc.Arbitrary<FieldValue>;

// ---------------------------------------------------------------------------
// Requests and the properties.

type Body = { kind: "form"; fields: Fields } | { kind: "multipart"; fields: Fields } | { kind: "raw"; type: string; bytes: Uint8Array };

function request(url: string, body: Body, cookie: string): Request {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  const target = new URL(url, TEST_ORIGIN);
  if (body.kind === "raw") {
    headers.set("Content-Type", body.type);
    return new Request(target, { method: "POST", headers, body: body.bytes as BodyInit });
  }
  if (body.kind === "form") {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(body.fields)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
    }
    headers.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
    return new Request(target, { method: "POST", headers, body: params.toString() });
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(body.fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof File) form.append(key, item, item.name);
      else form.append(key, String(item));
    }
  }
  return new Request(target, { method: "POST", headers, body: form });
}

/** Bodies that are not a form at all. */
const brokenBody: fc.Arbitrary<Body> = fc.oneof(
  fc.record({
    kind: fc.constant("raw" as const),
    type: fc.constantFrom(
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=xyz",
      "multipart/form-data",
      "application/json",
      "text/plain",
    ),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 400 }),
      fc
        .constantFrom(
          "%E0%A4%A=1&%%%=2",
          '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave',
          '--xyz\r\nContent-Disposition: form-data; name="a"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG--xyz--',
          '{"intent":"save"}',
          "intent=save&id=1&id=2&id=" + "9".repeat(1000),
        )
        .map((s) => new TextEncoder().encode(s)),
    ),
  }),
);

type Target = {
  name: string;
  viewer: ViewerKey;
  route: () => Promise<{ action?: unknown }>;
  url: string;
  params?: Record<string, string>;
  body: fc.Arbitrary<Body>;
  runs?: number;
};

const form = (fields: fc.Arbitrary<Fields>): fc.Arbitrary<Body> => fields.map((f) => ({ kind: "form" as const, fields: f }));
const multipart = (fields: fc.Arbitrary<Fields>): fc.Arbitrary<Body> => fields.map((f) => ({ kind: "multipart" as const, fields: f }));
const withIntent = (intent: string, schema: z.ZodTypeAny, extra: Record<string, fc.Arbitrary<FieldValue>> = {}) =>
  formFor(schema, { intent: constant(intent), ...extra });

/** The flash message a redirect carries. */
async function flashOf(headers: Headers): Promise<{ type: string; key: string } | null> {
  const { sessionStorage } = await import("~/http/cookies.server");
  const line = headers.getSetCookie().find((l) => /^(__Host-)?session=/.test(l));
  if (!line) return null;
  const session = await sessionStorage().getSession(line.split(";")[0]);
  return (session.get("message") as { type: string; key: string } | undefined) ?? null;
}

function describeBody(body: Body): string {
  const text = JSON.stringify(body, (key, value) =>
    value instanceof File
      ? `File(${value.name}, ${value.size} bytes)`
      : value instanceof Uint8Array
        ? `bytes(${value.length})`
        : typeof value === "string" && value.length > 80
          ? `${value.slice(0, 40)}…(${value.length})`
          : value,
  );
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

async function check(target: Target, action: RouteFn, cookie: string, body: Body): Promise<void> {
  sent++;
  const mark = await changeMark();
  let status: number;
  let headers: Headers;
  try {
    const result = await action({
      request: request(target.url, body, cookie),
      params: target.params ?? {},
      context: {},
    } as ActionFunctionArgs);
    ({ status, headers } = responseOf(result));
  } catch (error) {
    if (error instanceof Response) ({ status, headers } = responseOf(error));
    else if (isData(error)) ({ status, headers } = responseOf(error));
    else throw new Error(`${target.name}: threw ${(error as Error)?.stack ?? String(error)}\n  body: ${describeBody(body)}`);
  }
  const where = `${target.name}: ${status} for ${describeBody(body)}`;
  if (status >= 500) throw new Error(where);

  const location = headers.get("Location");
  if (status >= 300 && status < 400) {
    if (!location) throw new Error(`${where}: a redirect without Location`);
    const resolved = new URL(location, TEST_ORIGIN);
    if (resolved.origin !== TEST_ORIGIN) throw new Error(`${where}: redirects off-site to ${JSON.stringify(location)}`);
  }

  const flash = status >= 300 && status < 400 ? await flashOf(headers) : null;
  // Refused: an error status, or back to the list with an error, a warning or "cancelled"
  // (an "info" may also report a change, e.g. a profile change sent for audit).
  const refused =
    status >= 400 || flash?.type === "error" || flash?.type === "warning" || (flash?.type === "info" && /cancel/i.test(flash.key));
  const changes = await changesSince(mark);
  const written = Object.keys(changes).filter((key) => !ALWAYS_WRITTEN.has(key.split(" ")[0]));
  if (refused && written.length) throw new Error(`${where} (flash ${JSON.stringify(flash)}): changed ${JSON.stringify(changes)}`);
  // A booking is stored with its e-mails, or not at all.
  if (changes["entrustments INSERT"] && !changes["email_outbox INSERT"]) throw new Error(`${where}: an entrustment without its e-mails`);
}

type DataLike = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };
const isData = (value: unknown): value is DataLike =>
  typeof value === "object" && value !== null && (value as DataLike).type === "DataWithResponseInit";

function responseOf(value: unknown): { status: number; headers: Headers } {
  if (value instanceof Response) return { status: value.status, headers: value.headers };
  if (isData(value)) return { status: value.init?.status ?? 200, headers: new Headers(value.init?.headers) };
  return { status: 200, headers: new Headers() };
}

async function fuzz(target: Target) {
  const mod = await target.route();
  const action = mod.action as RouteFn;
  expect(typeof action).toBe("function");
  const cookie = await cookieOf(target.viewer);
  const body = fc.oneof({ weight: 9, arbitrary: target.body }, { weight: 1, arbitrary: brokenBody });
  await fc.assert(
    fc.asyncProperty(body, async (b) => {
      await check(target, action, cookie, b);
    }),
    { seed: SEED, numRuns: target.runs ?? RUNS, endOnFailure: true },
  );
}

// ---------------------------------------------------------------------------
// The targets: every page action.

// Sign everyone in first: the login fuzz below records failed attempts, and
// a throttled account could not sign in afterwards.
const ACTORS: ViewerKey[] = ["t0", "t1", "t2", "failed", "data", "admin"];
beforeAll(async () => {
  for (const viewer of ACTORS) await cookieOf(viewer);
});

let victims: {
  fcl: number;
  lcl: number;
  express: number;
  role: number;
  menu: number;
  home: number;
  category: number;
  appHome: number;
  offers: Record<string, number>;
  users: number[];
  outbox: number;
  rows: Record<string, number>;
};

beforeAll(async () => {
  const role = await prisma.role.create({ data: { name: "模糊测试角色", level: 2, parentId: 2 } });
  const menu = await prisma.menu.create({ data: { label: "模糊菜单", level: 2, parentId: 15, path: "/fuzz-menu" } });
  const home = await prisma.homeContent.create({ data: { name: "模糊首页", level: 1, channel: "WEB" } });
  const appHome = await prisma.homeContent.create({ data: { name: "模糊应用", level: 1, channel: "APP" } });
  const category = await prisma.homeCategory.create({ data: { name: "模糊分类" } });
  const offers: Record<string, number> = {};
  for (const mode of MODES)
    offers[mode.key] = (await prisma.specialOffer.findFirstOrThrow({ where: { mode: mode.enumValue }, select: { id: true } })).id;
  const users = (await prisma.user.findMany({ where: { id: { gte: 100 } }, orderBy: { id: "asc" }, take: 3, select: { id: true } })).map(
    (u) => u.id,
  );
  const outbox = (await prisma.emailOutbox.findFirstOrThrow({ select: { id: true } })).id;
  const rows: Record<string, number> = {};
  for (const area of Object.values(dataAreas)) {
    const delegate = prisma[area.model as "fclRate"] as unknown as { findFirst(args: object): Promise<{ id: number } | null> };
    rows[area.key] = (await delegate.findFirst({ select: { id: true }, orderBy: { id: "desc" } }))?.id ?? 1;
  }
  victims = {
    fcl: await bookableRate("fcl"),
    lcl: await bookableRate("lcl"),
    express: await bookableRate("express"),
    role: role.id,
    menu: menu.id,
    home: home.id,
    appHome: appHome.id,
    category: category.id,
    offers,
    users,
    outbox,
    rows,
  };
});

const route = (name: string) => () => importRouteNamed<{ action?: unknown }>(name);

describe("public forms", () => {
  test("login, registration and password reset (/login)", async () => {
    await fuzz({
      name: "/login",
      viewer: "visitor",
      route: route("login"),
      url: "/login",
      body: form(
        fc.oneof(
          withIntent("login", loginSchema, {
            email: fc.oneof(oneOf("profile@example.com", "other.t2@example.com"), field(z.string().email())) as fc.Arbitrary<FieldValue>,
          }),
          withIntent("sendCode", sendCodeSchema),
          withIntent("sendResetCode", sendCodeSchema),
          withIntent("register", registerSchema),
          withIntent("reset", resetPasswordSchema),
          formFor(z.object({ intent: z.string() })),
        ),
      ),
      runs: 30,
    });
  });

  test("sign-in redirects stay on the site (/login redirectTo)", async () => {
    await fuzz({
      name: "/login redirectTo",
      viewer: "visitor",
      route: route("login"),
      url: "/login",
      body: form(
        fc.record({
          intent: constant("login"),
          email: constant("t1@example.com"),
          password: constant("Demo1234"),
          redirectTo: fc.oneof(
            edge,
            fc.string({ unit: "binary", maxLength: 30 }).map((s) => `/${s}`),
          ) as fc.Arbitrary<FieldValue>,
        }),
      ),
      runs: 15,
    });
  });

  test("language switch (/set-language)", async () => {
    await fuzz({
      name: "/set-language",
      viewer: "visitor",
      route: route("set-language"),
      url: "/set-language",
      body: form(
        fc.record(
          {
            lng: fc.oneof(oneOf("zh-CN", "en-US"), anyText),
            redirectTo: fc.oneof(
              edge,
              fc.string({ unit: "binary", maxLength: 30 }).map((s) => `/${s}`),
            ) as fc.Arbitrary<FieldValue>,
          },
          { requiredKeys: [] },
        ),
      ),
    });
  });
});

describe("customer forms", () => {
  test("booking: contact request (/booking/<mode>/<id>)", async () => {
    await fuzz({
      name: "contact",
      viewer: "t1",
      route: route("_site.booking.$mode.$id"),
      url: `/booking/lcl/${victims.lcl}`,
      params: { mode: "lcl", id: String(victims.lcl) },
      body: form(formFor(contactSchema)),
    });
  });

  test("booking: shipping order with attachment (/booking/<mode>/<id>/order)", async () => {
    await fuzz({
      name: "order",
      viewer: "t2",
      route: route("_site.booking.$mode.$id_.order"),
      url: `/booking/fcl/${victims.fcl}/order`,
      params: { mode: "fcl", id: String(victims.fcl) },
      body: fc.oneof(
        multipart(formFor(orderSchema, { attachment: fc.oneof(file, fc.constant(undefined), anyText) as fc.Arbitrary<FieldValue> })),
        form(formFor(orderSchema)),
      ),
      runs: 30,
    });
  });

  test("profile (/userInfo)", async () => {
    await fuzz({
      name: "/userInfo",
      viewer: "t0",
      route: route("_site._account.userInfo"),
      url: "/userInfo",
      body: form(formFor(profileSchema)),
    });
  });

  test("password (/userPwd)", async () => {
    await fuzz({
      name: "/userPwd",
      viewer: "failed",
      route: route("_site._account.userPwd"),
      url: "/userPwd",
      body: form(formFor(changePasswordSchema, { oldPassword: fc.oneof(oneOf("Demo1234"), anyText) as fc.Arbitrary<FieldValue> })),
      runs: 15,
    });
  });

  test("avatar (/userAvatar)", async () => {
    await fuzz({
      name: "/userAvatar",
      viewer: "t0",
      route: route("_site._account.userAvatar"),
      url: "/userAvatar",
      body: multipart(fc.record({ avatar: fc.oneof(file, anyText) as fc.Arbitrary<FieldValue> }, { requiredKeys: [] })),
    });
  });
});

/** A cell of an import sheet for a column: plausible for its kind, or hostile. */
function cell(kind: string): fc.Arbitrary<unknown> {
  const plausible: Record<string, fc.Arbitrary<unknown>> = {
    id: fc.oneof(fc.integer({ min: 900_000, max: 900_050 }), fc.constantFrom(0, -1, 2_147_483_648, 1.5, "abc")),
    decimal: fc.oneof(fc.integer({ min: 0, max: 99_999 }), fc.double({ noNaN: false }), fc.constantFrom("12.345", "1e400", "-0")),
    date: fc.constantFrom("2026-12-01", "2027/01/31", "2026-02-30", 46000, -1, "明天"),
    datetime: fc.constantFrom("2026-12-01 10:00:00", "x"),
    bool: fc.constantFrom("是", "否", "yes", 1, 0, "maybe"),
    text: fc.string({ unit: "grapheme", maxLength: 12 }),
    longtext: fc.string({ unit: "grapheme", maxLength: 40 }),
  };
  return fc.oneof(
    { weight: 4, arbitrary: plausible[kind] ?? anyText },
    { weight: 1, arbitrary: edge },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

/** An import workbook of an area: its headers (sometimes shuffled or cut), then a few rows. */
function importSheet(area: DataArea): fc.Arbitrary<Body> {
  const columns = area.columns;
  const row = fc.tuple(...columns.map((c) => cell(c.kind)));
  return fc
    .record({
      headers: fc.oneof(
        { weight: 4, arbitrary: fc.constant(columns.map((c) => c.header)) },
        { weight: 1, arbitrary: fc.shuffledSubarray(columns.map((c) => c.header)) },
      ),
      rows: fc.array(row, { minLength: 1, maxLength: 3 }),
      book: fc.constantFrom("xlsx" as const, "xls" as const),
      intent: oneOf("import", "importPlain", "preview", "previewPlain"),
    })
    .map(({ headers, rows, book, intent }) => ({
      kind: "multipart" as const,
      fields: { intent, file: new File([sheetBytes([headers, ...rows], book) as BlobPart], `rates.${book}`) } as Fields,
    }));
}

describe("data areas (save, delete, range delete, markup, import, export)", () => {
  const AREAS = Object.values(dataAreas);
  test.each(AREAS.map((a) => [a.path, a] as [string, DataArea]))("%s", async (_path, area) => {
    const id = ids(victims.rows[area.key]);
    const bodies: fc.Arbitrary<Body>[] = [
      form(formFor(editFormSchema(area, "add"), { intent: constant("save") }, areaHints(area))),
      form(formFor(editFormSchema(area, "edit"), { intent: constant("save"), id }, areaHints(area))),
      form(fc.record({ intent: oneOf("delete", "cancelDelete"), id }, { requiredKeys: ["intent"] })),
      form(
        fc.record(
          {
            intent: constant("rangeDelete"),
            start: fc.oneof(id, anyText) as fc.Arbitrary<FieldValue>,
            end: fc.oneof(id, anyText) as fc.Arbitrary<FieldValue>,
          },
          { requiredKeys: ["intent"] },
        ),
      ),
      form(
        fc.record(
          {
            intent: constant("markup"),
            ids: fc.array(id, { maxLength: 3 }) as fc.Arbitrary<FieldValue>,
            gp20: anyText as fc.Arbitrary<FieldValue>,
            gp40: oneOf("10", "0.5", "-3", "1e3", ""),
            hq40: oneOf("", "12.345", "99999999"),
          },
          { requiredKeys: ["intent"] },
        ),
      ),
      multipart(fc.record({ intent: oneOf("import", "importPlain", "preview", "previewPlain", "other"), file }, { requiredKeys: [] })),
      importSheet(area),
      form(
        fc.record(
          { intent: oneOf("commitPreview", "discardPreview"), previewId: fc.oneof(anyText, fc.uuid()) as fc.Arbitrary<FieldValue> },
          { requiredKeys: ["intent"] },
        ),
      ),
    ];
    await fuzz({
      name: area.path,
      viewer: "data",
      route: route(`_bo${area.path.replace("/", ".")}`),
      url: area.path,
      body: fc.oneof(...bodies),
      runs: 25,
    });
  });

  test.each(["trailerData", "expressCountry"])("/%s/export (selected rows)", async (name) => {
    await fuzz({
      name: `/${name}/export`,
      viewer: "data",
      route: route(`_bo.${name}.export`),
      url: `/${name}/export`,
      body: form(fc.record({ ids: fc.array(ids(1, 2, 3), { maxLength: 5 }) as fc.Arbitrary<FieldValue> }, { requiredKeys: [] })),
      runs: 10,
    });
  });
});

describe("administration dialogs", () => {
  test("users (/userList)", async () => {
    const id = ids(...victims.users);
    await fuzz({
      name: "/userList",
      viewer: "admin",
      route: route("_bo.userList"),
      url: "/userList",
      body: fc.oneof(
        form(withIntent("create", addUserSchema)),
        form(withIntent("update", editUserSchema, { id })),
        form(withIntent("audit", auditSchema, { id })),
        form(withIntent("profile", decisionSchema, { id })),
        form(withIntent("view", viewSchema, { id })),
        form(withIntent("handover", handoverSchema, { id, targetId: ids(2, 3, 4, 999) })),
        form(withIntent("state", stateSchema, { id })),
        form(fc.record({ intent: oneOf("delete", "cancelDelete", "nonsense"), id }, { requiredKeys: ["intent"] })),
        multipart(fc.record({ intent: constant("wxCode"), id: ids(2, 3, 4), wxCode: file }, { requiredKeys: ["intent"] })),
      ),
      runs: 40,
    });
  });

  test("roles (/roleList)", async () => {
    const id = ids(victims.role);
    await fuzz({
      name: "/roleList",
      viewer: "admin",
      route: route("_bo.roleList"),
      url: "/roleList",
      body: form(
        fc.oneof(
          withIntent("create", roleSchema),
          withIntent("update", roleSchema, { id }),
          fc.record({ intent: oneOf("delete", "cancelDelete", "cancel", "x"), id }, { requiredKeys: ["intent"] }),
          fc.record({
            intent: constant("permissions"),
            id,
            menuId: fc.array(ids(2, 71, 6, 999), { maxLength: 5 }) as fc.Arbitrary<FieldValue>,
          }),
        ),
      ),
      runs: 30,
    });
  });

  test("menus (/menuList)", async () => {
    const id = ids(victims.menu);
    await fuzz({
      name: "/menuList",
      viewer: "admin",
      route: route("_bo.menuList"),
      url: "/menuList",
      body: form(
        fc.oneof(
          withIntent("create", menuSchema),
          withIntent("update", menuSchema, { id }),
          fc.record({ intent: oneOf("delete", "cancelDelete", "x"), id }, { requiredKeys: ["intent"] }),
        ),
      ),
      runs: 30,
    });
  });

  test.each([
    ["/homeList", "_bo.homeList", "home"],
    ["/app-home", "_bo.app-home", "appHome"],
  ] as const)("home content (%s)", async (path, name, victim) => {
    const id = ids(victims[victim]);
    await fuzz({
      name: path,
      viewer: "admin",
      route: route(name),
      url: path,
      body: fc.oneof(
        multipart(withIntent("create", homeItemSchema, { image: fc.oneof(file, fc.constant(undefined)) as fc.Arbitrary<FieldValue> })),
        form(withIntent("update", homeItemSchema, { id })),
        form(withIntent("saveCategory", homeCategorySchema, { id: ids(victims.category) })),
        form(fc.record({ intent: oneOf("delete", "deleteCategory", "cancelDelete", "x"), id }, { requiredKeys: ["intent"] })),
      ),
      runs: 25,
    });
  });

  test("special offers of every mode (/saleList)", async () => {
    await fuzz({
      name: "/saleList",
      viewer: "admin",
      route: route("_bo.saleList"),
      url: "/saleList",
      body: form(
        fc.oneof(
          ...MODES.map((mode) => formFor(offerSchema(mode), { intent: constant("create"), mode: constant(mode.key) }, offerHints(mode))),
          ...MODES.map((mode) =>
            formFor(
              offerSchema(mode),
              { intent: constant("update"), mode: constant(mode.key), id: ids(victims.offers[mode.key]) },
              offerHints(mode),
            ),
          ),
          fc.record(
            {
              intent: oneOf("delete", "cancelDelete", "x"),
              mode: fc.oneof(oneOf(...MODES.map((m) => m.key)), anyText) as fc.Arbitrary<FieldValue>,
              id: ids(...Object.values(victims.offers)),
            },
            { requiredKeys: ["intent"] },
          ),
        ),
      ),
      runs: 30,
    });
  });

  test("mail outbox retry (/app-query)", async () => {
    await fuzz({
      name: "/app-query",
      viewer: "admin",
      route: route("_bo.app-query"),
      url: "/app-query",
      body: form(
        fc.record({ intent: fc.oneof(oneOf("retry"), anyText) as fc.Arbitrary<FieldValue>, id: ids(victims.outbox) }, { requiredKeys: [] }),
      ),
      runs: 10,
    });
  });
});

describe("redirect targets", () => {
  // Each payload once (the properties above draw from them at random).
  const PAYLOADS = [
    ...EDGE_STRINGS.filter((s) => s.startsWith("/") || s.includes("evil")),
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/a/../..//evil.example",
    "/./\\evil.example",
    "/首页?x=西安",
    "/\u0000",
    "/%0d%0aSet-Cookie:x=1",
  ];
  test.each(["/set-language", "/login"])("%s never redirects off the site", async (path) => {
    const { action } = (await route(path.slice(1))()) as { action: RouteFn };
    for (const redirectTo of PAYLOADS) {
      const fields =
        path === "/login" ? { intent: "login", email: "t1@example.com", password: "Demo1234", redirectTo } : { lng: "en-US", redirectTo };
      const result = await callRoute(action, postForm(path, fields));
      // A NUL in a field is refused (400); everything else is followed, to a page of the site.
      expect(result.status, JSON.stringify(redirectTo)).toBe(redirectTo.includes("\u0000") ? 400 : 302);
      if (result.status !== 302) continue;
      const location = result.headers.get("Location")!;
      expect(new URL(location, TEST_ORIGIN).origin, `${JSON.stringify(redirectTo)} -> ${location}`).toBe(TEST_ORIGIN);
    }
  });
});

// ---------------------------------------------------------------------------
// Loaders: hostile query strings (and route parameters) never give a 500.

const QUERY_KEYS = [
  "page",
  "size",
  "from",
  "to",
  "sort",
  "order",
  "q",
  "tab",
  "dialog",
  "id",
  "mode",
  "kind",
  "back",
  "redirectTo",
  "reason",
  "lng",
  "v",
  "edit",
  "add",
  "delete",
  "range",
  "start",
  "end",
  "step",
  "check",
  "num",
  "cbm",
  "kg",
  "pol",
  "pod",
  "lclpol",
  "lclpod",
  "airpol",
  "airpod",
  "dock",
  "trailer_door_point",
  "doorPoint",
  "carrier",
  "category",
  "country",
  "volume",
  "weight",
  "status",
];
const queryValue = fc.oneof(
  anyText,
  oneOf(
    "1",
    "2",
    "0",
    "-1",
    "100",
    "1000000",
    "add",
    "edit",
    "view",
    "delete",
    "confirm",
    "categories",
    "fcl",
    "air",
    "sea",
    "2026-01-01",
    "2026-02-30",
    "2026-01-01T10:00",
    "SHANGHAI",
    "US-W",
    "2.3",
    "300",
  ),
) as fc.Arbitrary<string>;
const query = fc.dictionary(fc.constantFrom(...QUERY_KEYS), queryValue, { maxKeys: 6 });

type LoaderTarget = { route: string; path: string; viewer: ViewerKey; params?: fc.Arbitrary<Record<string, string>> };
const LOADERS: LoaderTarget[] = [
  ...[
    "_site.home:/home",
    "_site.fclbysea:/fclbysea",
    "_site.lclbysea:/lclbysea",
    "_site.byair:/byair",
    "_site.railroad:/railroad",
    "_site.trailer:/trailer",
    "_site.express:/express",
  ].flatMap((pair) => {
    const [name, path] = pair.split(":");
    return [
      { route: name, path, viewer: "t2" as ViewerKey },
      { route: name, path, viewer: "visitor" as ViewerKey },
    ];
  }),
  { route: "_site.entrustment", path: "/entrustment", viewer: "t1" },
  { route: "login", path: "/login", viewer: "visitor" },
  { route: "resources.ports", path: "/resources/ports", viewer: "visitor" },
  { route: "resources.express-countries", path: "/resources/express-countries", viewer: "visitor" },
  ...[
    "_bo.userList:/userList",
    "_bo.roleList:/roleList",
    "_bo.menuList:/menuList",
    "_bo.saleList:/saleList",
    "_bo.homeList:/homeList",
    "_bo.app-home:/app-home",
    "_bo.app-order:/app-order",
    "_bo.app-query:/app-query",
    "_bo.query-logs:/query-logs",
    "_bo.log-list:/log-list",
  ].map((pair) => {
    const [name, path] = pair.split(":");
    return { route: name, path, viewer: "admin" as ViewerKey };
  }),
  // The exports read their filters with the same parser as these lists (and take seconds each).
  ...Object.values(dataAreas).map((area) => ({ route: `_bo${area.path.replace("/", ".")}`, path: area.path, viewer: "data" as ViewerKey })),
];
const idParam = fc.oneof(fc.constantFrom("1", "3", "0", "-1", "abc", "99999999999", "１", "1e3"), fc.string({ maxLength: 8 }));
const DYNAMIC: LoaderTarget[] = [
  {
    route: "_site.booking.$mode.$id",
    path: "/booking/x/1",
    viewer: "t2",
    params: fc.record({ mode: fc.oneof(fc.constantFrom(...MODES.map((m) => m.key), "offer"), fc.string({ maxLength: 6 })), id: idParam }),
  },
  {
    route: "_site.booking.$mode.$id_.order",
    path: "/booking/x/1/order",
    viewer: "t2",
    params: fc.record({ mode: fc.oneof(fc.constantFrom(...MODES.map((m) => m.key), "offer"), fc.string({ maxLength: 6 })), id: idParam }),
  },
  { route: "_site.booking.done.$id", path: "/booking/done/1", viewer: "t2", params: fc.record({ id: idParam }) },
  { route: "_site.entrustment_.$id", path: "/entrustment/1", viewer: "t2", params: fc.record({ id: idParam }) },
  { route: "entrustment.$id.attachment", path: "/entrustment/1/attachment", viewer: "admin", params: fc.record({ id: idParam }) },
  {
    route: "avatars.$name",
    path: "/avatars/x",
    viewer: "visitor",
    params: fc.record({ name: fc.oneof(edge, fc.string({ maxLength: 40 })) }),
  },
  {
    route: "home-images.$name",
    path: "/home-images/x",
    viewer: "visitor",
    params: fc.record({ name: fc.oneof(edge, fc.string({ maxLength: 40 })) }),
  },
  { route: "wx-codes.$name", path: "/wx-codes/x", viewer: "t1", params: fc.record({ name: fc.oneof(edge, fc.string({ maxLength: 40 })) }) },
  {
    route: "locales.$file",
    path: "/locales/x",
    viewer: "visitor",
    params: fc.record({ file: fc.oneof(edge, fc.constantFrom("zh-CN.json", "en-US.json", "../package.json")) }),
  },
];

describe("loaders: hostile query strings and route parameters", () => {
  test.each([...LOADERS, ...DYNAMIC].map((t) => [`${t.path} as ${t.viewer}`, t] as [string, LoaderTarget]))("%s", async (_name, target) => {
    const { loader } = (await route(target.route)()) as { loader: (args: LoaderFunctionArgs) => unknown };
    const cookie = await cookieOf(target.viewer);
    await fc.assert(
      fc.asyncProperty(query, target.params ?? fc.constant({}), async (q, params) => {
        let status: number;
        sent++;
        try {
          status = (await callRoute(loader as never, getRequest(target.path, q, { cookie }), { params })).status;
        } catch (error) {
          throw new Error(
            `GET ${target.path} ${JSON.stringify(q)} ${JSON.stringify(params)}: threw ${(error as Error)?.stack ?? String(error)}`,
          );
        }
        if (status >= 500) throw new Error(`GET ${target.path} ${JSON.stringify(q)} ${JSON.stringify(params)}: ${status}`);
      }),
      { seed: SEED, numRuns: Number(process.env.FUZZ_LOADER_RUNS ?? 5), endOnFailure: true },
    );
  });
});
