-- Issue 44 items 1 and 4 (docs/decisions/701-insights.md): the lane figures
-- of the insights dashboard count every customer's searches for every viewer
-- with the insights right (they name no customer), so the per-customer trend
-- of a view-2 staff member (insight_daily_users) is no longer read. The
-- default period's searches per lane, with those of the as long period
-- before it (growing lanes), are written by the refresh into
-- insight_period_lanes; the next refresh fills it.
-- DropTable
DROP TABLE "insight_daily_users";

-- CreateTable
CREATE TABLE "insight_period_lanes" (
    "mode" "transport_mode" NOT NULL,
    "origin" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "searches" INTEGER NOT NULL,
    "previous" INTEGER NOT NULL,

    CONSTRAINT "insight_period_lanes_pkey" PRIMARY KEY ("mode","origin","destination")
);

-- Until the next refresh fills insight_period_lanes, the dashboard sums the
-- daily rollup (the same figures) instead of reading the empty table.
UPDATE "insight_rollup_state" SET "period_from" = NULL, "period_to" = NULL;
