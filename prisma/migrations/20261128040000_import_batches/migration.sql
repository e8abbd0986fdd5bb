-- Import batches (issue 23 item 2, docs/decisions/204): every committed
-- import, with the before-image of each row it updated and the ids it
-- inserted, so that it can be undone.
CREATE TABLE "import_batches" (
    "id" SERIAL NOT NULL,
    "area" TEXT NOT NULL,
    "user_id" INTEGER,
    "username" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "file_name" TEXT NOT NULL,
    "checksum" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'file',
    "variant" TEXT NOT NULL DEFAULT 'standard',
    "row_count" INTEGER NOT NULL,
    "inserted" INTEGER NOT NULL,
    "updated" INTEGER NOT NULL,
    "file_key" TEXT,
    "undone_at" TIMESTAMP(3),
    "undone_by" TEXT,
    "undo_skipped" INTEGER,

    CONSTRAINT "import_batches_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "import_batch_rows" (
    "batch_id" INTEGER NOT NULL,
    "row_id" INTEGER NOT NULL,
    "before" JSONB,
    "after_hash" TEXT,

    CONSTRAINT "import_batch_rows_pkey" PRIMARY KEY ("batch_id","row_id")
);

CREATE INDEX "import_batches_area_id_idx" ON "import_batches"("area", "id");

ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "import_batch_rows" ADD CONSTRAINT "import_batch_rows_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "import_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
