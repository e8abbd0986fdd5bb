-- Issue 23, performance (docs/decisions/203-import-preview.md, "Preview
-- staging without WAL"): staging a 100,000-row preview wrote about 107 MB of
-- WAL, checked 100,000 foreign keys row by row and kept a status index the
-- paging reads do not need.
--
-- Previews are disposable (they expire after an hour; a lost one is run
-- again), so their staged rows are not WAL-logged. After a crash PostgreSQL
-- empties an unlogged table: the preview's code treats a preview without its
-- staged rows as gone (loadPreview, commitPreview), so nothing is ever
-- committed from a half-lost preview.
ALTER TABLE "import_preview_rows" DROP CONSTRAINT "import_preview_rows_preview_id_fkey";

-- The only writer (stageSql) inserts the rows in the transaction that
-- created their preview, after it: the check could never fail. What the
-- foreign key also did, ON DELETE CASCADE (discard, expiry, commit, a user's
-- deletion), is kept by a statement-level trigger: one DELETE per deleting
-- statement, set-based.
CREATE FUNCTION delete_import_preview_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM import_preview_rows r USING deleted_previews d WHERE r.preview_id = d.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER import_previews_delete_rows AFTER DELETE ON "import_previews"
  REFERENCING OLD TABLE AS deleted_previews FOR EACH STATEMENT EXECUTE FUNCTION delete_import_preview_rows();

-- Pages are read by (preview_id, seq) in seq order, a filter by status
-- reading that order until the page is full; the counts come from the
-- primary key's range too. The (preview_id, status) index was one more
-- entry to write per staged row.
DROP INDEX "import_preview_rows_preview_id_status_idx";

ALTER TABLE "import_preview_rows" SET UNLOGGED;
