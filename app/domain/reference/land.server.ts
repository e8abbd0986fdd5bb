// Railway stations and trailer places: short lists taken from the rates valid
// today (the spec's railroadselectquery / trailerselectquery), filtered
// locally by the pickers; the server resolves typed text against them.
import { prisma } from "~/utils/db.server";
import { validToday } from "~/domain/rates/validity.server";
import { cleanQuery, resolveFrom, SUGGESTION_LIMIT, type Resolution } from "./lookup";

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

/** Case-insensitive contains filter, as the pickers do locally (spec 9). */
export function filterList(list: readonly string[], query: string): string[] {
  const q = cleanQuery(query).toLowerCase();
  return q ? list.filter((item) => item.toLowerCase().includes(q)) : [...list];
}

/** Exact (any case) match, else the single item containing the text, else "did you mean". */
export async function resolveInList(list: readonly string[], text: string): Promise<Resolution<string>> {
  const q = cleanQuery(text);
  if (!q) return { status: "notFound" };
  const exact = list.filter((item) => item.toLowerCase() === q.toLowerCase());
  return resolveFrom(
    exact,
    async () => filterList(list, q).slice(0, SUGGESTION_LIMIT),
    (s) => s,
  );
}
