// Runs the spreadsheet workers (server/workers/*.mjs) with a heap limit and
// a timeout: parsing untrusted files never happens on the server's own
// thread (STACK.md "Excel"). The worker files are plain ESM on disk, found
// from the project root (process.cwd(): server/index.js chdirs there; vitest,
// tsx scripts and the dev server start there).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { neutraliseCell } from "./formula-guard";
import { sheetRows } from "./sheet-grid";

export type Cell = string | number | boolean | null;
/** `formulaCells`: addresses (B7) of formula cells saved without a computed value. */
export type ParsedSheet = { firstRow: number; rows: Cell[][]; formulaCells?: string[] };
/** The parse worker's reply: the rows in compact form (server/workers/compact-sheet.mjs; read through sheet-grid.ts). */
export type CompactSheet = {
  firstRow: number;
  rowStart: Uint32Array;
  kind: Uint8Array;
  num: Float64Array;
  strings: string[];
  formulaCells: string[];
  /** The worker's own phases in ms (zip size check and inflation, reading, compacting), for the bench. */
  timings?: { zipSizes: number; read: number; compact: number };
};

export class SheetWorkerError extends Error {
  constructor(
    /** zipBomb: an .xlsx entry inflates beyond its declared size (parseSheetInWorker's verifyZip). */
    readonly reason: "timeout" | "memory" | "unreadable" | "crashed" | "zipBomb",
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = "SheetWorkerError";
  }
}

export const WORKER_LIMITS = {
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 48,
  timeoutMs: 30_000,
};

const MB = 1024 * 1024;
/** The upload size WORKER_LIMITS are made for (the spec's 2 MB). */
const BASE_UPLOAD_MB = 2;

/**
 * The parse worker's limits for uploads of up to `maxBytes` (IMPORT_MAX_MB,
 * decision 204): the 2 MB default keeps WORKER_LIMITS exactly; each further
 * MB adds 24 MB of heap and 3 s (a 100,000-row × 30-column .xlsx is 10-27 MB
 * and its parse needs about 10 times its size in heap: IMPORT_MAX_MB=30 gives
 * 928 MB and 114 s). Limits never fall below WORKER_LIMITS.
 */
export function workerLimitsFor(maxBytes: number): typeof WORKER_LIMITS {
  const extraMb = Math.max(0, Math.ceil(maxBytes / MB) - BASE_UPLOAD_MB);
  return {
    maxOldGenerationSizeMb: WORKER_LIMITS.maxOldGenerationSizeMb + 24 * extraMb,
    maxYoungGenerationSizeMb: WORKER_LIMITS.maxYoungGenerationSizeMb,
    timeoutMs: WORKER_LIMITS.timeoutMs + 3_000 * extraMb,
  };
}

function workerUrl(file: string): URL {
  const root = process.env.APP_ROOT ?? process.cwd();
  return pathToFileURL(path.join(root, "server", "workers", file));
}

type WorkerReply<T> = ({ ok: true } & T) | { ok: false; error: string } | { ok: false; zip: "sizeMismatch" | "notZip" };

/** At most this many sheet workers at once: parallel hostile uploads queue instead of multiplying heaps. */
export const MAX_PARALLEL_WORKERS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  // A finishing task hands its slot straight to the next waiter.
  if (running >= MAX_PARALLEL_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function runWorker<T>(file: string, workerData: unknown, transferList: ArrayBuffer[], limits = WORKER_LIMITS): Promise<T> {
  return withSlot(() => startWorker<T>(file, workerData, transferList, limits));
}

function startWorker<T>(file: string, workerData: unknown, transferList: ArrayBuffer[], limits = WORKER_LIMITS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(workerUrl(file), {
      workerData,
      transferList,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
      },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new SheetWorkerError("timeout"))), limits.timeoutMs);
    worker.once("message", (reply: WorkerReply<T>) =>
      finish(() => {
        if (reply.ok) resolve(reply as T);
        else if ("zip" in reply) reject(new SheetWorkerError(reply.zip === "sizeMismatch" ? "zipBomb" : "unreadable", reply.zip));
        else reject(new SheetWorkerError("unreadable", reply.error));
      }),
    );
    worker.once("error", (error: NodeJS.ErrnoException) =>
      finish(() => reject(new SheetWorkerError(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "crashed", error.message))),
    );
    worker.once("exit", (code) => finish(() => reject(new SheetWorkerError("crashed", `exit ${code}`))));
  });
}

/**
 * First sheet of an .xls/.xlsx in the compact form the worker sends (typed
 * arrays moved, not copied, each distinct string once; read it through
 * sheet-grid.ts). The input buffer is transferred (unusable afterwards).
 * `verifyZip`: the worker first inflates every entry of an .xlsx capped at
 * its declared size (issue 22.9: refused with reason "zipBomb" when one
 * inflates beyond it) and the one-pass reader reads those inflated bytes, so
 * the file is inflated once.
 */
export async function parseCompactSheetInWorker(
  data: Uint8Array,
  limits = WORKER_LIMITS,
  options: { verifyZip?: boolean } = {},
): Promise<CompactSheet> {
  const copy = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
  const reply = await runWorker<CompactSheet>(
    "parse-sheet.mjs",
    { data: copy, verifyZip: options.verifyZip ?? false },
    [copy.buffer as ArrayBuffer],
    limits,
  );
  const { firstRow, rowStart, kind, num, strings, formulaCells, timings } = reply;
  return { firstRow, rowStart, kind, num, strings, formulaCells: formulaCells ?? [], timings };
}

/** A merged range of cells, 0-based rows and columns of the sheet (SheetJS's `!merges`). */
export type Merge = { s: { r: number; c: number }; e: { r: number; c: number } };
/** Rows and columns hidden in the workbook: rows 1-based as the sheet numbers them, columns 0-based. */
export type HiddenCells = { rows: number[]; columns: number[] };
/** One tab of a workbook: its name, whether it is hidden, its cells in the compact form, its merged ranges and hidden rows and columns. */
export type WorkbookTab = CompactSheet & { name: string; hidden: boolean; merges: Merge[]; hiddenCells: HiddenCells };

/**
 * Every tab of an .xls/.xlsx (issue 40), each in the compact form with its
 * merged ranges; each tab's `formulaCells` are its formulas saved without a
 * result (every form). As parseCompactSheetInWorker otherwise.
 */
export async function parseWorkbookInWorker(
  data: Uint8Array,
  limits = WORKER_LIMITS,
  options: { verifyZip?: boolean } = {},
): Promise<{ tabs: WorkbookTab[]; timings?: CompactSheet["timings"] }> {
  const copy = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
  const reply = await runWorker<{ tabs: WorkbookTab[]; timings?: CompactSheet["timings"] }>(
    "parse-sheet.mjs",
    { data: copy, verifyZip: options.verifyZip ?? false, workbook: true },
    [copy.buffer as ArrayBuffer],
    limits,
  );
  return { tabs: reply.tabs.map((tab) => ({ ...tab, formulaCells: tab.formulaCells ?? [] })), timings: reply.timings };
}

/** First sheet of an .xls/.xlsx as rows of cells (parseCompactSheetInWorker, expanded). */
export async function parseSheetInWorker(
  data: Uint8Array,
  limits = WORKER_LIMITS,
  options: { verifyZip?: boolean } = {},
): Promise<ParsedSheet> {
  const rows = sheetRows(await parseCompactSheetInWorker(data, limits, options));
  return { firstRow: rows.firstRow, rows: rows.rows, formulaCells: rows.formulaCells ?? [] };
}

type WriteOptions = { sheetName?: string; bookType?: "biff8" | "xlsx"; more?: { name: string; rows: Cell[][] }[] };

/** A workbook ("sheet1", then the `more` sheets) from rows of cells. */
export async function writeSheetInWorker(rows: Cell[][], options: WriteOptions = {}): Promise<Uint8Array> {
  return (await writeSheetDetailed(rows, options)).data;
}

/** As writeSheetInWorker, also telling whether SheetJS's 256-byte BIFF block patch was applied. */
export async function writeSheetDetailed(rows: Cell[][], options: WriteOptions = {}): Promise<{ data: Uint8Array; patched: boolean }> {
  const guard = (sheet: Cell[][]) => sheet.map((row) => row.map(neutraliseCell));
  return runWorker<{ data: Uint8Array; patched: boolean }>(
    "write-sheet.mjs",
    // Every sheet the site writes: formula-looking text neutralised (formula-guard.ts).
    {
      rows: guard(rows),
      sheetName: options.sheetName ?? "sheet1",
      bookType: options.bookType ?? "biff8",
      more: (options.more ?? []).map((sheet) => ({ name: sheet.name, rows: guard(sheet.rows) })),
    },
    [],
    { ...WORKER_LIMITS, maxOldGenerationSizeMb: 1024, timeoutMs: 120_000 },
  );
}
