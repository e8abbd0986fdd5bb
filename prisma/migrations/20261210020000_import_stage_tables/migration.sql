-- Issue 23, performance (docs/decisions/203-import-preview.md, "Typed
-- staging"): a preview's rows are staged in a table of the data area's own
-- column types, one per area, instead of one JSON array per row in
-- import_preview_rows. The commit then writes them to the area's table
-- without extracting and casting every value of every row again (0.4-0.5 s
-- of a 100,000-row commit); the preview casts each value once, as it stages.
--
-- import_stage_<table>: the preview, the row's place in the file (seq), its
-- status (new / updated / unchanged), whether its own validity hides it
-- today, the table's row as it was when it differs (`before`, its text
-- form), then every column of <table> under the same name and type, all
-- nullable (a column the file does not have stays NULL and is not written).
-- A migration that adds or changes a column of a data area's table does the
-- same to its stage table (tests/data/import-preview.test.ts compares them).
-- Unlogged like the table they replace (migration 20261208011000): PostgreSQL
-- empties them after a crash and such a preview is gone (stagedRowsLost).
DO $$
DECLARE
  t text;
  c record;
BEGIN
  FOREACH t IN ARRAY ARRAY['fcl_rates', 'lcl_rates', 'air_rates', 'rail_rates', 'trailer_rates', 'express_rates',
                           'sea_ports', 'airports', 'express_countries'] LOOP
    EXECUTE format(
      'CREATE UNLOGGED TABLE %I (preview_id text NOT NULL, seq integer NOT NULL, status text NOT NULL, '
      'hidden boolean NOT NULL DEFAULT false, before text, LIKE %I, PRIMARY KEY (preview_id, seq))',
      'import_stage_' || t, t);
    -- LIKE copies the NOT NULL constraints: a staged row holds only the columns its file has.
    FOR c IN SELECT a.attname FROM pg_attribute a
              WHERE a.attrelid = format('%I', t)::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attnotnull LOOP
      EXECUTE format('ALTER TABLE %I ALTER COLUMN %I DROP NOT NULL', 'import_stage_' || t, c.attname);
    END LOOP;
  END LOOP;
END
$$;

-- A deleted preview (discard, commit, expiry, a user's deletion) takes its
-- staged rows with it: one DELETE per stage table and deleting statement
-- (each a probe of the primary key's preview_id prefix).
CREATE OR REPLACE FUNCTION delete_import_preview_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM import_stage_fcl_rates r USING deleted_previews d WHERE r.preview_id = d.id;
  DELETE FROM import_stage_lcl_rates r USING deleted_previews d WHERE r.preview_id = d.id;
  DELETE FROM import_stage_air_rates r USING deleted_previews d WHERE r.preview_id = d.id;
  DELETE FROM import_stage_rail_rates r USING deleted_previews d WHERE r.preview_id = d.id;
  DELETE FROM import_stage_trailer_rates r USING deleted_previews d WHERE r.preview_id = d.id;
  DELETE FROM import_stage_express_rates r USING deleted_previews d WHERE r.preview_id = d.id;
  DELETE FROM import_stage_sea_ports r USING deleted_previews d WHERE r.preview_id = d.id;
  DELETE FROM import_stage_airports r USING deleted_previews d WHERE r.preview_id = d.id;
  DELETE FROM import_stage_express_countries r USING deleted_previews d WHERE r.preview_id = d.id;
  RETURN NULL;
END
$$;

-- A preview staged before this migration finds no staged rows: it is gone
-- (stagedRowsLost; run it again) and expiry removes it and its file.
DROP TABLE "import_preview_rows";
