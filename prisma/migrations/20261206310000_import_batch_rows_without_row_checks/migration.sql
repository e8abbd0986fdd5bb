-- Issue 23, performance (docs/decisions/204-import-history-and-templates.md,
-- "Commit and undo at 100,000 rows"): a commit of 100,000 rows wrote 100,000
-- batch rows, and the foreign key to import_batches checked each of them with
-- a row-level trigger (100,000 calls, 0.9-2.6 s of the statement under load).
-- The only writer of batch rows (recordWrittenSql) inserts them in the
-- statement after the one that created their batch, in the same transaction,
-- which holds the batch: the check can never fail. What the foreign key also
-- did, ON DELETE CASCADE (the pruning of old batches), is kept by a
-- statement-level trigger: one DELETE per deleting statement, set-based.
ALTER TABLE "import_batch_rows" DROP CONSTRAINT "import_batch_rows_batch_id_fkey";

CREATE FUNCTION delete_import_batch_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM import_batch_rows r USING deleted_batches d WHERE r.batch_id = d.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER import_batches_delete_rows AFTER DELETE ON "import_batches"
  REFERENCING OLD TABLE AS deleted_batches FOR EACH STATEMENT EXECUTE FUNCTION delete_import_batch_rows();

-- The insights' price history finds before-images by their lane (migration
-- 20261129020000). Each index held an entry for every before-image, of every
-- area: an FCL row's image went into the dock/door_point index too (door_point
-- null), a trailer row's into the pol/pod one. Only images that have the
-- lane's second column are indexed now: the history's conditions
-- (before->>'pod' = $2, before->>'door_point' = $2) imply it, so the plans
-- are unchanged, and an FCL commit of 100,000 updated rows writes 100,000
-- index entries fewer.
DROP INDEX "import_batch_rows_before_pol_pod_idx";
DROP INDEX "import_batch_rows_before_dock_door_point_idx";
CREATE INDEX "import_batch_rows_before_pol_pod_idx" ON "import_batch_rows" (("before"->>'pol'), ("before"->>'pod')) WHERE ("before"->>'pod') IS NOT NULL;
CREATE INDEX "import_batch_rows_before_dock_door_point_idx" ON "import_batch_rows" (("before"->>'dock'), ("before"->>'door_point')) WHERE ("before"->>'door_point') IS NOT NULL;
