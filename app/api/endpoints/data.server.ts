// Rate-data maintenance calls (data-maintenance.md 7): one table of legacy
// path names per data area; every call runs the screens' domain code over
// the area's description (list, filter lists, edit schema, set-based import,
// range delete, checks). Fields travel under their legacy names (the
// columns' Excel headers), as the old client sent them.
import { IMPORT_TEXT_LIMIT } from "~/utils/upload-limits";
import { z } from "~/utils/zod";
import { dataAreas, type AreaKey, type DataArea } from "~/domain/data-areas";
import {
  column,
  deleteRange,
  deleteRow,
  filterOptions,
  findRow,
  listRows,
  listWhere,
  areaTableSpec,
  markupFcl,
  MAX_MARKUP_ROWS,
  readMarkupForm,
  parseIdRangeText,
  rangeDeletedKey,
  runCheck,
  saveRow,
} from "~/domain/data-areas/queries.server";
import { FCL_MARKUP_FIELDS } from "~/domain/data-areas/fcl";
import { editFormSchema } from "~/domain/data-areas/schema";
import { editColumns, type CheckKey } from "~/domain/data-areas/types";
import { exportRows, MAX_EXPORT_ROWS } from "~/domain/import-export/export.server";
import { importSheet, importSpreadsheet, type ImportOutcome, type ImportVariant } from "~/domain/import-export/import.server";
import type { Cell } from "~/domain/import-export/sheet-worker.server";
import { isMultipart, readSpreadsheetUpload } from "~/domain/import-export/upload.server";
import { parseTableQuery } from "~/domain/table/paging.server";
import { ApiError, badRequest, idParam, notFound, ok, staff, tableUrl, type ApiContext, type Endpoint } from "../core.server";

type AreaCalls = {
  area: AreaKey;
  list: string;
  get?: string;
  add?: string;
  edit?: readonly string[];
  delete: string;
  batch: string;
  import: string;
  importPlain?: string;
  export?: string;
  checks?: readonly [string, CheckKey, AreaKey?][];
  markup?: string;
};

/** The legacy paths of each area (data-maintenance.md 7; where the spec shows no path, the pattern of its siblings). */
const CALLS: readonly AreaCalls[] = [
  {
    area: "port",
    list: "port",
    get: "port/{id}",
    add: "addport",
    edit: ["updateport"],
    delete: "deleteport/{id}",
    batch: "deletebatchport/{range}",
    import: "addmoreport",
    export: "exportport",
    checks: [
      ["checkportqian", "leadingSpace"],
      ["checkporthou", "trailingSpace"],
      ["checkfclport", "portMatch", "fcl"],
      ["checklclport", "portMatch", "lcl"],
    ],
  },
  {
    area: "airport",
    list: "airport",
    get: "airport/{id}",
    add: "addairport",
    edit: ["updateairport"],
    delete: "deleteairport/{id}",
    batch: "deletebatchairport/{range}",
    import: "addmoreairport",
    export: "exportairport",
    checks: [
      ["checkairportqian", "leadingSpace"],
      ["checkairporthou", "trailingSpace"],
    ],
  },
  {
    area: "expressCountry",
    list: "express",
    get: "express/{id}",
    add: "addexpress",
    edit: ["editexpress", "updateexpress"],
    delete: "deleteexpress/{id}",
    batch: "deletebatchexpress/{range}",
    import: "addmoreexpress",
    export: "exportexpress",
  },
  {
    area: "fcl",
    list: "fclbysea",
    get: "fcl/{id}",
    edit: ["editfcl"],
    delete: "deletefclbysea/{id}",
    batch: "deletebatchfclbysea/{range}",
    import: "addmorefcl",
    export: "exportfcl",
    markup: "markupfcl",
  },
  {
    area: "lcl",
    list: "lclbysea",
    get: "lcl/{id}",
    edit: ["editlcl"],
    delete: "deletelclbysea/{id}",
    batch: "deletebatchlclbysea/{range}",
    import: "addmorelcl",
    export: "exportlcl",
  },
  {
    area: "rail",
    list: "byrailroad",
    get: "railroad/{id}",
    edit: ["editrailroad"],
    delete: "deleterailroad/{id}",
    batch: "deletebatchrailroad/{range}",
    import: "addmorerailroad",
  },
  {
    area: "trailer",
    list: "bytrailer",
    get: "trailer/{id}",
    edit: ["edittrailer"],
    delete: "deletetrailer/{id}",
    batch: "deletebatchtrailer/{range}",
    import: "addmoretrailer",
    export: "exporttrailer",
  },
  {
    area: "air",
    list: "byair",
    delete: "deletebyair/{id}",
    batch: "deletebatchbyair/{range}",
    import: "addmorebyair",
    importPlain: "addmorebyairpt",
  },
  {
    area: "express",
    list: "byexpressdata",
    get: "expressdata/{id}",
    edit: ["editexpressdata"],
    delete: "deleteexpressdata/{id}",
    batch: "deletebatchexpressdata/{range}",
    import: "addmoreexpressdata",
  },
];

/** Largest import body: the infoString rows as JSON, or a multipart workbook (smaller). */
const IMPORT_BODY_LIMIT = IMPORT_TEXT_LIMIT;

/** A row under the legacy names (the Excel headers). */
function legacyRow(area: DataArea, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of area.columns) if (c.field in row) out[c.header] = row[c.field];
  return out;
}

/** Legacy header → domain field, for bodies. */
function legacyFields(area: DataArea): Record<string, string> {
  const map: Record<string, string> = { idchange: "idChange" };
  for (const c of editColumns(area)) if (c.header !== c.field) map[c.header] = c.field;
  return map;
}

/** The filter parameters under their legacy names (trailer_door_point …) and the screen's (doorPoint …). */
function filterParams(area: DataArea) {
  return area.filters.map((f) => ({ filter: f, legacy: f.kind === "select" ? column(area, f.field).header : "query" }));
}

function listUrl(ctx: ApiContext, area: DataArea): URL {
  const search = area.filters.find((f) => f.kind === "search");
  const url = tableUrl(ctx, { search: search ? { legacy: "query", param: search.param } : undefined, range: "Sxvalue" });
  for (const { filter, legacy } of filterParams(area)) {
    if (filter.kind !== "select") continue;
    const value = ctx.url.searchParams.get(legacy) ?? ctx.url.searchParams.get(filter.param);
    if (value) url.searchParams.set(filter.param, value);
  }
  return url;
}

async function filterLists(area: DataArea): Promise<Record<string, string[]>> {
  const options = await filterOptions(area);
  const lists: Record<string, string[]> = {};
  for (const { filter, legacy } of filterParams(area)) if (filter.kind === "select") lists[legacy] = options[filter.param] ?? [];
  return lists;
}

function rangeOf(text: string): { start: number; end: number } {
  const parsed = parseIdRangeText(text);
  if (!parsed.ok) throw badRequest(parsed.key);
  return parsed.range;
}

function importReply(outcome: ImportOutcome) {
  if (outcome.ok) return ok({ rows: outcome.rows, inserted: outcome.inserted, updated: outcome.updated }, { key: "data.msg.imported", values: { rows: outcome.rows, inserted: outcome.inserted, updated: outcome.updated } });
  const [first] = outcome.problems;
  throw new ApiError(1, first ? { key: first.key, values: first.values } : "data.import.failed", 400, { problems: outcome.problems, badRows: outcome.badRows });
}

const infoStringSchema = z.array(z.record(z.union([z.string(), z.number(), z.boolean(), z.null()]))).max(200_000);

/** infoString: a JSON array of rows keyed by the Excel headers → the parsed-sheet shape the import validates. */
function sheetOf(text: string): { firstRow: number; rows: Cell[][] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("api.badJson");
  }
  const parsed = infoStringSchema.safeParse(value);
  if (!parsed.success) throw badRequest("api.badInfoString");
  const headers: string[] = [];
  for (const row of parsed.data) for (const key of Object.keys(row)) if (!headers.includes(key)) headers.push(key);
  return { firstRow: 1, rows: [headers, ...parsed.data.map((row) => headers.map((h) => row[h] ?? null))] };
}

async function runImport(ctx: ApiContext, area: DataArea, variant: ImportVariant) {
  if (isMultipart(ctx.request)) {
    const upload = await readSpreadsheetUpload(ctx.request);
    if (!upload.ok) throw badRequest(upload.key);
    return importReply(await importSpreadsheet(area, ctx.user, upload.data, { fileName: upload.fileName, variant }));
  }
  const fields = await ctx.fields();
  const text = fields.get("infoString");
  if (typeof text !== "string" || !text.trim()) throw badRequest("api.badInfoString");
  return importReply(await importSheet(area, ctx.user, sheetOf(text), { fileName: "infoString", variant }));
}

function areaEndpoints(calls: AreaCalls): Endpoint[] {
  const area = dataAreas[calls.area];
  const access = staff(area.path);
  const at = (name: string) => `/data/${name}`;
  const listFields = [
    ...filterParams(area).map(({ legacy }) => ({ name: legacy })),
    ...(area.dateFilter ? [{ name: "Sxvalue", description: "date range: from,to (YYYY-MM-DD)" }] : []),
    { name: "pagenum", type: "integer" as const },
    { name: "pagesize", type: "integer" as const, description: "10, 50, 100 or 200" },
  ];
  const bodyFields = editColumns(area).map((c) => ({ name: c.header, required: !!c.required }));
  const endpoints: Endpoint[] = [
    {
      method: "GET",
      path: at(calls.list),
      access,
      summary: `${area.key}: one page of rows (legacy names), the total and the filter lists.`,
      fields: listFields,
      extraMembers: filterParams(area)
        .filter(({ filter }) => filter.kind === "select")
        .map(({ legacy }) => legacy),
      async handler(ctx) {
        const query = parseTableQuery(listUrl(ctx, area), areaTableSpec(area));
        const [{ rows, total }, lists] = await Promise.all([listRows(area, query), filterLists(area)]);
        return ok(
          rows.map((row) => legacyRow(area, row)),
          "api.ok",
          { total, extra: lists },
        );
      },
    },
    {
      method: "DELETE",
      path: at(calls.delete),
      access,
      summary: `${area.key}: delete one row.`,
      async handler(ctx) {
        const id = idParam(ctx.params.id);
        if (!(await findRow(area, id))) throw notFound("data.msg.deleteFailed");
        if (!(await deleteRow(area, ctx.user, id))) throw new ApiError(1, "data.msg.deleteFailed", 409);
        return ok(null, "data.msg.deleted");
      },
    },
    {
      method: "DELETE",
      path: at(calls.batch),
      access,
      summary: `${area.key}: delete the ids from start to end inclusive (range "start,end"); one statement, one transaction.`,
      async handler(ctx) {
        const count = await deleteRange(area, ctx.user, rangeOf(ctx.params.range));
        return ok({ count }, { key: rangeDeletedKey(count), values: { count } });
      },
    },
    {
      method: "POST",
      path: at(calls.import),
      access,
      bodyLimit: IMPORT_BODY_LIMIT,
      summary: `${area.key}: import rows, all or nothing: infoString (JSON array of rows keyed by the Excel headers) or a multipart .xls/.xlsx \`file\` (2 MB).`,
      fields: [{ name: "infoString", description: "JSON array of rows" }, { name: "file", type: "file" }],
      handler: (ctx) => runImport(ctx, area, "standard"),
    },
  ];
  if (calls.importPlain) {
    endpoints.push({
      method: "POST",
      path: at(calls.importPlain),
      access,
      bodyLimit: IMPORT_BODY_LIMIT,
      summary: `${area.key}: import a sheet without the +130/+2000/+3000 kg columns (as ${calls.import}).`,
      fields: [{ name: "infoString" }, { name: "file", type: "file" }],
      handler: (ctx) => runImport(ctx, area, "plain"),
    });
  }
  if (calls.get) {
    endpoints.push({
      method: "GET",
      path: at(calls.get),
      access,
      summary: `${area.key}: one row by id (legacy names).`,
      async handler(ctx) {
        const row = await findRow(area, idParam(ctx.params.id));
        if (!row) throw notFound("data.msg.loadFailed");
        return ok(legacyRow(area, row));
      },
    });
  }
  const save = (mode: "add" | "edit") => async (ctx: ApiContext) => {
    const values = await ctx.parse(editFormSchema(area, mode), legacyFields(area));
    const outcome = await saveRow(area, ctx.user, mode, values);
    if (!outcome.ok) {
      if (outcome.status === 404) throw notFound("data.msg.loadFailed");
      throw new ApiError(outcome.status === 409 || outcome.key.includes("uplicate") ? 2 : 1, outcome.key, outcome.status, outcome.field ? { field: outcome.field } : null);
    }
    return ok({ id: outcome.id }, mode === "add" ? "data.msg.added" : "data.msg.edited");
  };
  if (calls.add && area.edit?.add) {
    endpoints.push({ method: "POST", path: at(calls.add), access, summary: `${area.key}: add a row. Status 2: a duplicate (code, name, id).`, fields: bodyFields, handler: save("add") });
  }
  if (area.edit) {
    for (const name of calls.edit ?? []) {
      endpoints.push({
        method: "PUT",
        path: at(name),
        access,
        summary: `${area.key}: save a row (id and every field). Status 2: a duplicate.`,
        fields: [{ name: "id", type: "integer", required: true }, ...bodyFields],
        handler: save("edit"),
      });
    }
  }
  if (calls.export && area.export) {
    endpoints.push({
      method: "GET",
      path: at(calls.export),
      access,
      summary: `${area.key}: every row matching the list filters (legacy names, at most ${MAX_EXPORT_ROWS}); the old client wrote ${area.export.fileName} from it.`,
      fields: listFields.filter((f) => f.name !== "pagenum" && f.name !== "pagesize"),
      async handler(ctx) {
        const query = parseTableQuery(listUrl(ctx, area), areaTableSpec(area));
        const [header, ...rows] = await exportRows(area, listWhere(area, query));
        return ok(
          rows.map((row) => Object.fromEntries(header.map((h, i) => [String(h), row[i]]))),
          "api.ok",
          { total: rows.length },
        );
      },
    });
  }
  for (const [name, check, target] of calls.checks ?? []) {
    const checked = dataAreas[target ?? calls.area];
    endpoints.push({
      method: "GET",
      path: at(name),
      access,
      summary: `${checked.key}: the ${check} check (rows to fix).`,
      async handler() {
        const items = await runCheck(checked, check);
        return ok(items, items.length ? "api.ok" : "data.check.none");
      },
    });
  }
  if (calls.markup && area.markup) {
    endpoints.push({
      method: "PUT",
      path: at(calls.markup),
      access,
      summary: `Add amounts to the tier prices of the selected rows (ids repeated or comma separated, at most ${MAX_MARKUP_ROWS}); one UPDATE in one transaction.`,
      fields: [{ name: "ids", type: "array", required: true }, ...FCL_MARKUP_FIELDS.map((name) => ({ name, type: "number" as const }))],
      async handler(ctx) {
        const markup = readMarkupForm(await ctx.fields());
        if (!markup.ok) throw badRequest(markup.key);
        const done = await markupFcl(ctx.user, markup.ids, markup.amounts);
        if (!done.ok) throw badRequest(done.key);
        return ok({ count: done.count }, "data.fcl.markupDone");
      },
    });
  }
  return endpoints;
}

export const dataEndpoints: Endpoint[] = CALLS.flatMap(areaEndpoints);
