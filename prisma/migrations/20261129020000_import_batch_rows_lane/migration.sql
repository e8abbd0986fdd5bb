-- The price history of a lane on the insights dashboard (issue 24,
-- docs/decisions/701-insights.md) reads the import batches' before-images of
-- the lane's rows: find them by the lane of the before-image (the rate
-- tables' lane columns: pol/pod; the trailer's dock/door_point) instead of
-- reading every kept before-image (50 batches of up to 100,000 rows per
-- area). Expression indexes: Prisma's schema cannot describe them, and its
-- diff leaves them alone (as 20261122030000_port_lookup_indexes).
CREATE INDEX "import_batch_rows_before_pol_pod_idx" ON "import_batch_rows" (("before"->>'pol'), ("before"->>'pod')) WHERE "before" IS NOT NULL;
CREATE INDEX "import_batch_rows_before_dock_door_point_idx" ON "import_batch_rows" (("before"->>'dock'), ("before"->>'door_point')) WHERE "before" IS NOT NULL;
