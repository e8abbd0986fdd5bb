-- Issue 23, performance (docs/decisions/204-import-history-and-templates.md,
-- "Before-images stored uncompressed"): a chunk's before-images (10,000 row
-- texts, about 3.3 MB for FCL) are stored out of line without compression.
-- pglz, the only method this PostgreSQL has, spent about 0.7 s of a
-- 100,000-row commit of updated rows compressing them (3.7 times smaller),
-- and the undo and the price history spent time decompressing them. The
-- price: a batch's images take 3.7 times the space (33 MB for 100,000 FCL
-- rows updated), kept for the last 50 batches of an area.
ALTER TABLE "import_batch_chunks" ALTER COLUMN "befores" SET STORAGE EXTERNAL;
