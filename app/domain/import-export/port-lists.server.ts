// Lanes a carrier writes once for several ports (decision 207): a port of
// loading "SHANGHAI/NINGBO" and a destination "ROTTERDAM/HAMBURG/ANTWERP" in
// one row mean the same prices from each port to each base port. In the
// wizard's mapped rows (FCL, LCL: the areas whose ports the alias table
// resolves) such a row becomes one row per pair of ports, when every part of
// its cell is a port the import itself would find (name, code, alias, Chinese
// name). A cell that is itself a known spelling, or whose parts are not all
// ports, stays as written: the preview names it among the ports nothing
// resolves. Each row split is named to the clerk on the preview.
import type { DataArea } from "~/domain/data-areas/types";
import { PORT_NAME_TABLES, portsNamed } from "~/domain/reference/port-aliases.server";
import type { Cell } from "./sheet-worker.server";
import { headerOfField, type MappedSheet } from "./source-layout.server";

/** Between the ports of one cell: a slash, an enumeration comma, a semicolon (full-width forms too, after NFKC). */
const SEPARATOR = /\s*[/、;]\s*/;

const partsOf = (cell: Cell): string[] | null => {
  if (typeof cell !== "string") return null;
  const parts = cell
    .normalize("NFKC")
    .split(SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 1 ? parts : null;
};

/** `mapped` with each row that lists several ports of loading or destination split into a row per pair. */
export async function splitPortLists(area: DataArea, mapped: MappedSheet): Promise<MappedSheet> {
  const table = PORT_NAME_TABLES.find((t) => t.area === area.key);
  const [header, ...rows] = mapped.sheet.rows;
  if (!table || !header) return mapped;
  const indexes = (table.columns as readonly string[]).map((field) => header.indexOf(headerOfField(area, field))).filter((i) => i >= 0);
  // The lists of the sheet, once each, and every part of them.
  const lists = new Map<string, string[]>();
  const seen = new Set<Cell>();
  for (const row of rows)
    for (const i of indexes) {
      const cell = row[i];
      if (seen.has(cell)) continue;
      seen.add(cell);
      const parts = partsOf(cell);
      if (parts) lists.set(cell as string, parts);
    }
  if (lists.size === 0) return mapped;
  const known = await portsNamed([...new Set([...lists.keys(), ...[...lists.values()].flat()])]);
  const splits = new Map([...lists].filter(([cell, parts]) => !known.has(cell) && parts.every((p) => known.has(p))));
  if (splits.size === 0) return mapped;

  const out: Cell[][] = [];
  const origins: MappedSheet["origins"] = [];
  const portLists: MappedSheet["portLists"] = [];
  rows.forEach((row, r) => {
    let expanded: Cell[][] = [row];
    for (const i of indexes) {
      const parts = typeof row[i] === "string" ? splits.get(row[i] as string) : undefined;
      if (parts) expanded = expanded.flatMap((one) => parts.map((port) => one.map((cell, c) => (c === i ? port : cell))));
    }
    out.push(...expanded);
    for (let k = 0; k < expanded.length; k++) origins.push(mapped.origins[r]);
    if (expanded.length > 1)
      portLists.push({ origin: mapped.origins[r], text: `${indexes.map((i) => String(row[i] ?? "")).join(" → ")} (${expanded.length})` });
  });
  return { ...mapped, sheet: { ...mapped.sheet, rows: [header, ...out] }, origins, portLists };
}
