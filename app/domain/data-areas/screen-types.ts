// The loader/action data of a data-area screen (plain JSON, browser-safe).
import type { TranslationKey } from "~/i18n/keys";
import type { SubmissionResult } from "@conform-to/react";
import type { TablePage } from "~/domain/table/types";
import type { CheckKey } from "./types";
import type { BatchSummary, UndoConflicts } from "~/domain/import-export/batches.server";

export type { BatchSummary, UndoConflicts };

export type CellValue = string | number | boolean | null;
export type AreaRow = { id: number } & Record<string, CellValue>;
export type CheckItem = { id?: number; text: string; count?: number };
export type Problem = { key: TranslationKey; values?: Record<string, string | number> };

/** URL parameters that open a dialog; links of the table and pager drop them. */
export const DIALOG_PARAMS = [
  "edit",
  "add",
  "delete",
  "range",
  "start",
  "end",
  "step",
  "check",
  "history",
  "undo",
  "preview",
  "pf",
  "pp",
] as const;

/** Import preview (issue 23.1): ?preview=<id>&pf=<filter>&pp=<page>. */
export const PREVIEW_FILTERS = ["all", "new", "updated", "errors"] as const;
export type PreviewFilterName = (typeof PREVIEW_FILTERS)[number];
export const PREVIEW_PAGE_SIZE = 50;
export type PreviewCountsData = { new: number; updated: number; unchanged: number; refused: number; hidden: number };
export type PreviewRowData = {
  seq: number;
  rowId: number | null;
  status: "new" | "updated" | "unchanged";
  hidden: boolean;
  changes: Record<string, [unknown, unknown]> | null;
  values: unknown[];
};
export type PreviewPortState = "unresolved" | "resolved" | "kept" | "same";
export type PreviewPortData = { column: string; name: string; port: string | null; state: PreviewPortState; rows: number };
export type PreviewData =
  | { gone: true }
  | {
      gone: false;
      id: string;
      fileName: string;
      filter: PreviewFilterName;
      page: number;
      pageSize: number;
      total: number;
      expiresAt: string;
      columns: { field: string }[];
      summary: {
        counts: PreviewCountsData;
        unmatched: string[];
        problems: Problem[];
        badRows: number[];
        ports?: Record<PreviewPortState, number>;
      };
      rows: PreviewRowData[];
      ports: { rows: PreviewPortData[]; total: number; page: number };
    };

/** `<path>/export?scope=all`: every row; without it, the filtered rows. */
export const EXPORT_SCOPE_PARAM = "scope";

export type DialogState =
  | { kind: "none" }
  | { kind: "edit"; row: AreaRow }
  /** The add dialog, its fields filled from the list's filters on them (an unmet lane's "add a rate", issue 44 item 5). */
  | { kind: "add"; prefill: Record<string, string> }
  /** ?edit=<id> of a row that does not exist: 获取数据失败! */
  | { kind: "missing" }
  | { kind: "delete"; id: number }
  | {
      kind: "range";
      start: string;
      end: string;
      /** Message key (请填写ID！ …) when the entered range cannot be used. */
      warning: string | null;
      /** Set when the range is valid: the confirmation step. */
      confirm: null | { start: number; end: number; count: number };
    }
  | { kind: "check"; check: CheckKey; items: CheckItem[] }
  /** ?history=1: the area's import batches (issue 23 item 2). */
  | { kind: "history"; batches: BatchSummary[] }
  /** ?undo=<batch>: the undo confirmation, with the rows changed since the batch. */
  | { kind: "undo"; batch: BatchSummary; conflicts: UndoConflicts };

export type DataAreaLoaderData = {
  rows: AreaRow[];
  page: TablePage;
  /** Distinct values of each select filter, by URL parameter. */
  options: Record<string, string[]>;
  dialog: DialogState;
  /** The Excel import limit (IMPORT_MAX_MB), for the browser's check before the upload. */
  importMaxBytes: number;
  preview?: PreviewData;
  /** Showing only the rows just written (`?written=`): their number; null otherwise. */
  written: number | null;
  /** Rows in the whole table (what "export all" writes); 0 for areas without export. */
  allRows: number;
  /** Columns this user chose to hide (columns.server.ts). */
  hidden: string[];
};

export type DataAreaActionData =
  | { intent: "save"; result: SubmissionResult<string[]> }
  | { intent: "import"; problems: Problem[]; badRows: number[]; dateErrorIds?: number[] }
  /** A refused markup: its message and the rows that stay selected. */
  | { intent: "markup"; key: TranslationKey; ids: number[] };
