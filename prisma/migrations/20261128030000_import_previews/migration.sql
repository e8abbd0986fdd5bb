-- Issue 23.1: import previews. One row per preview (what the page needs:
-- counts, problems, unmatched columns, the table's data version when it was
-- computed) and one staging row per file row (the values to write, the
-- status against the table and the changed fields old → new). Expire after
-- an hour; committing or discarding deletes them (rows by cascade).
CREATE TABLE "import_previews" (
    "id" TEXT NOT NULL,
    "area" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "file_name" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "table_version" TEXT NOT NULL,
    "columns" JSONB NOT NULL,
    "summary" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "import_previews_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "import_previews_expires_at_idx" ON "import_previews"("expires_at");

CREATE TABLE "import_preview_rows" (
    "preview_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "row_id" INTEGER,
    "status" TEXT NOT NULL,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "values" JSONB NOT NULL,
    "changes" JSONB,

    CONSTRAINT "import_preview_rows_pkey" PRIMARY KEY ("preview_id","seq")
);

CREATE INDEX "import_preview_rows_preview_id_status_idx" ON "import_preview_rows"("preview_id", "status");

ALTER TABLE "import_preview_rows" ADD CONSTRAINT "import_preview_rows_preview_id_fkey" FOREIGN KEY ("preview_id") REFERENCES "import_previews"("id") ON DELETE CASCADE ON UPDATE CASCADE;
