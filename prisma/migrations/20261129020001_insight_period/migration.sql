-- The insights dashboard at 5,000,000 query-log rows (issue 24,
-- docs/decisions/701-insights.md, docs/benchmarks.md): the daily rollup holds
-- about one row per search at that scale (customer × lane × day rarely
-- repeats), so a 90-day period read it whole (about 1,000,000 rows, seconds).
-- Two smaller tables, written by the same refresh from the daily rollup:
--   insight_period_searches: the default period (the 90 days up to the last
--     rolled-up day, stated in insight_rollup_state) per mode, customer and
--     lane: one row per customer and lane searched;
--   insight_daily_users: searches per day, mode and customer (the trend of a
--     view-2 staff member), insight_daily_totals: per day and mode (of all).
-- CreateTable
CREATE TABLE "insight_period_searches" (
    "mode" "transport_mode" NOT NULL,
    "user_id" INTEGER NOT NULL,
    "origin" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "searches" INTEGER NOT NULL,
    "unmet" INTEGER NOT NULL,
    "last_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "insight_period_searches_pkey" PRIMARY KEY ("mode","user_id","origin","destination")
);

-- CreateIndex (customers searching without booking: the top rows first, each checked against its bookings)
CREATE INDEX "insight_period_searches_mode_searches_last_at_idx" ON "insight_period_searches"("mode", "searches" DESC, "last_at" DESC);

-- CreateTable
CREATE TABLE "insight_daily_users" (
    "mode" "transport_mode" NOT NULL,
    "day" DATE NOT NULL,
    "user_id" INTEGER NOT NULL,
    "searches" INTEGER NOT NULL,

    CONSTRAINT "insight_daily_users_pkey" PRIMARY KEY ("mode","day","user_id")
);

-- CreateTable
CREATE TABLE "insight_daily_totals" (
    "mode" "transport_mode" NOT NULL,
    "day" DATE NOT NULL,
    "searches" INTEGER NOT NULL,

    CONSTRAINT "insight_daily_totals_pkey" PRIMARY KEY ("mode","day")
);

-- AlterTable
ALTER TABLE "insight_rollup_state" ADD COLUMN "period_from" DATE,
ADD COLUMN "period_to" DATE;

-- The days rolled up before this migration (the next refresh only redoes the
-- last one); insight_period_searches is rebuilt whole by every refresh.
INSERT INTO "insight_daily_users" ("mode", "day", "user_id", "searches")
SELECT "mode", "day", "user_id", sum("searches")::int FROM "insight_daily_searches" GROUP BY 1, 2, 3;
INSERT INTO "insight_daily_totals" ("mode", "day", "searches")
SELECT "mode", "day", sum("searches")::int FROM "insight_daily_searches" GROUP BY 1, 2;
