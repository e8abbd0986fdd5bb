// The legacy API's wire names, mapped ONCE at its boundary (DESIGN.md house
// style 9). Each record the old client sees is described as a WireEntity:
// per field the spec's name on the wire, the domain property it comes from
// and goes to, and its type and format. The same description
//   - serialises reads (toWire, used by the dispatcher on every reply),
//   - parses writes (fromWire, used by ctx.parse before the domain's schema),
//   - documents both in /api/openapi.json (wireSchema, wireExample).
// So what a read returns, the matching edit accepts unchanged.
//
// Formats on the wire (docs/decisions/501-legacy-api.md):
//   date      "YYYY-MM-DD" (calendar day)
//   datetime  "YYYY-MM-DD HH:mm:ss" (Asia/Shanghai)
//   decimal   a string with the column's scale ("592.00"); input also a number
//   boolean   true / false; input also 1/0, "on"/"off", "yes"/"no", 是/否
//   code      a small integer as text ('1', '2', '3': menu and role levels)
//   idList    ids joined by commas ("1,2"); input also repeated or a JSON array
// Plain data and pure functions: no server imports (the bench runs it bare).
import { formatDateTime } from "~/utils/dates";

export type WireKind = "string" | "integer" | "decimal" | "boolean" | "date" | "datetime" | "code" | "idList" | "list" | "any";

export type WireField = {
  /** The spec's name on the wire. */
  wire: string;
  /** The domain property (default: the wire name). */
  domain: string;
  kind: WireKind;
  /** Decimal places (decimal). */
  scale?: number;
  /** Further names accepted on input: the project's own, older spellings. */
  accept?: readonly string[];
  /** Only in replies (ids of related records, times, names): never read from a body. */
  readOnly?: boolean;
  /** Only in requests (password, idchange). */
  writeOnly?: boolean;
  /** A computed read (a joined contact, a file URL) instead of `row[domain]`. */
  get?: (row: never) => unknown;
  /** A datetime the domain keeps as a day field (`domain`) plus a time field. */
  timeField?: string;
  /** A multipart file field (passed through as the File it is). */
  file?: boolean;
  /** Wire values → domain values (海运整箱 → FCL); a domain value is accepted as it is. */
  values?: Readonly<Record<string, string>>;
  /** Omitted from a reply when the domain value is undefined (fields not every row has). */
  optional?: boolean;
  description?: string;
  example?: unknown;
};

export type WireEntity = {
  name: string;
  description?: string;
  fields: readonly WireField[];
};

type FieldOptions = Partial<Omit<WireField, "wire" | "kind">>;

const make =
  (kind: WireKind, defaults: Partial<WireField> = {}) =>
  (wire: string, domain?: string | FieldOptions, options: FieldOptions = {}): WireField => {
    const opts = typeof domain === "object" ? domain : options;
    return { wire, kind, ...defaults, ...opts, domain: (typeof domain === "string" ? domain : opts.domain) ?? wire };
  };

/** Field builders: `w.str("sale_state", "sailingSchedule")`. */
export const w = {
  str: make("string"),
  int: make("integer"),
  dec: (wire: string, domain: string | FieldOptions = wire, scale = 2, options: FieldOptions = {}): WireField =>
    make("decimal", { scale })(wire, domain, options),
  bool: make("boolean"),
  date: make("date"),
  datetime: make("datetime"),
  code: make("code"),
  ids: make("idList"),
  list: make("list"),
  any: make("any"),
};

export function entity(name: string, fields: readonly WireField[], description?: string): WireEntity {
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.wire)) throw new Error(`${name}: two fields named ${field.wire}`);
    seen.add(field.wire);
  }
  return { name, fields, description };
}

/** The entity with some fields left out or added (the app's home item is the website's without size). */
export function variant(
  base: WireEntity,
  name: string,
  change: { omit?: readonly string[]; add?: readonly WireField[]; patch?: Record<string, FieldOptions> },
): WireEntity {
  const fields = base.fields
    .filter((f) => !change.omit?.includes(f.wire))
    .map((f) => (change.patch?.[f.wire] ? { ...f, ...change.patch[f.wire] } : f));
  return entity(name, [...fields, ...(change.add ?? [])], base.description);
}

// ------------------------------------------------------------------ reads

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}/;
const PLAIN_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

type DecimalLike = { toFixed(digits: number): string };

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d*))?$/;

/** "100" → "100.00", "2.5" → "2.50" without going through a float; other text as it is. */
function fixScale(text: string, scale: number): string {
  const m = DECIMAL_TEXT.exec(text);
  if (!m) return text;
  const fraction = m[3] ?? "";
  if (fraction.length > scale) return Number(text).toFixed(scale);
  return scale === 0 ? `${m[1]}${m[2]}` : `${m[1]}${m[2]}.${fraction.padEnd(scale, "0")}`;
}

type Format = (value: unknown, row: Record<string, unknown>) => unknown;

const DOT = 46;
const empty = (value: unknown) => value === null || value === undefined || value === "";

/** "2027-06-30" as it is; a Date (a DATE column, UTC midnight) or longer text cut to the day. */
function dayOf(value: unknown): unknown {
  if (empty(value)) return null;
  if (typeof value === "string") return value.length === 10 || !DAY_TEXT.test(value) ? value : value.slice(0, 10);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  return String(value);
}

/** "2026-11-20 10:11:12" as it is; a Date or an ISO instant as Shanghai wall-clock time. */
function dateTimeOf(value: unknown): unknown {
  if (empty(value)) return null;
  if (value instanceof Date) return formatDateTime(value, { seconds: true });
  const text = String(value);
  if (text.length === 19 && text.charCodeAt(10) === 32 && PLAIN_DATETIME.test(text)) return text;
  return formatDateTime(new Date(text), { seconds: true }) ?? text;
}

/**
 * The reply formatter of a field, chosen once per field (toWire runs it for
 * every field of every row: a 200-row list is thousands of calls).
 */
function formatterOf(field: WireField): Format {
  switch (field.kind) {
    case "boolean":
      return (value) => value === true || value === 1 || value === "1" || value === "true" || value === "on";
    case "idList":
      return (value) => (Array.isArray(value) ? value.join(",") : value === null || value === undefined ? "" : String(value));
    case "list":
      return (value) => (Array.isArray(value) ? value : []);
    case "any":
      return (value) => value ?? null;
    case "string": {
      const values = field.values;
      if (values) return (value) => (empty(value) ? (value === "" ? "" : null) : (wireValueOf(values, String(value)) ?? String(value)));
      return (value) => (typeof value === "string" ? value : value === null || value === undefined ? null : String(value));
    }
    case "integer":
      return (value) => (typeof value === "number" ? value : empty(value) ? null : Number(value));
    case "code":
      return (value) => (empty(value) ? null : String(value));
    case "decimal": {
      const scale = field.scale ?? 2;
      return (value) => {
        if (typeof value === "string") {
          // The domain's text already has its places ("592.00"): as it is.
          const dot = value.length - scale - 1;
          if (dot > 0 && value.charCodeAt(dot) === DOT && value.indexOf(".") === dot) return value;
          return value === "" ? null : fixScale(value, scale);
        }
        if (value === null || value === undefined) return null;
        if (typeof value === "number") return value.toFixed(scale);
        if (typeof (value as DecimalLike).toFixed === "function") return (value as DecimalLike).toFixed(scale);
        return String(value);
      };
    }
    case "date":
      return dayOf;
    case "datetime": {
      const timeField = field.timeField;
      if (!timeField) return dateTimeOf;
      // A day kept apart from its time (the offer forms): "YYYY-MM-DD HH:mm:ss".
      return (value, row) => {
        if (empty(value)) return null;
        const time = row[timeField];
        return `${String(value).slice(0, 10)} ${typeof time === "string" && time ? (time.length === 5 ? `${time}:00` : time) : "00:00:00"}`;
      };
    }
  }
}

function wireValueOf(values: Readonly<Record<string, string>>, domain: string): string | undefined {
  for (const key in values) if (values[key] === domain) return key;
  return undefined;
}

type Compiled = (row: Record<string, unknown>) => Record<string, unknown>;
const compiled = new WeakMap<WireEntity, Compiled>();

/**
 * An entity's reply mapper, built once: one object literal per row with the
 * fields in order (V8 then gives every row the same shape, which is what
 * makes a 200-row list cheap; decision 501 has the figures). The generated
 * code holds only the field names, quoted by JSON.stringify.
 */
function compile(e: WireEntity): Compiled {
  let c = compiled.get(e);
  if (!c) {
    const fields = e.fields.filter((f) => !f.writeOnly);
    const format = fields.map(formatterOf);
    const get = fields.map((f) => (f.get as ((row: Record<string, unknown>) => unknown) | undefined) ?? null);
    const value = (f: WireField, i: number) => (get[i] ? `g[${i}](row)` : `row[${JSON.stringify(f.domain)}]`);
    const fixed = fields.map((f, i) => (f.optional ? null : `${JSON.stringify(f.wire)}: f[${i}](${value(f, i)}, row)`)).filter(Boolean);
    const optional = fields
      .map((f, i) => (f.optional ? `v = ${value(f, i)}; if (v !== undefined) out[${JSON.stringify(f.wire)}] = f[${i}](v, row);` : ""))
      .filter(Boolean);
    const body = `const out = { ${fixed.join(", ")} };${optional.length ? ` let v; ${optional.join(" ")}` : ""} return out;`;
    const build = new Function("f", "g", `return function toWire(row) { ${body} };`) as (f: Format[], g: typeof get) => Compiled;
    c = build(format, get);
    compiled.set(e, c);
  }
  return c;
}

/** A domain record under the wire names (replies). */
export function toWire(e: WireEntity, row: Record<string, unknown>): Record<string, unknown> {
  return compile(e)(row);
}

// ----------------------------------------------------------------- writes

const TRUE_WORDS = new Set(["true", "1", "on", "yes", "y", "是"]);
const FALSE_WORDS = new Set(["false", "0", "off", "no", "n", "否", ""]);
const DATE_INPUT = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

/** A field the wire value of which could not be read; `key` is the message. */
export type WireProblem = { field: string; key: string };

const pad = (n: string) => n.padStart(2, "0");

/** "2026-1-5 8:00" → ["2026-01-05", "08:00:00"]; null when not a date (the domain's schema then says why). */
function splitDateTime(text: string): [string, string | null] | null {
  const m = DATE_INPUT.exec(text.trim());
  if (!m) return null;
  const day = `${m[1]}-${pad(m[2])}-${pad(m[3])}`;
  return [day, m[4] === undefined ? null : `${pad(m[4])}:${m[5]}:${m[6] ?? "00"}`];
}

function namesOf(field: WireField): string[] {
  return [...new Set([field.wire, ...(field.accept ?? []), field.domain])];
}

type Parsed = { writable: WireField[]; claimed: Set<string>; dropped: Set<string> };
const parsedCache = new WeakMap<WireEntity, Parsed>();

function parsedOf(e: WireEntity): Parsed {
  let p = parsedCache.get(e);
  if (!p) {
    const writable = e.fields.filter((f) => !f.readOnly);
    const claimed = new Set(writable.flatMap(namesOf));
    const dropped = new Set(
      e.fields
        .filter((f) => f.readOnly)
        .flatMap(namesOf)
        .filter((n) => !claimed.has(n)),
    );
    p = { writable, claimed, dropped };
    parsedCache.set(e, p);
  }
  return p;
}

/**
 * Request fields under the wire names (or the accepted ones) → the form the
 * domain's schema reads, under the domain names, with values in the shapes
 * the pages' forms send (booleans "on" or absent, days YYYY-MM-DD, a
 * datetime split into its day and time fields). Fields the entity does not
 * name pass through unchanged; read-only fields are dropped.
 */
export function fromWire(e: WireEntity, source: FormData): { form: FormData; problems: WireProblem[] } {
  const { writable, claimed, dropped } = parsedOf(e);
  const form = new FormData();
  const problems: WireProblem[] = [];
  for (const field of writable) {
    const name = namesOf(field).find((n) => source.has(n));
    if (name === undefined) continue;
    const values = source.getAll(name);
    const first = values[0];
    if (field.file || typeof first !== "string") {
      for (const value of values) form.append(field.domain, value);
      continue;
    }
    const text = first.trim();
    switch (field.kind) {
      case "boolean": {
        const word = text.toLowerCase();
        if (TRUE_WORDS.has(word)) form.append(field.domain, "on");
        else if (!FALSE_WORDS.has(word)) problems.push({ field: field.wire, key: "api.wire.boolean" });
        break;
      }
      case "idList":
      case "list":
        for (const value of values.flatMap((v) => listItems(String(v)))) form.append(field.domain, value);
        break;
      case "date": {
        const parts = splitDateTime(text);
        form.append(field.domain, parts ? parts[0] : first);
        break;
      }
      case "datetime": {
        const parts = splitDateTime(text);
        if (field.timeField) {
          form.append(field.domain, parts ? parts[0] : first);
          if (parts?.[1]) form.append(field.timeField, parts[1]);
          // A date alone stays a date: the domain knows what it means (LCL valid_to: the end of that day).
        } else form.append(field.domain, parts ? (parts[1] ? `${parts[0]} ${parts[1]}` : parts[0]) : first);
        break;
      }
      case "string":
        form.append(field.domain, field.values?.[text] ?? first);
        break;
      case "any":
        form.append(field.domain, first);
        break;
      default:
        // Numbers as text; the domain's schema checks them (and says why in the user's language).
        form.append(field.domain, text);
    }
  }
  for (const [key, value] of source) if (!claimed.has(key) && !dropped.has(key)) form.append(key, value);
  return { form, problems };
}

/** "1,2", '["1","2"]', "[1,2]" → ["1", "2"]. */
function listItems(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map((item) => String(item ?? "").trim()).filter(Boolean);
    } catch {
      // Not JSON: read as a comma list below.
    }
  }
  return trimmed
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A domain field name (a validation error's path) → its wire name. */
export function wireNameOf(e: WireEntity, domain: string): string {
  const named = (f: WireField) => f.domain === domain || !!f.accept?.includes(domain);
  return e.fields.find((f) => named(f) && !f.readOnly)?.wire ?? e.fields.find(named)?.wire ?? domain;
}

// ----------------------------------------------------------------- shapes

/** What a reply's `data` (or another member) holds. */
export type WireShape =
  | { type: "entity"; entity: WireEntity }
  | { type: "list"; of: WireShape }
  /** Entities nested under `children` (roles, menus, home items). */
  | { type: "tree"; entity: WireEntity }
  | { type: "scalar"; kind: WireKind; description?: string; example?: unknown }
  | { type: "object"; props: Record<string, WireShape>; description?: string }
  | { type: "null" };

export const shape = {
  one: (e: WireEntity): WireShape => ({ type: "entity", entity: e }),
  list: (of: WireEntity | WireShape): WireShape => ({ type: "list", of: "fields" in of ? { type: "entity", entity: of } : of }),
  tree: (e: WireEntity): WireShape => ({ type: "tree", entity: e }),
  scalar: (kind: WireKind, description?: string, example?: unknown): WireShape => ({ type: "scalar", kind, description, example }),
  object: (props: Record<string, WireShape>, description?: string): WireShape => ({ type: "object", props, description }),
  none: { type: "null" } as WireShape,
};

function treeToWire(e: WireEntity, node: Record<string, unknown>): Record<string, unknown> {
  const out = toWire(e, node);
  out.children = Array.isArray(node.children) ? node.children.map((child) => treeToWire(e, child as Record<string, unknown>)) : [];
  return out;
}

const SCALAR_FIELD = (kind: WireKind): WireField => ({ wire: "value", domain: "value", kind });
const scalarFormat = (kind: WireKind) => formatterOf(SCALAR_FIELD(kind));

/** Domain data → the wire, by its shape. */
export function serialize(s: WireShape, value: unknown): unknown {
  if (value === null || value === undefined) return s.type === "list" || s.type === "tree" ? [] : null;
  switch (s.type) {
    case "entity":
      return toWire(s.entity, value as Record<string, unknown>);
    case "list":
      return (value as unknown[]).map((item) => serialize(s.of, item));
    case "tree":
      return (value as Record<string, unknown>[]).map((node) => treeToWire(s.entity, node));
    case "scalar":
      return scalarFormat(s.kind)(value, {});
    case "object": {
      const row = value as Record<string, unknown>;
      return Object.fromEntries(Object.entries(s.props).map(([key, prop]) => [key, serialize(prop, row[key])]));
    }
    case "null":
      return null;
  }
}

// ------------------------------------------------------ OpenAPI schemas

const EXAMPLES: Record<WireKind, unknown> = {
  string: "text",
  integer: 1,
  decimal: "100.00",
  boolean: false,
  date: "2026-12-31",
  datetime: "2026-12-31 00:00:00",
  code: "1",
  idList: "1,2",
  list: [],
  any: null,
};

function fieldSchema(field: WireField, direction: "read" | "write"): Record<string, unknown> {
  const described = (schema: Record<string, unknown>) => (field.description ? { ...schema, description: field.description } : schema);
  if (field.file) return described({ type: "string", format: "binary" });
  switch (field.kind) {
    case "string":
      return described({ type: ["string", "null"] });
    case "integer":
      return described(direction === "write" ? { type: ["integer", "string"] } : { type: ["integer", "null"] });
    case "decimal":
      return described(
        direction === "write"
          ? { type: ["string", "number"] }
          : {
              type: ["string", "null"],
              pattern: `^-?\\d+\\.\\d{${field.scale ?? 2}}$`,
              description: field.description ?? `decimal with ${field.scale ?? 2} places`,
            },
      );
    case "boolean":
      return described(
        direction === "write"
          ? { type: ["boolean", "string", "integer"], description: field.description ?? "true/false (also 1/0, on/off, yes/no, 是/否)" }
          : { type: "boolean" },
      );
    case "date":
      return described(
        direction === "write"
          ? { type: "string" }
          : { type: ["string", "null"], pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: field.description ?? "YYYY-MM-DD" },
      );
    case "datetime":
      return described(
        direction === "write"
          ? { type: "string" }
          : {
              type: ["string", "null"],
              pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$",
              description: field.description ?? "YYYY-MM-DD HH:mm:ss, Asia/Shanghai",
            },
      );
    case "code":
      return described(direction === "write" ? { type: ["string", "integer"] } : { type: ["string", "null"], pattern: "^\\d+$" });
    case "idList":
      return described(
        direction === "write"
          ? { type: ["string", "array"] }
          : { type: "string", pattern: "^(\\d+(,\\d+)*)?$", description: field.description ?? "ids joined by commas" },
      );
    case "list":
      return described({ type: "array" });
    case "any":
      return described({});
  }
}

/** JSON Schema of an entity: a reply's (every read field) or a request's (the writable ones). */
export function entitySchema(e: WireEntity, direction: "read" | "write" = "read", children = false): Record<string, unknown> {
  const fields = e.fields.filter((f) => (direction === "read" ? !f.writeOnly : !f.readOnly));
  const properties: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.wire, fieldSchema(f, direction)]));
  if (children) properties.children = { type: "array", items: { $ref: `#/components/schemas/${e.name}Node` } };
  return {
    type: "object",
    ...(e.description ? { description: e.description } : {}),
    properties,
    ...(direction === "read"
      ? { required: [...fields.filter((f) => !f.optional).map((f) => f.wire), ...(children ? ["children"] : [])] }
      : {}),
  };
}

/** The schema of a reply shape, entities by reference (`components.schemas`). */
export function shapeSchema(s: WireShape, refs: Map<string, Record<string, unknown>>): Record<string, unknown> {
  switch (s.type) {
    case "entity":
      if (!refs.has(s.entity.name)) refs.set(s.entity.name, entitySchema(s.entity));
      return { $ref: `#/components/schemas/${s.entity.name}` };
    case "list":
      return { type: "array", items: shapeSchema(s.of, refs) };
    case "tree":
      if (!refs.has(`${s.entity.name}Node`)) refs.set(`${s.entity.name}Node`, entitySchema(s.entity, "read", true));
      return { type: "array", items: { $ref: `#/components/schemas/${s.entity.name}Node` } };
    case "scalar":
      return { ...fieldSchema(SCALAR_FIELD(s.kind), "read"), ...(s.description ? { description: s.description } : {}) };
    case "object":
      return {
        type: "object",
        ...(s.description ? { description: s.description } : {}),
        properties: Object.fromEntries(Object.entries(s.props).map(([key, prop]) => [key, shapeSchema(prop, refs)])),
        required: Object.keys(s.props),
      };
    case "null":
      return { type: "null" };
  }
}

function fieldExample(field: WireField): unknown {
  if (field.example !== undefined) return field.example;
  if (field.kind === "decimal") return (100).toFixed(field.scale ?? 2);
  return EXAMPLES[field.kind];
}

export function entityExample(e: WireEntity): Record<string, unknown> {
  return Object.fromEntries(e.fields.filter((f) => !f.writeOnly && !f.file).map((f) => [f.wire, fieldExample(f)]));
}

/** An example value of a reply shape (OpenAPI response examples). */
export function shapeExample(s: WireShape): unknown {
  switch (s.type) {
    case "entity":
      return entityExample(s.entity);
    case "list":
      return [shapeExample(s.of)];
    case "tree":
      return [{ ...entityExample(s.entity), children: [] }];
    case "scalar":
      return s.example ?? EXAMPLES[s.kind];
    case "object":
      return Object.fromEntries(Object.entries(s.props).map(([key, prop]) => [key, shapeExample(prop)]));
    case "null":
      return null;
  }
}
