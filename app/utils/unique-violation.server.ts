// The one detector of unique-constraint violations (issue 19, item 3): Prisma's
// P2002 (native engine or the pg driver adapter) and PostgreSQL's 23505 from
// raw statements. Domain services map what it returns to their own messages
// (field errors, an area's duplicate rules).

export type UniqueViolation = {
  /** The constraint (index) name, e.g. "roles_name_key"; "" when the driver names none. */
  constraint: string;
  /** The columns it names (Prisma's target, or read from `<table>_<columns>_key`). */
  columns: string[];
};

type AdapterCause = { originalCode?: string; table?: string; constraint?: { fields?: unknown; index?: unknown } };

/** The violation an error reports, or null when it is no unique violation. */
export function uniqueViolation(error: unknown): UniqueViolation | null {
  if (typeof error !== "object" || error === null) return null;
  const e = error as { code?: unknown; message?: unknown; meta?: { target?: unknown; driverAdapterError?: { cause?: AdapterCause } } };
  const cause = e.meta?.driverAdapterError?.cause;
  if (e.code !== "P2002" && cause?.originalCode !== "23505") return null;
  const index = typeof cause?.constraint?.index === "string" ? cause.constraint.index : null;
  const message = typeof e.message === "string" ? e.message : "";
  const constraint = index ?? /unique constraint "([^"]+)"/.exec(message)?.[1] ?? /constraint "([^"]+)"/.exec(message)?.[1] ?? "";
  const target = e.meta?.target ?? cause?.constraint?.fields;
  if (Array.isArray(target)) return { constraint: constraint || target.join(","), columns: target.map(String) };
  if (typeof target === "string") return { constraint: constraint || target, columns: [target] };
  if (index && cause?.table && index.startsWith(`${cause.table}_`) && index.endsWith("_key")) {
    const columns = index.slice(cause.table.length + 1, -"_key".length);
    return { constraint, columns: [columns, ...columns.split("_")] };
  }
  return { constraint, columns: [] };
}
