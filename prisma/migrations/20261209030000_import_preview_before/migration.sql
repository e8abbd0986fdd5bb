-- Issue 23, performance (docs/decisions/203-import-preview.md, "The row as
-- it was instead of the changes"): a staged row that differs from the
-- table's row no longer stores its changed fields as JSON ({field: [old,
-- new]}, built for every updated row: about 3.5 s of a 100,000-row
-- all-updated preview) but the table's row as it was, in its text form
-- (`before`, as the import batches keep it). The page and the report build
-- the changes of the rows they show from it; the commit records it as the
-- batch's before-image (the preview's guard holds the table unchanged
-- between the two, so it is the row the commit overwrites).
--
-- Previews are disposable (an hour at most): the ones open now are
-- discarded and must be run again. Their files under UPLOAD_DIR/previews
-- go with the storage sweep.
DELETE FROM "import_previews";
ALTER TABLE "import_preview_rows" DROP COLUMN "changes";
ALTER TABLE "import_preview_rows" ADD COLUMN "before" TEXT;
