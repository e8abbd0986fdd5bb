// Rate-data maintenance calls (data-maintenance.md 7): one table of legacy
// path names per data area; every call runs the screens' domain code over
// the area's description (list, filter lists, edit schema, set-based import,
// range delete, checks). Rows travel under the spec's names (the area's
// wire entity, entities.ts), both ways.
import { dataOperation, type DataVerb } from "~/domain/permissions/operations.server";
import { importTextLimit } from "~/utils/upload-limits";
import { dataAreas, type AreaKey, type DataArea } from "~/domain/data-areas";
import {
  allRows,
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
  seaPortNames,
} from "~/domain/data-areas/queries.server";
import { FCL_MARKUP_FIELDS } from "~/domain/data-areas/fcl";
import { editFormSchema } from "~/domain/data-areas/schema";
import type { CheckKey } from "~/domain/data-areas/types";
import { MAX_EXPORT_ROWS } from "~/domain/import-export/export.server";
import { importSheet, importSpreadsheet, type ImportOutcome, type ImportVariant } from "~/domain/import-export/import.server";
import { importMaxBytes, isMultipart, readSpreadsheetUpload } from "~/domain/import-export/upload.server";
import { parseTableQuery } from "~/domain/table/paging.server";
import { ApiError, badRequest, idParam, notFound, ok, op, tableUrl, type ApiContext, type Endpoint } from "../contract/core.server";
import { listBatches, undoBatch } from "~/domain/import-export/batches.server";
import {
  CountEntity,
  CreatedEntity,
  ImportBatchEntity,
  ImportResultEntity,
  PortNameEntity,
  UndoResultEntity,
  UnmatchedPodEntity,
  areaEntity,
  spaceCheckEntity,
} from "../contract/entities";
import { parseInfoString } from "../contract/infostring";
import { entity, fromWire, shape, w, type WireEntity, type WireShape } from "../contract/wire";

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
const IMPORT_BODY_LIMIT = () => importTextLimit(importMaxBytes());

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

function importReply(outcome: ImportOutcome, t: ApiContext["t"]) {
  if (outcome.ok)
    return ok(
      { rows: outcome.rows, inserted: outcome.inserted, updated: outcome.updated },
      { key: "data.msg.imported", values: { rows: outcome.rows, inserted: outcome.inserted, updated: outcome.updated } },
    );
  const [first] = outcome.problems;
  // Every problem also as the text the import screen shows, in the caller's language.
  const problems = outcome.problems.map((p) => ({ ...p, message: t(p.key, p.values) }));
  throw new ApiError(1, first ? { key: first.key, values: first.values } : "data.import.failed", 400, {
    problems,
    badRows: outcome.badRows,
  });
}

/** The FCL markup's body: the ids and an amount for any of the nine tier prices, under the row's names. */
function markupEntity(area: DataArea): WireEntity {
  return entity("FclMarkup", [
    w.ids("ids"),
    ...areaEntity(area).fields.filter((f) => (FCL_MARKUP_FIELDS as readonly string[]).includes(f.domain)),
  ]);
}

/** The positional order of infoString tuples: the area's columns as its export writes them (the plain air file without its extra breaks). */
function tupleHeaders(area: DataArea, variant: ImportVariant): string[] {
  const skipped = new Set(variant === "plain" ? (area.import.air?.extraFields ?? []) : []);
  return area.columns.filter((c) => !skipped.has(c.field)).map((c) => c.header);
}

async function runImport(ctx: ApiContext, area: DataArea, variant: ImportVariant) {
  if (isMultipart(ctx.request)) {
    const upload = await readSpreadsheetUpload(ctx.request);
    if (!upload.ok) throw badRequest({ key: upload.key, values: upload.values });
    return importReply(await importSpreadsheet(area, ctx.user, upload.data, { fileName: upload.fileName, variant }), ctx.t);
  }
  const fields = await ctx.fields();
  const texts = fields.getAll("infoString").filter((v): v is string => typeof v === "string");
  if (!texts.some((text) => text.trim())) throw badRequest("api.badInfoString");
  const parsed = parseInfoString(texts, tupleHeaders(area, variant));
  if (!parsed.ok) throw badRequest({ key: parsed.key, values: parsed.values });
  // Rows sent as such: no second header line to drop (the air file has one).
  return importReply(await importSheet(area, ctx.user, parsed.sheet, { fileName: "infoString", variant, source: "rows" }), ctx.t);
}

/**
 * Port matching (data-maintenance.md 3, 7): portList (portname) with fclList
 * or lclList (pod). The old client compared them itself; here the server
 * does (spec 4), so the list holds the unmatched destinations only, and
 * portList the ports they were compared with. Both are top-level members,
 * as the spec lists them, and `data` holds the same pair.
 */
function portMatchEndpoint(path: string, access: Endpoint["access"], checked: DataArea): Endpoint {
  const list = `${checked.key}List`;
  const pair = shape.object({ portList: shape.list(PortNameEntity), [list]: shape.list(UnmatchedPodEntity) });
  return {
    method: "GET",
    path,
    access,
    summary: `${checked.key}: destinations (pod) that contain no sea port's name (spaces removed, case ignored).`,
    extraMembers: ["portList", list],
    response: { data: pair, members: { portList: shape.list(PortNameEntity), [list]: shape.list(UnmatchedPodEntity) } },
    async handler() {
      const [all, ports] = await Promise.all([runCheck(checked, "portMatch"), seaPortNames()]);
      // The spec's call lists destinations (pod); the screen's check also lists origins.
      const items = all.filter((item) => !item.column);
      const value = { portList: ports, [list]: items };
      return ok(value, items.length ? "api.ok" : "data.check.none", { extra: value });
    },
  };
}

function spaceCheckEndpoint(path: string, access: Endpoint["access"], checked: DataArea, check: CheckKey): Endpoint {
  return {
    method: "GET",
    path,
    access,
    summary: `${checked.key}: rows whose ${check === "leadingSpace" ? "name starts" : "name ends"} with a space.`,
    response: { data: shape.list(spaceCheckEntity(checked)) },
    async handler() {
      const items = await runCheck(checked, check);
      return ok(items, items.length ? "api.ok" : "data.check.none");
    },
  };
}

function areaEndpoints(calls: AreaCalls): Endpoint[] {
  const area = dataAreas[calls.area];
  const access = (verb: DataVerb) => op(dataOperation(area.key, verb));
  const at = (name: string) => `/data/${name}`;
  const listFields = [
    ...filterParams(area).map(({ legacy }) => ({ name: legacy })),
    ...(area.dateFilter ? [{ name: "Sxvalue", description: "date range: from,to (YYYY-MM-DD)" }] : []),
    { name: "pagenum", type: "integer" as const },
    { name: "pagesize", type: "integer" as const, description: "10, 50, 100 or 200" },
  ];
  const row = areaEntity(area);
  const filterMembers: Record<string, WireShape> = Object.fromEntries(
    filterParams(area)
      .filter(({ filter }) => filter.kind === "select")
      .map(({ legacy }) => [legacy, shape.scalar("list", "the filter list: distinct values")]),
  );
  const importFields = [
    {
      name: "infoString",
      description:
        "the rows: quoted value tuples ('v1','v2',NULL),(…) in the order of the export headers, or a JSON array of rows keyed by the spec's names",
    },
    { name: "file", type: "file" as const, description: "or a multipart .xls/.xlsx file (2 MB)" },
  ];
  const endpoints: Endpoint[] = [
    {
      method: "GET",
      path: at(calls.list),
      access: access("read"),
      summary: `${area.key}: one page of rows (legacy names), the total and the filter lists.`,
      fields: listFields,
      extraMembers: Object.keys(filterMembers),
      response: { data: shape.list(row), members: filterMembers },
      async handler(ctx) {
        const query = parseTableQuery(listUrl(ctx, area), areaTableSpec(area));
        const [{ rows, total }, lists] = await Promise.all([listRows(area, query, area.columns), filterLists(area)]);
        return ok(rows, "api.ok", { total, extra: lists });
      },
    },
    {
      method: "DELETE",
      path: at(calls.delete),
      access: access("delete"),
      summary: `${area.key}: delete one row.`,
      response: { data: shape.none },
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
      access: access("delete"),
      summary: `${area.key}: delete the ids from start to end inclusive (range "start,end"); one statement, one transaction.`,
      response: { data: shape.one(CountEntity) },
      async handler(ctx) {
        const count = await deleteRange(area, ctx.user, rangeOf(ctx.params.range));
        return ok({ count }, { key: rangeDeletedKey(count), values: { count } });
      },
    },
    {
      method: "POST",
      path: at(calls.import),
      access: access("import"),
      bodyLimit: IMPORT_BODY_LIMIT,
      summary: `${area.key}: import rows, all or nothing (upsert by id): infoString or a multipart .xls/.xlsx file.`,
      fields: importFields,
      response: { data: shape.one(ImportResultEntity) },
      handler: (ctx) => runImport(ctx, area, "standard"),
    },
  ];
  endpoints.push(...historyEndpoints(calls, area, access("import")));
  if (calls.importPlain) {
    endpoints.push({
      method: "POST",
      path: at(calls.importPlain),
      access: access("import"),
      bodyLimit: IMPORT_BODY_LIMIT,
      summary: `${area.key}: import a sheet without the +130/+2000/+3000 kg columns (as ${calls.import}).`,
      fields: importFields,
      response: { data: shape.one(ImportResultEntity) },
      handler: (ctx) => runImport(ctx, area, "plain"),
    });
  }
  if (calls.get) {
    endpoints.push({
      method: "GET",
      path: at(calls.get),
      access: access("read"),
      summary: `${area.key}: one row by id; its edit call accepts it unchanged.`,
      response: { data: shape.one(row) },
      async handler(ctx) {
        const found = await findRow(area, idParam(ctx.params.id));
        if (!found) throw notFound("data.msg.loadFailed");
        return ok(found);
      },
    });
  }
  const save = (mode: "add" | "edit") => async (ctx: ApiContext) => {
    const values = await ctx.parse(editFormSchema(area, mode));
    const outcome = await saveRow(area, ctx.user, mode, values);
    if (!outcome.ok) {
      if (outcome.status === 404) throw notFound("data.msg.loadFailed");
      throw new ApiError(
        outcome.status === 409 || outcome.key.includes("uplicate") ? 2 : 1,
        outcome.key,
        outcome.status,
        outcome.field ? { field: outcome.field } : null,
      );
    }
    return ok({ id: outcome.id }, mode === "add" ? "data.msg.added" : "data.msg.edited");
  };
  if (calls.add && area.edit?.add) {
    endpoints.push({
      method: "POST",
      path: at(calls.add),
      access: access("edit"),
      summary: `${area.key}: add a row. Status 2: a duplicate (code, name, id).`,
      input: row,
      response: { data: shape.one(CreatedEntity) },
      handler: save("add"),
    });
  }
  if (area.edit) {
    for (const name of calls.edit ?? []) {
      endpoints.push({
        method: "PUT",
        path: at(name),
        access: access("edit"),
        summary: `${area.key}: save a row (id and every field, as ${calls.get ? `GET /data/${calls.get}` : "the list"} returns it). Status 2: a duplicate.`,
        input: row,
        response: { data: shape.one(CreatedEntity) },
        handler: save("edit"),
      });
    }
  }
  if (calls.export && area.export) {
    endpoints.push({
      method: "GET",
      path: at(calls.export),
      access: access("export"),
      summary: `${area.key}: every row matching the list filters (at most ${MAX_EXPORT_ROWS}), as the list returns them; the old client wrote ${area.export.fileName} from it.`,
      fields: listFields.filter((f) => f.name !== "pagenum" && f.name !== "pagesize"),
      response: { data: shape.list(row) },
      async handler(ctx) {
        const query = parseTableQuery(listUrl(ctx, area), areaTableSpec(area));
        const rows = await allRows(area, listWhere(area, query), MAX_EXPORT_ROWS);
        return ok(rows, "api.ok", { total: rows.length });
      },
    });
  }
  for (const [name, check, target] of calls.checks ?? []) {
    const checked = dataAreas[target ?? calls.area];
    endpoints.push(
      check === "portMatch"
        ? portMatchEndpoint(at(name), access("read"), checked)
        : spaceCheckEndpoint(at(name), access("read"), checked, check),
    );
  }
  if (calls.markup && area.fclTierMarkup) {
    const markup = markupEntity(area);
    endpoints.push({
      method: "PUT",
      path: at(calls.markup),
      access: access("markup"),
      summary: `Add amounts to the tier prices of the selected rows (ids repeated or comma separated, at most ${MAX_MARKUP_ROWS}); one UPDATE in one transaction.`,
      fields: [{ name: "ids", required: true, description: "the selected rows' ids: comma separated or repeated" }],
      input: markup,
      response: { data: shape.one(CountEntity) },
      async handler(ctx) {
        // The nine prices under the FCL row's names (20GP_T0 …), mapped like every body.
        const markup = readMarkupForm(fromWire(markupEntity(area), await ctx.fields()).form);
        if (!markup.ok) throw badRequest(markup.key);
        const done = await markupFcl(ctx.user, markup.ids, markup.amounts);
        if (!done.ok) throw badRequest(done.key);
        return ok({ count: done.count }, "data.fcl.markupDone");
      },
    });
  }
  return endpoints;
}

/** Yes-like flag values of a form field (1, true, yes, on). */
const flag = (value: FormDataEntryValue | null) => typeof value === "string" && /^(1|true|yes|on)$/i.test(value.trim());

/**
 * Import history and undo (issue 23 item 2, decision 204), as the screens'
 * history dialog: the area's kept batches, and the undo of one (all of it,
 * or with `rest` the rows no later change touched). Same operation as the
 * import.
 */
function historyEndpoints(calls: AreaCalls, area: DataArea, access: Endpoint["access"]): Endpoint[] {
  return [
    {
      method: "GET",
      path: `/data/importbatch${calls.list}`,
      access,
      summary: `${area.key}: the committed imports (batches), newest first: who, when, file and checksum, counts, undo state.`,
      response: { data: shape.list(ImportBatchEntity) },
      async handler() {
        const batches = await listBatches(area);
        return ok(batches, "api.ok", { total: batches.length });
      },
    },
    {
      method: "POST",
      path: `/data/undoimport${calls.list}/{id}`,
      access,
      summary: `${area.key}: undo an import batch in one transaction. Rows changed since refuse it (status 409, data: their count and ids) unless rest=1, which undoes the others and keeps those.`,
      fields: [{ name: "rest", type: "boolean", description: "1: undo the rows no later change touched, keep the others" }],
      response: { data: shape.one(UndoResultEntity) },
      async handler(ctx) {
        const id = idParam(ctx.params.id);
        const outcome = await undoBatch(area, ctx.user, id, { rest: flag((await ctx.fields()).get("rest")) });
        if (outcome.ok) {
          const { restored, deleted, skipped } = outcome;
          return ok(
            { restored, deleted, skipped },
            { key: skipped ? "importHistory.undonePartly" : "importHistory.undone", values: { restored, deleted, skipped } },
          );
        }
        // The conflicting rows: how many, and the first 200 ids (as the screen lists them).
        if (outcome.reason === "conflicts")
          throw new ApiError(1, { key: "importHistory.conflicts", values: { count: outcome.conflicts.count } }, 409, outcome.conflicts);
        if (outcome.reason === "undone") throw new ApiError(1, "importHistory.alreadyUndone", 409);
        throw notFound("importHistory.notFound");
      },
    },
  ];
}

export const dataEndpoints: Endpoint[] = CALLS.flatMap(areaEndpoints);
