// Typed endpoints → what the search matches, logs and remembers. Works
// without JavaScript: the server resolves the text by code or name (any
// case) and otherwise answers with a "did you mean" list.
import type { ModeDescription, SearchField } from "~/domain/modes";
import { resolveCountry, type CountryOption } from "~/domain/reference/countries.server";
import { landPickerOption, railLists, trailerLists, resolveInList, type LandLists } from "~/domain/rates/land.server";
import { countryOption, portOption, type PickerOption } from "~/domain/reference/options";
import { resolvePort } from "~/domain/reference/ports.server";
import { countryEntry, portEntry } from "./history.server";

export type Endpoint =
  | {
      status: "found";
      /** Shown back in the form field. */
      value: string;
      /** Matched against the field's rate column. */
      match: string;
      /** Written to the QueryLog column. */
      log: string;
      /** Search-history entry. */
      history: string;
      /** Express: the destination country (zone). */
      country?: CountryOption;
    }
  | { status: "ambiguous"; candidates: PickerOption[] }
  /** `candidates`: near spellings, offered as "did you mean". */
  | { status: "notFound"; candidates: PickerOption[] };

/** The local lists (rail and trailer pickers) a mode needs, else null. */
export async function landListsFor(mode: ModeDescription, today: Date): Promise<LandLists | null> {
  const picker = mode.fields[0]?.picker;
  if (picker === "rail") return railLists(today);
  if (picker === "trailer") return trailerLists(today);
  return null;
}

export async function resolveEndpoint(
  mode: ModeDescription,
  field: SearchField,
  text: string,
  lng: string,
  lists: LandLists | null,
): Promise<Endpoint> {
  switch (field.picker) {
    case "sea":
    case "air": {
      const kind = field.picker;
      const r = await resolvePort(kind, text);
      if (r.status === "found") {
        const port = r.option;
        const key = kind === "sea" ? port.name : port.code;
        return {
          status: "found",
          value: portOption(kind, port, lng).value,
          match: key,
          log: key,
          history: portEntry(mode, port),
        };
      }
      if (r.status === "ambiguous") return { status: "ambiguous", candidates: r.candidates.map((p) => portOption(kind, p, lng)) };
      return { status: "notFound", candidates: (r.similar ?? []).map((p) => portOption(kind, p, lng)) };
    }
    case "express": {
      const r = await resolveCountry(text);
      if (r.status === "found") {
        const c = r.option;
        return {
          status: "found",
          value: countryOption(c, lng).value,
          match: c.code,
          log: c.zh,
          history: countryEntry(c),
          country: c,
        };
      }
      if (r.status === "ambiguous") return { status: "ambiguous", candidates: r.candidates.map((c) => countryOption(c, lng)) };
      return { status: "notFound", candidates: (r.similar ?? []).map((c) => countryOption(c, lng)) };
    }
    case "rail":
    case "trailer": {
      const list = (field.role === "from" ? lists?.from : lists?.to) ?? [];
      const r = await resolveInList(list, text);
      if (r.status === "found") return { status: "found", value: r.option, match: r.option, log: r.option, history: r.option };
      if (r.status === "ambiguous") return { status: "ambiguous", candidates: r.candidates.map((name) => landPickerOption(name, lng)) };
      return { status: "notFound", candidates: [] };
    }
  }
}
