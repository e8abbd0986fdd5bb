-- Lane watch (issue 25 item 4, docs/decisions/403): the watches with their
-- last-run snapshot of the lowest tier price, and one row per day the digest ran.

-- CreateTable
CREATE TABLE "lane_watches" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "mode" "transport_mode" NOT NULL,
    "pol" TEXT NOT NULL,
    "pod" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'zh-CN',
    "last_price" DECIMAL(12,2),
    "last_count" INTEGER NOT NULL DEFAULT 0,
    "last_run_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lane_watches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "watch_digest_runs" (
    "day" DATE NOT NULL,
    "watches" INTEGER NOT NULL,
    "mails" INTEGER NOT NULL,
    "finished_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watch_digest_runs_pkey" PRIMARY KEY ("day")
);

-- CreateIndex
CREATE INDEX "lane_watches_mode_pol_pod_idx" ON "lane_watches"("mode", "pol", "pod");

-- CreateIndex
CREATE UNIQUE INDEX "lane_watches_user_id_mode_pol_pod_key" ON "lane_watches"("user_id", "mode", "pol", "pod");

-- AddForeignKey
ALTER TABLE "lane_watches" ADD CONSTRAINT "lane_watches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
