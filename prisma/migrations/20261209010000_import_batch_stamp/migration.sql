-- Issue 23, performance (docs/decisions/204-import-history-and-templates.md,
-- "The batch's stamp instead of row hashes"): a batch no longer keeps the MD5
-- of every row it wrote. Every row an import writes carries the importing
-- transaction's id as its xmin (the port names and pinyin its later steps
-- rewrite too: same transaction, no savepoints), and any later write of the
-- row makes a new version with another xmin, or deletes it. The batch keeps
-- that id (`written_xact`, the 64-bit form of pg_current_xact_id()); a row is
-- untouched while its xmin is the id's 32 low bits. The text form of 100,000
-- rows and its MD5 cost about a second at the commit and again at the undo.
-- Batches committed before keep their hashes (after_hashes) and are checked
-- by them; a stamped batch's chunks have none (NULL).
ALTER TABLE "import_batches" ADD COLUMN "written_xact" BIGINT;
ALTER TABLE "import_batch_chunks" ALTER COLUMN "after_hashes" DROP NOT NULL;

-- Setting a hash by hand through the view (a repair, the tests that make a
-- batch look as one recorded before the stamp) on a chunk without hashes
-- first gives the chunk an array of the same length as its ids (an element
-- assigned to a NULL array would make a one-element array, misaligned with
-- the ids); a chunk with hashes is checked by them.
CREATE OR REPLACE FUNCTION import_batch_rows_set_hash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE import_batch_rows_v1 SET after_hash = NEW.after_hash WHERE batch_id = OLD.batch_id AND row_id = OLD.row_id;
  IF NOT FOUND THEN
    UPDATE import_batch_chunks SET after_hashes = array_fill(NULL::text, ARRAY[cardinality(row_ids)])
     WHERE batch_id = OLD.batch_id AND OLD.row_id = ANY (row_ids) AND after_hashes IS NULL;
    UPDATE import_batch_chunks SET after_hashes[array_position(row_ids, OLD.row_id)] = NEW.after_hash
     WHERE batch_id = OLD.batch_id AND OLD.row_id = ANY (row_ids);
  END IF;
  RETURN NEW;
END
$$;
