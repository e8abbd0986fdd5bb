// SQL names of the schema's models and fields, read from the data model the
// generated Prisma client carries at run time (`prisma generate` writes it
// from prisma/schema.prisma: every @map and @@map), never guessed from the
// field names. Raw statements (set-based import, range delete, markup,
// checks, the read caches' version rows) name tables and columns through
// these two functions; tests/data/sql-names.test.ts checks them against the
// database's own catalog.
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";

type RuntimeField = { name: string; kind: string; dbName?: string | null };
type RuntimeModel = { dbName: string | null; fields: RuntimeField[] };

/** A model by its client property ("fclRate") or its schema name ("FclRate"). */
export type ModelKey = Prisma.ModelName | Uncapitalize<Prisma.ModelName>;

// Prisma's client keeps the schema's data model (runtimeDataModel) on every
// instance; it is the same object the client maps names with.
const dataModel = (prisma as unknown as { _runtimeDataModel: { models: Record<string, RuntimeModel> } })._runtimeDataModel;

function model(key: ModelKey): RuntimeModel {
  const name = key.charAt(0).toUpperCase() + key.slice(1);
  const found = dataModel.models[name];
  if (!found) throw new Error(`unknown model ${key}`);
  return found;
}

/** The SQL table of a model (its @@map, else the model name). */
export function sqlTable(key: ModelKey): string {
  const found = model(key);
  return found.dbName ?? key.charAt(0).toUpperCase() + key.slice(1);
}

/** The SQL column of a scalar field (its @map, else the field name). */
export function sqlColumn(key: ModelKey, field: string): string {
  const found = model(key).fields.find((f) => f.name === field && f.kind !== "object");
  if (!found) throw new Error(`unknown field ${key}.${field}`);
  return found.dbName ?? found.name;
}

/** Every scalar field of a model (for tests that walk the schema). */
export function scalarFields(key: ModelKey): string[] {
  return model(key)
    .fields.filter((f) => f.kind !== "object")
    .map((f) => f.name);
}
