// A checksum of a whole table: every column of every row (the update time
// too), in id order. Undo tests compare it before an import and after its undo.
import { withTestDb } from "./db";

export const tableChecksum = (table = "fcl_rates") =>
  withTestDb(
    async (db) =>
      (await db.query(`SELECT md5(COALESCE(string_agg(t::text, '|' ORDER BY id), '')) AS sum FROM ${table} t`)).rows[0].sum as string,
  );
