-- Issue 23, performance (docs/decisions/204-import-history-and-templates.md,
-- "Compact batch storage"): a batch no longer writes one import_batch_rows
-- row per written row (100,000 heap tuples, 100,000 primary-key entries and
-- a JSON image each, 100-115 MB of WAL for a 100,000-row commit) but one
-- import_batch_chunks row per 10,000 written rows, holding parallel arrays:
-- the row ids, the MD5 of each row as the batch left it, and each updated
-- row's before-image as the row's own text form (NULL: the batch inserted
-- the row), restored by a cast to the table's row type. A chunk holds a
-- range of ids (the writer chunks its rows in id order): `chunk` is the
-- smallest, `last_id` the largest, so a reader looking for some ids opens
-- only the chunks whose range holds one. `lanes`: the distinct lanes
-- (origin U+001F destination) of the chunk's before-images, for the rate
-- tables with a lane, so the insights' price history opens only the chunks
-- that held a version of the lane (the GIN index replaces the old form's
-- lane expression indexes).
CREATE TABLE "import_batch_chunks" (
    "batch_id" INTEGER NOT NULL,
    -- The smallest row id of the chunk (unique within a batch: a batch writes a row once).
    "chunk" INTEGER NOT NULL,
    "last_id" INTEGER NOT NULL,
    "row_ids" INTEGER[] NOT NULL,
    "after_hashes" TEXT[] NOT NULL,
    "befores" TEXT[] NOT NULL,
    "lanes" TEXT[],

    CONSTRAINT "import_batch_chunks_pkey" PRIMARY KEY ("batch_id", "chunk")
);

CREATE INDEX "import_batch_chunks_lanes_idx" ON "import_batch_chunks" USING GIN ("lanes");

-- Batches written before this migration keep their rows in the old form
-- (one row per written row, the before-image as JSON, the lane indexes of
-- the insights' price history): they are read where they are (undo,
-- conflicts, price history read both forms) and leave with the pruning to
-- the last 50 batches of their area. No conversion: it would rewrite every
-- kept batch of every area (up to 50 x 100,000 rows per area) inside the
-- deployment's migration.
ALTER TABLE "import_batch_rows" RENAME TO "import_batch_rows_v1";
ALTER INDEX "import_batch_rows_pkey" RENAME TO "import_batch_rows_v1_pkey";

-- The statement-level trigger that deletes a deleted batch's rows (the
-- pruning to 50 batches) deletes them from both forms.
CREATE OR REPLACE FUNCTION delete_import_batch_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM import_batch_rows_v1 r USING deleted_batches d WHERE r.batch_id = d.id;
  DELETE FROM import_batch_chunks c USING deleted_batches d WHERE c.batch_id = d.id;
  RETURN NULL;
END
$$;

-- A before-image of an area's row (its text form) as the JSON the old form
-- held (to_jsonb of the row): for the view below, one branch per data area
-- (tests/data/import-batch-storage.test.ts checks every area has one).
CREATE FUNCTION import_batch_image_json(area TEXT, image TEXT) RETURNS JSONB LANGUAGE sql STABLE AS $$
  SELECT CASE area
    WHEN 'port' THEN to_jsonb(image::sea_ports)
    WHEN 'airport' THEN to_jsonb(image::airports)
    WHEN 'expressCountry' THEN to_jsonb(image::express_countries)
    WHEN 'fcl' THEN to_jsonb(image::fcl_rates)
    WHEN 'lcl' THEN to_jsonb(image::lcl_rates)
    WHEN 'rail' THEN to_jsonb(image::rail_rates)
    WHEN 'trailer' THEN to_jsonb(image::trailer_rates)
    WHEN 'air' THEN to_jsonb(image::air_rates)
    WHEN 'express' THEN to_jsonb(image::express_rates)
  END
$$;

-- Every batch row of both forms, one row per written row, as the old table
-- had it (batch, row id, before-image as JSON, hash): for reading by hand,
-- the history tests and the Prisma model ImportBatchRow. The application's
-- own statements read the compact form directly (batches.server.ts).
CREATE VIEW "import_batch_rows" AS
  SELECT r.batch_id, r.row_id, r.before, r.after_hash FROM import_batch_rows_v1 r
  UNION ALL
  SELECT c.batch_id, u.row_id, CASE WHEN u.image IS NOT NULL THEN import_batch_image_json(b.area, u.image) END, u.hash
    FROM import_batch_chunks c JOIN import_batches b ON b.id = c.batch_id
    CROSS JOIN LATERAL unnest(c.row_ids, c.after_hashes, c.befores) AS u(row_id, hash, image);

-- A batch row's hash can still be set through the view (a repair by hand, the
-- tests that make a batch look as one recorded before the hash changed).
CREATE FUNCTION import_batch_rows_set_hash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE import_batch_rows_v1 SET after_hash = NEW.after_hash WHERE batch_id = OLD.batch_id AND row_id = OLD.row_id;
  IF NOT FOUND THEN
    UPDATE import_batch_chunks SET after_hashes[array_position(row_ids, OLD.row_id)] = NEW.after_hash
     WHERE batch_id = OLD.batch_id AND OLD.row_id = ANY (row_ids);
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER import_batch_rows_update INSTEAD OF UPDATE ON "import_batch_rows"
  FOR EACH ROW EXECUTE FUNCTION import_batch_rows_set_hash();
