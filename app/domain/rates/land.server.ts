// Railway stations and trailer places: short lists taken from the rates valid
// today (the spec's railroadselectquery / trailerselectquery), filtered
// locally by the pickers; the server resolves typed text against them.
import { prisma } from "~/utils/db.server";
import { validToday } from "./validity.server";
import { cleanQuery, resolveFrom, SUGGESTION_LIMIT, type Resolution } from "~/domain/reference/lookup";
import { landOption, type PickerOption } from "~/domain/reference/options";
import { vocabulary } from "~/domain/reference/vocabulary.server";

export type LandLists = { from: string[]; to: string[] };

export async function railLists(today: Date): Promise<LandLists> {
  const where = validToday(today);
  const [from, to] = await Promise.all([
    prisma.railRate.groupBy({ by: ["pol"], where, orderBy: { pol: "asc" } }),
    prisma.railRate.groupBy({ by: ["pod"], where, orderBy: { pod: "asc" } }),
  ]);
  return { from: from.map((r) => r.pol), to: to.map((r) => r.pod) };
}

export async function trailerLists(today: Date): Promise<LandLists> {
  const where = validToday(today);
  const [from, to] = await Promise.all([
    prisma.trailerRate.groupBy({ by: ["dock"], where, orderBy: { dock: "asc" } }),
    prisma.trailerRate.groupBy({ by: ["doorPoint"], where, orderBy: { doorPoint: "asc" } }),
  ]);
  return { from: from.map((r) => r.dock), to: to.map((r) => r.doorPoint) };
}

/** A place as a picker option: the stored name, labelled in the page's language (西安 → Xi'an), the other language as the hint. */
export const landPickerOption = (name: string, lng: string): PickerOption => landOption(name, vocabulary(name, "en-US"), lng);

/** The lists as the pickers of a page show them. */
export function landPickerLists(lists: LandLists | null, lng: string): { from: PickerOption[]; to: PickerOption[] } | null {
  return lists && { from: lists.from.map((n) => landPickerOption(n, lng)), to: lists.to.map((n) => landPickerOption(n, lng)) };
}

/** The names a place answers to: its own and, where known, the English one ("Xi'an" finds 西安). */
const namesOf = (item: string) => [item.toLowerCase(), vocabulary(item, "en-US").toLowerCase()];

/** Case-insensitive contains filter, as the pickers do locally (spec 9). */
export function filterList(list: readonly string[], query: string): string[] {
  const q = cleanQuery(query).toLowerCase();
  return q ? list.filter((item) => namesOf(item).some((name) => name.includes(q))) : [...list];
}

/** Exact (any case, either language) match, else the single item containing the text, else "did you mean". */
export async function resolveInList(list: readonly string[], text: string): Promise<Resolution<string>> {
  const q = cleanQuery(text);
  if (!q) return { status: "notFound" };
  const exact = list.filter((item) => namesOf(item).includes(q.toLowerCase()));
  return resolveFrom(
    exact,
    async () => filterList(list, q).slice(0, SUGGESTION_LIMIT),
    (s) => s,
  );
}
