-- Issue 23 items 2 and 3 in the preview: the uploaded bytes (the committed
-- batch keeps them as its original file, as a direct import does), the
-- sea_ports data version the port names were resolved against, and each
-- distinct pol/pod spelling of the file with what it resolves to.
ALTER TABLE "import_previews" ADD COLUMN "original" BYTEA,
ADD COLUMN "ports_version" TEXT;

CREATE TABLE "import_preview_ports" (
    "preview_id" TEXT NOT NULL,
    "column" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "port" TEXT,
    "state" TEXT NOT NULL,
    "rows" INTEGER NOT NULL,

    CONSTRAINT "import_preview_ports_pkey" PRIMARY KEY ("preview_id","column","name")
);

CREATE INDEX "import_preview_ports_preview_id_state_idx" ON "import_preview_ports"("preview_id", "state");

ALTER TABLE "import_preview_ports" ADD CONSTRAINT "import_preview_ports_preview_id_fkey" FOREIGN KEY ("preview_id") REFERENCES "import_previews"("id") ON DELETE CASCADE ON UPDATE CASCADE;
