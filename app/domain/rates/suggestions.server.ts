// What the pickers offer before anything is typed (customer-portal.md 9):
// visitors get the spec's default suggestions, logged-in users their five
// latest searches of the mode (possibly none: "no history of search").
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { ModeDescription, SearchField } from "~/domain/modes";
import { countriesByCodes } from "~/domain/reference/countries.server";
import { portOption, countryOption, type PickerOption } from "~/domain/reference/options";
import { landPickerOption } from "~/domain/rates/land.server";
import { portsByCodes } from "~/domain/reference/ports.server";
import { readHistory, type History } from "./history.server";

export type FieldSuggestions = { source: "history" | "defaults"; options: PickerOption[] };

/** A stored history entry as a picker option. */
export function historyOption(mode: ModeDescription, field: SearchField, entry: string, lng: string): PickerOption | null {
  if (field.picker === "rail" || field.picker === "trailer") return landPickerOption(entry, lng);
  const [name, code, zh] = entry.split(mode.historySeparator);
  if (!name || !code) return null;
  if (field.picker === "express") return countryOption({ en: name, code, zh: zh ?? name, zoneCode: "" }, lng);
  return portOption(field.picker, { name, code, nameZh: zh ?? name }, lng);
}

async function defaultOptions(field: SearchField, lng: string): Promise<PickerOption[]> {
  switch (field.picker) {
    case "sea":
    case "air":
      return (await portsByCodes(field.picker, field.defaults)).map((p) => portOption(field.picker as "sea" | "air", p, lng));
    case "express":
      return (await countriesByCodes(field.defaults)).map((c) => countryOption(c, lng));
    default:
      return field.defaults.map((name) => landPickerOption(name, lng));
  }
}

/** Visitors' suggestions: the spec's defaults of each field. */
export async function defaultSuggestions(mode: ModeDescription, lng: string): Promise<Record<string, FieldSuggestions>> {
  const result: Record<string, FieldSuggestions> = {};
  const lists = await Promise.all(mode.fields.map((f) => defaultOptions(f, lng)));
  mode.fields.forEach((field, i) => {
    result[field.param] = { source: "defaults", options: lists[i] };
  });
  return result;
}

/**
 * A user's latest searches of the mode; the defaults for visitors
 * (`defaults`: where they come from, e.g. a cache).
 */
export async function loadSuggestions(
  mode: ModeDescription,
  viewer: Viewer | null,
  lng: string,
  defaults: () => Promise<Record<string, FieldSuggestions>> = () => defaultSuggestions(mode, lng),
  /** The viewer's history of the mode (a page that reads it with its other reads passes its own). */
  history: (viewer: Viewer) => Promise<History> = (v) => readHistory(v.id, mode),
): Promise<Record<string, FieldSuggestions>> {
  if (!viewer) return defaults();
  const result: Record<string, FieldSuggestions> = {};
  const { from, to } = await history(viewer);
  for (const field of mode.fields) {
    const entries = field.role === "from" ? from : to;
    const options = entries.map((e) => historyOption(mode, field, e, lng)).filter((o): o is PickerOption => !!o);
    result[field.param] = { source: "history", options };
  }
  return result;
}
