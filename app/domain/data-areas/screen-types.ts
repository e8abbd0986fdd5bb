// The loader/action data of a data-area screen (plain JSON, browser-safe).
import type { SubmissionResult } from "@conform-to/react";
import type { TablePage } from "~/domain/table/types";
import type { CheckKey } from "./types";

export type CellValue = string | number | boolean | null;
export type AreaRow = { id: number } & Record<string, CellValue>;
export type CheckItem = { id?: number; text: string; count?: number };
export type Problem = { key: string; values?: Record<string, string | number> };

/** URL parameters that open a dialog; links of the table and pager drop them. */
export const DIALOG_PARAMS = ["edit", "add", "delete", "range", "start", "end", "step", "check"] as const;

/** `<path>/export?scope=all`: every row; without it, the filtered rows. */
export const EXPORT_SCOPE_PARAM = "scope";

export type DialogState =
  | { kind: "none" }
  | { kind: "edit"; row: AreaRow }
  | { kind: "add" }
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
  | { kind: "check"; check: CheckKey; items: CheckItem[] };

export type DataAreaLoaderData = {
  rows: AreaRow[];
  page: TablePage;
  /** Distinct values of each select filter, by URL parameter. */
  options: Record<string, string[]>;
  dialog: DialogState;
  /** Showing only the rows just written (`?written=`): their number; null otherwise. */
  written: number | null;
  /** Rows in the whole table (what "export all" writes); 0 for areas without export. */
  allRows: number;
  /** Columns this user chose to hide (columns.server.ts). */
  hidden: string[];
};

export type DataAreaActionData =
  | { intent: "save"; result: SubmissionResult<string[]> }
  | { intent: "import"; problems: Problem[]; badRows: number[] }
  /** A refused markup: its message and the rows that stay selected. */
  | { intent: "markup"; key: string; ids: number[] };
