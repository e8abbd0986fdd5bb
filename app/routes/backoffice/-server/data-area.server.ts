// One loader, one action and one export route for every data area, built
// from its description. The nine route files only bind an area:
//   export const loader = dataAreaLoader(fclArea);
//   export const action = dataAreaAction(fclArea);
// Every loader and action authorizes the area's operation (data.<area>.read,
// .edit, .delete, .import, .markup, .export) itself.
import { versionsOf, type RequestArgs } from "~/http/context.server";
import { operationAction, requireOperation, type DeclaredOperations, type OperationGate } from "~/http/auth.server";
import type { TranslationKey } from "~/i18n/keys";
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { dataOperation } from "~/domain/permissions/operations.server";
import { flash, type FlashMessage } from "~/http/cookies.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { tablePage, searchWith } from "~/domain/table/paging.server";
import { importSpreadsheet, type ImportSuccess } from "~/domain/import-export/import.server";
import { commitPreview, createPreview, discardPreview, loadPreview, PREVIEW_DECISIONS } from "~/domain/import-export/preview.server";
import { listBatches, previewUndo, undoBatch } from "~/domain/import-export/batches.server";
import { deleteProfile, discardWizard, saveChoices, startWizard, wizardPreview, wizardView } from "~/domain/import-export/wizard.server";
import { importMaxBytes, importSizeValues, isMultipart, readSpreadsheetUpload } from "~/domain/import-export/upload.server";
import { exportWorkbook, XLS_TYPE, XLSX_TYPE } from "~/domain/import-export/export.server";
import { spreadsheetResponse } from "~/http/replies.server";
import { batchFile } from "~/domain/import-export/batches.server";
import { importTemplate } from "~/domain/import-export/template.server";
import { previewReport } from "~/domain/import-export/preview-report.server";
import { getT } from "~/i18n/i18n.server";
import { parseWritten, writtenParam, WRITTEN_PARAM } from "~/domain/data-areas/written";
import {
  countRange,
  parseAreaQuery,
  typedFilters,
  deleteRange,
  deleteRow,
  cachedCount,
  cachedFilterOptions,
  findRow,
  listRows,
  listWhere,
  markupFcl,
  readMarkupForm,
  parseIdRange,
  rangeDeletedKey,
  runCheck,
  saveRow,
  type AreaWhere,
} from "~/domain/data-areas/queries.server";
import { editFormSchema } from "~/domain/data-areas/schema";
import {
  DIALOG_PARAMS,
  EXPORT_SCOPE_PARAM,
  PREVIEW_FILTERS,
  PREVIEW_PAGE_SIZE,
  UPLOAD_REFUSED_PARAM,
  type DataAreaActionData,
  type DataAreaLoaderData,
  type DialogState,
  type PreviewData,
  type WizardData,
} from "~/domain/data-areas/screen-types";
import { editColumns, visibleColumns, type CheckKey, type DataArea } from "~/domain/data-areas/types";
import { hiddenColumns, storeColumnChoice } from "./columns.server";
import { readFormData } from "~/utils/form-data.server";

/** The list URL (filters and page kept, dialogs closed). */
export function listHref(area: DataArea, url: URL): string {
  const search = searchWith(url.search, Object.fromEntries(DIALOG_PARAMS.map((p) => [p, null])));
  return search === "?" ? area.path : `${area.path}${search}`;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** The add form's values from the list's select filters on its fields (`?pol=…&pod=…&add=1`). */
function addPrefill(area: DataArea, params: URLSearchParams): Record<string, string> {
  const fields = new Set(editColumns(area).map((c) => c.field));
  const prefill: Record<string, string> = {};
  for (const filter of area.filters) {
    const value = params.get(filter.param)?.trim();
    if (filter.kind === "select" && fields.has(filter.field) && value) prefill[filter.field] = value.slice(0, 200);
  }
  return prefill;
}

async function loadDialog(area: DataArea, url: URL): Promise<DialogState> {
  const params = url.searchParams;
  if (params.has("edit") && area.edit) {
    const id = positiveInt(params.get("edit"));
    const row = id === null ? null : await findRow(area, id);
    return row ? { kind: "edit", row } : { kind: "missing" };
  }
  if (params.has("add") && area.edit?.add) return { kind: "add", prefill: addPrefill(area, params) };
  if (params.has("delete")) {
    const id = positiveInt(params.get("delete"));
    return id === null ? { kind: "missing" } : { kind: "delete", id };
  }
  if (params.has("range")) {
    const start = params.get("start") ?? "";
    const end = params.get("end") ?? "";
    if (params.get("step") !== "confirm") return { kind: "range", start, end, warning: null, confirm: null };
    const parsed = parseIdRange(start, end);
    if (!parsed.ok) return { kind: "range", start, end, warning: parsed.key, confirm: null };
    return { kind: "range", start, end, warning: null, confirm: { ...parsed.range, count: await countRange(area, parsed.range) } };
  }
  if (params.has("history")) return { kind: "history", batches: await listBatches(area) };
  if (params.has("undo")) {
    const id = positiveInt(params.get("undo"));
    const found = id === null ? null : await previewUndo(area, id);
    return found ? { kind: "undo", ...found } : { kind: "missing" };
  }
  const check = params.get("check") as CheckKey | null;
  if (check && area.checks?.includes(check)) return { kind: "check", check, items: await runCheck(area, check) };
  return { kind: "none" };
}

export function dataAreaLoader(area: DataArea) {
  return async function loader({ request, context }: LoaderFunctionArgs): Promise<DataAreaLoaderData> {
    const viewer = await requireOperation({ request, context }, dataOperation(area.key, "read"));
    const url = new URL(request.url);
    const choice = storeColumnChoice(url, area, viewer);
    if (choice) throw choice;
    const hidden = hiddenColumns(request, area, viewer);
    const query = parseAreaQuery(area, url);
    const written = parseWritten(url.searchParams.get(WRITTEN_PARAM));
    const where = written
      ? { OR: written.map((span) => ({ id: { gte: span.start, lte: span.end } })) }
      : listWhere(area, query, await typedFilters(area, query));
    const versions = await versionsOf({ request, context });
    const count = (w: AreaWhere) => cachedCount(versions, area, w);
    const [{ rows, total }, options, dialog, allRows, preview, wizard] = await Promise.all([
      listRows(area, query, visibleColumns(area, hidden), where, count),
      cachedFilterOptions(versions, area),
      loadDialog(area, url),
      area.export ? count({}) : Promise.resolve(0),
      previewOf(area, { request, context }, url),
      wizardOf(area, viewer, { request, context }, url),
    ]);
    return {
      rows,
      page: tablePage(query, total),
      options,
      dialog,
      written: written ? total : null,
      allRows,
      hidden,
      importMaxBytes: importMaxBytes(),
      ...(preview ? { preview } : {}),
      ...(wizard ? { wizard } : {}),
      ...(url.searchParams.get(UPLOAD_REFUSED_PARAM) === "tooLarge"
        ? { uploadRefused: { key: "data.import.tooLarge" as const, values: importSizeValues() } }
        : {}),
    };
  };
}

/** ?wizard=<id>: the user's own upload in the import wizard (issue 40); only for those who may import. */
async function wizardOf(area: DataArea, viewer: Viewer, args: RequestArgs, url: URL): Promise<WizardData | null> {
  const id = url.searchParams.get("wizard");
  if (!id) return null;
  await requireOperation(args, dataOperation(area.key, "import"));
  return PREVIEW_ID.test(id) ? wizardView(area, viewer, id) : { gone: true };
}

async function back(request: Request, to: string, message: FlashMessage) {
  return redirect(to, { headers: await flash(request, message) });
}

function badRequest(): never {
  throw new Response("Bad request", { status: 400 });
}

const PREVIEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A preview id from a form (anything else names no preview). */
function previewIdOf(form: FormData): string {
  const id = form.get("previewId");
  return typeof id === "string" && PREVIEW_ID.test(id) ? id : "00000000-0000-0000-0000-000000000000";
}

/** ?preview=<id>: the user's own preview of an upload (issue 23.1), one page of it; only for those who may import. */
async function previewOf(area: DataArea, args: RequestArgs, url: URL): Promise<PreviewData | null> {
  const id = url.searchParams.get("preview");
  if (!id) return null;
  const viewer = await requireOperation(args, dataOperation(area.key, "import"));
  const filter = PREVIEW_FILTERS.find((f) => f === url.searchParams.get("pf")) ?? "all";
  const page = positiveInt(url.searchParams.get("pp")) ?? 1;
  const portsPage = positiveInt(url.searchParams.get("ppp")) ?? 1;
  const tab = url.searchParams.get("ptab") || null;
  const preview = PREVIEW_ID.test(id)
    ? await loadPreview(area, viewer, id, { filter, page, pageSize: PREVIEW_PAGE_SIZE, portsPage, ...(tab ? { tab } : {}) })
    : null;
  if (!preview) return { gone: true };
  return { gone: false, filter, page, pageSize: PREVIEW_PAGE_SIZE, tab, ...preview };
}

async function importAction(area: DataArea, gate: OperationGate, request: Request) {
  const upload = await readSpreadsheetUpload(request);
  if (!upload.ok)
    return data<DataAreaActionData>(
      { intent: "import", problems: [{ key: upload.key, values: upload.values }], badRows: [] },
      { status: 400 },
    );
  const intent = upload.form.get("intent");
  if (intent !== "import" && intent !== "importPlain" && intent !== "preview" && intent !== "previewPlain" && intent !== "wizard")
    badRequest();
  const viewer = await gate.authorizeUser(intent);
  if (intent === "wizard") {
    // A carrier's sheet (issue 40): a saved source recognised by its headers goes straight to the preview.
    const started = await startWizard(area, viewer, upload.data, upload.fileName);
    if (!started.ok)
      return data<DataAreaActionData>({ intent: "import", problems: started.problems, badRows: started.badRows }, { status: 400 });
    if ("preview" in started)
      return back(request, `${area.path}?preview=${started.preview}`, {
        type: "info",
        key: "wizard.msg.recognised",
        values: { name: started.profile },
      });
    return redirect(`${area.path}?wizard=${started.wizard}`);
  }
  const variant = (intent === "importPlain" || intent === "previewPlain") && area.import.air ? "plain" : "standard";
  const outcome =
    intent === "preview" || intent === "previewPlain"
      ? await createPreview(area, viewer, upload.data, { fileName: upload.fileName, variant })
      : await importSpreadsheet(area, viewer, upload.data, { fileName: upload.fileName, variant });
  if (outcome.ok && "id" in outcome) return redirect(`${area.path}?preview=${outcome.id}`);
  if (!outcome.ok) {
    const { problems, badRows, dateErrorIds } = outcome;
    return data<DataAreaActionData>({ intent: "import", problems, badRows, ...(dateErrorIds ? { dateErrorIds } : {}) }, { status: 400 });
  }
  return importedMessage(request, area, outcome);
}

/** After an import or a preview's commit: the rows just written (issue 22.5), with the counts. */
async function importedMessage(request: Request, area: DataArea, outcome: ImportSuccess) {
  const values = { rows: outcome.rows, inserted: outcome.inserted, updated: outcome.updated };
  // Columns that matched nothing were ignored: said, not silent (issue 22.1).
  const message: FlashMessage = outcome.unmatched?.length
    ? { type: "warning", key: "data.msg.importedUnmatched", values: { ...values, columns: outcome.unmatched.join(", ") } }
    : { type: "success", key: "data.msg.imported", values };
  return showWrittenRows(request, area, outcome.ids, message);
}

/** Undo of an import batch: all of it, or (undoRest) all but the rows changed since. */
async function undoAction(area: DataArea, viewer: Viewer, request: Request, form: FormData, rest: boolean) {
  const id = positiveInt(String(form.get("batch") ?? ""));
  if (id === null) badRequest();
  const historyHref = `${area.path}?history=1`;
  const outcome = await undoBatch(area, viewer, id, { rest });
  if (outcome.ok) {
    const { restored, deleted, skipped } = outcome;
    return back(request, historyHref, {
      type: "success",
      key: skipped ? "importHistory.undonePartly" : "importHistory.undone",
      values: { restored, deleted, skipped },
    });
  }
  if (outcome.reason === "conflicts") {
    return back(request, `${area.path}?undo=${id}`, {
      type: "warning",
      key: "importHistory.conflicts",
      values: { count: outcome.conflicts.count },
    });
  }
  return back(request, historyHref, {
    type: "error",
    key: outcome.reason === "undone" ? "importHistory.alreadyUndone" : "importHistory.notFound",
  });
}

/**
 * After an import or an add (issue 22 item 5): the area's list showing just
 * the rows written (`?written=<id ranges>`, in the area's order), with
 * `message` flashed; the screen says "showing the N rows just written — show
 * all". The one redirect of every write that creates rows: the import
 * action, the add dialog, and the import preview's commit.
 */
export async function showWrittenRows(request: Request, area: DataArea, ids: readonly number[], message: FlashMessage): Promise<Response> {
  if (ids.length === 0) return back(request, area.path, message);
  return back(request, `${area.path}?${WRITTEN_PARAM}=${writtenParam(ids)}`, message);
}

async function saveAction(area: DataArea, viewer: Viewer, request: Request, form: FormData, to: string) {
  const mode = form.has("id") ? "edit" : "add";
  if (!area.edit || (mode === "add" && !area.edit.add)) badRequest();
  const submission = parseWithZod(form, { schema: editFormSchema(area, mode) });
  if (submission.status !== "success") {
    return data<DataAreaActionData>({ intent: "save", result: submission.reply() }, { status: 400 });
  }
  const outcome = await saveRow(area, viewer, mode, submission.value);
  if (!outcome.ok) {
    if (outcome.status === 404) return back(request, to, { type: "error", key: "data.msg.loadFailed" });
    const result = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.key] } })
      : submission.reply({ formErrors: [outcome.key] });
    return data<DataAreaActionData>({ intent: "save", result }, { status: outcome.status });
  }
  if (mode === "add") return showWrittenRows(request, area, [outcome.id], { type: "success", key: "data.msg.added" });
  return back(request, to, { type: "success", key: "data.msg.edited" });
}

/** A refused markup answers on the page, keeping the selection (issue 22 item 8). */
function markupRefused(key: TranslationKey, ids: number[]) {
  return data<DataAreaActionData>({ intent: "markup", key, ids }, { status: 400 });
}

async function markupAction(viewer: Viewer, request: Request, form: FormData, to: string) {
  const markup = readMarkupForm(form);
  if (!markup.ok) {
    if (markup.tooMany) badRequest();
    return markupRefused(markup.key, selectedIds(form));
  }
  let done;
  try {
    done = await markupFcl(viewer, markup.ids, markup.amounts);
  } catch (error) {
    console.warn("markup failed", error);
    return markupRefused("data.fcl.markupFailed", markup.ids);
  }
  if (!done.ok) return markupRefused(done.key, markup.ids);
  return back(request, to, { type: "success", key: "data.fcl.markupDone" });
}

/** The ids of the checked rows (repeated `ids` fields); junk is dropped. */
function selectedIds(form: FormData): number[] {
  return [
    ...new Set(
      form
        .getAll("ids")
        .map((v) => positiveInt(String(v)))
        .filter((v): v is number => v !== null),
    ),
  ];
}

/** The intents of a data screen and the operation each performs. */
function dataIntents(area: DataArea): DeclaredOperations {
  const op = (verb: Parameters<typeof dataOperation>[1]) => dataOperation(area.key, verb);
  return {
    import: op("import"),
    importPlain: op("import"),
    // Undo needs the import's own permission (issue 23 item 2).
    undo: op("import"),
    undoRest: op("import"),
    preview: op("import"),
    previewPlain: op("import"),
    commitPreview: op("import"),
    discardPreview: op("import"),
    // The import wizard (issue 40): the import's own permission.
    wizard: op("import"),
    wizardApply: op("import"),
    wizardPreview: op("import"),
    wizardDiscard: op("import"),
    profileDelete: op("import"),
    ...(area.edit ? { save: op("edit") } : {}),
    delete: op("delete"),
    cancelDelete: op("delete"),
    rangeDelete: op("delete"),
    ...(area.fclTierMarkup ? { markup: op("markup") } : {}),
  };
}

export function dataAreaAction(area: DataArea) {
  return operationAction(dataIntents(area), async ({ request }, gate) => {
    const url = new URL(request.url);
    const to = listHref(area, url);
    if (isMultipart(request)) return importAction(area, gate, request);
    const form = await readFormData(request);
    const intent = form.get("intent");
    const viewer = await gate.authorizeUser(typeof intent === "string" && intent in dataIntents(area) ? intent : "");
    switch (intent) {
      case "save":
        return saveAction(area, viewer, request, form, to);
      case "delete": {
        const id = positiveInt(String(form.get("id") ?? ""));
        if (id === null) badRequest();
        const deleted = await deleteRow(area, viewer, id).catch((error) => {
          console.warn("delete failed", error);
          return false;
        });
        return back(request, to, deleted ? { type: "success", key: "data.msg.deleted" } : { type: "error", key: "data.msg.deleteFailed" });
      }
      case "cancelDelete":
        return back(request, to, { type: "info", key: "data.msg.deleteCancelled" });
      case "rangeDelete": {
        const parsed = parseIdRange(form.get("start") as string | null, form.get("end") as string | null);
        if (!parsed.ok) return back(request, to, { type: "warning", key: parsed.key });
        try {
          const count = await deleteRange(area, viewer, parsed.range);
          return back(request, to, { type: "success", key: rangeDeletedKey(count), values: { count } });
        } catch (error) {
          console.warn("range delete failed", error);
          return back(request, to, { type: "error", key: "data.msg.rangeDeleteFailed" });
        }
      }
      case "undo":
      case "undoRest":
        return undoAction(area, viewer, request, form, intent === "undoRest");
      case "commitPreview": {
        // Commit writes what the preview showed; afterwards the list (issue 22.5's landing on the rows is wired at the merge).
        const accepted = PREVIEW_DECISIONS.filter((d) => form.getAll("accept").includes(d));
        const outcome = await commitPreview(area, viewer, previewIdOf(form), accepted);
        if (outcome.ok) return importedMessage(request, area, outcome);
        // A decision not taken: back to the preview, which asks for it.
        const key = outcome.problems[0]?.key ?? "data.import.failed";
        const undecided = key.startsWith("importPreview.decide.");
        return back(request, undecided ? `${area.path}?preview=${previewIdOf(form)}` : to, { type: "warning", key });
      }
      case "wizardApply":
      case "wizardPreview": {
        const id = previewIdOf(form);
        if (!(await saveChoices(area, viewer, id, form))) return back(request, area.path, { type: "warning", key: "wizard.msg.gone" });
        if (intent === "wizardApply") return redirect(`${area.path}?wizard=${id}`);
        const made = await wizardPreview(area, viewer, id);
        if (made.ok) return redirect(`${area.path}?preview=${made.preview}`);
        if (made.gone) return back(request, area.path, { type: "warning", key: "wizard.msg.gone" });
        // What is still to decide is listed on the wizard's page, in the clerk's words; a file's own problem is flashed.
        const [first] = made.problems;
        const undecided = !first || first.key.startsWith("wizard.problem.");
        return back(
          request,
          `${area.path}?wizard=${id}`,
          undecided ? { type: "warning", key: "wizard.msg.undecided" } : { type: "warning", key: first.key, values: first.values },
        );
      }
      case "wizardDiscard":
        await discardWizard(area, viewer, previewIdOf(form));
        return back(request, to, { type: "info", key: "wizard.msg.discarded" });
      case "profileDelete": {
        const id = positiveInt(String(form.get("profile") ?? ""));
        if (id === null) badRequest();
        const deleted = await deleteProfile(area, id);
        return back(request, `${area.path}?wizard=${previewIdOf(form)}`, {
          type: deleted ? "success" : "warning",
          key: deleted ? "wizard.msg.profileDeleted" : "wizard.msg.gone",
        });
      }
      case "discardPreview":
        await discardPreview(area, viewer, previewIdOf(form));
        return back(request, to, { type: "info", key: "importPreview.discarded" });
      case "markup":
        if (!area.fclTierMarkup) badRequest();
        return markupAction(viewer, request, form, to);
      default:
        badRequest();
    }
  });
}

/** GET <path>/export?<filters>: the whole filtered table. */
export function dataAreaExportLoader(area: DataArea) {
  return async function loader({ request, context }: LoaderFunctionArgs) {
    // An area without export has no export operation either: nothing to authorize.
    if (!area.export) throw new Response("Not found", { status: 404 });
    await requireOperation({ request, context }, dataOperation(area.key, "export"));
    const url = new URL(request.url);
    // ?scope=all: every row of the table; otherwise the rows the screen's filters show (issue 22 item 4).
    const query = parseAreaQuery(area, url);
    const where = url.searchParams.get(EXPORT_SCOPE_PARAM) === "all" ? {} : listWhere(area, query, await typedFilters(area, query));
    const file = await exportWorkbook(area, where);
    return spreadsheetResponse(file, area.export.fileName, area.export.asciiName);
  };
}

/** GET <path>/template: the area's import template (needs the import permission). */
export function dataAreaTemplateLoader(area: DataArea) {
  return async function loader({ request, context }: LoaderFunctionArgs) {
    await requireOperation({ request, context }, dataOperation(area.key, "import"));
    const file = await importTemplate(area, await getT(request));
    return spreadsheetResponse(file.data, file.fileName, file.asciiName, XLSX_TYPE);
  };
}

/** GET <path>/preview-report/<preview>: the user's own preview as an .xlsx report (the import permission; 404 when gone). */
export function dataAreaPreviewReportLoader(area: DataArea, preview: string) {
  return async function loader({ request, context }: LoaderFunctionArgs) {
    const viewer = await requireOperation({ request, context }, dataOperation(area.key, "import"));
    const file = PREVIEW_ID.test(preview) ? await previewReport(area, viewer, preview, await getT(request)) : null;
    if (!file) throw new Response("Not found", { status: 404 });
    return spreadsheetResponse(file.data, file.fileName, file.asciiName, XLSX_TYPE);
  };
}

/** GET <path>/import-file/<batch>: the original file of an import batch (the import permission). */
export function dataAreaImportFileLoader(area: DataArea, batch: string) {
  return async function loader({ request, context }: LoaderFunctionArgs) {
    await requireOperation({ request, context }, dataOperation(area.key, "import"));
    const id = positiveInt(batch);
    const file = id === null ? null : await batchFile(area, id);
    if (!file) throw new Response("Not found", { status: 404 });
    const xls = file.data[0] === 0xd0;
    return spreadsheetResponse(file.data, file.fileName, `import-${id}.${xls ? "xls" : "xlsx"}`, xls ? XLS_TYPE : XLSX_TYPE);
  };
}

/** POST <path>/export with ids: the selected rows (trailer, express countries). */
export function dataAreaExportAction(area: DataArea) {
  return operationAction({ "*": dataOperation(area.key, "export") }, async ({ request }, gate) => {
    await gate.authorize();
    if (!area.export || !area.exportSelected) throw new Response("Method not allowed", { status: 405 });
    const form = await readFormData(request);
    const ids = selectedIds(form);
    // Nothing selected: back to the list with its filters (the form posts to export?<list query>).
    if (ids.length === 0) return back(request, listHref(area, new URL(request.url)), { type: "warning", key: "data.msg.selectRows" });
    const file = await exportWorkbook(area, { id: { in: ids.slice(0, 100_000) } });
    return spreadsheetResponse(file, area.export.fileName, area.export.asciiName);
  });
}
