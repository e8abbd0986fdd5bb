// The loader/action data of a data-area screen (plain JSON, browser-safe).
import type { TranslationKey } from "~/i18n/keys";
import type { SubmissionResult } from "@conform-to/react";
import type { TablePage } from "~/domain/table/types";
import type { CheckKey } from "./types";
import type { BatchSummary, UndoConflicts } from "~/domain/import-export/batches.server";
import type { WizardView } from "~/domain/import-export/wizard.server";

export type { BatchSummary, UndoConflicts };

export type CellValue = string | number | boolean | null;
export type AreaRow = { id: number } & Record<string, CellValue>;
/** `column`: "pol" for an origin the port-matching check lists (destinations, the spec's check, have none). */
export type CheckItem = { id?: number; text: string; count?: number; column?: "pol" };
export type Problem = { key: TranslationKey; values?: Record<string, string | number>; at?: string };

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
  "ptab",
  "wizard",
  "upload",
] as const;

/** `?upload=tooLarge`: where the request gate sends a no-JavaScript upload over the size limit (issue 40 item 5). */
export const UPLOAD_REFUSED_PARAM = "upload";

/** Import preview (issue 23.1): ?preview=<id>&pf=<filter>&pp=<page>. */
export const PREVIEW_FILTERS = ["all", "new", "updated", "hidden", "errors"] as const;
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
  /** A carrier's sheet: tab · row · period. */
  origin?: string;
};
export type PreviewPortState = "unresolved" | "resolved" | "kept" | "same";
export type PreviewPortData = {
  column: string;
  name: string;
  port: string | null;
  state: PreviewPortState;
  rows: number;
};
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
      /** A carrier's sheet: its tab filter (`ptab`). */
      tab: string | null;
      summary: {
        counts: PreviewCountsData;
        unmatched: string[];
        problems: Problem[];
        badRows: number[];
        rowLabels?: string[];
        ports?: Record<PreviewPortState, number>;
        visible?: number;
        unfound?: number;
        sameRate?: number;
        tabs?: { tab: string; period: string | null; new: number; updated: number; unchanged: number; hidden: number }[];
        notes?: { at: string; text: string }[];
        hiddenRows?: { at: string; text: string }[];
        portLists?: { at: string; text: string }[];
        sizeRows?: { at: string; text: string }[];
        onRequest?: { at: string; text: string }[];
        unpriced?: { at: string; text: string }[];
        notStarted?: { at: string; text: string }[];
        repeatedRates?: { at: string; text: string }[];
        decisions?: {
          repeat?: Record<string, string | number>;
          furtherTabs?: { name: string; rows: number }[];
          unmatchedPrices?: string[];
          notStarted?: number;
          repeatedRates?: number;
        };
      };
      rows: PreviewRowData[];
      ports: { rows: PreviewPortData[]; total: number; page: number };
      suggestions: Record<string, { code: string; name: string; nameZh: string }[]>;
      /** A carrier's sheet: the wizard upload it was mapped from (back to the mapping) and the source profile. */
      source: { wizard: string; profile: { id: number; name: string } | null } | null;
    };

/** ?wizard=<id>: a carrier's sheet in the import wizard (issue 40). */
export type WizardData = WizardView | { gone: true };

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
  wizard?: WizardData;
  /** An upload the request gate refused for its size (`?upload=tooLarge`): the spec's message. */
  uploadRefused?: Problem;
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
