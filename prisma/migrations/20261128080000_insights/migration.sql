-- The insights dashboard /insights (issue 24, docs/decisions/701-insights.md):
-- the daily rollup of the query-trace logs, and the menu entry (= permission).
-- CreateTable
CREATE TABLE "insight_daily_searches" (
    "day" DATE NOT NULL,
    "mode" "transport_mode" NOT NULL,
    "user_id" INTEGER NOT NULL,
    "origin" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "searches" INTEGER NOT NULL,
    "unmet" INTEGER NOT NULL,
    "last_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "insight_daily_searches_pkey" PRIMARY KEY ("mode","day","user_id","origin","destination")
);

-- CreateTable
CREATE TABLE "insight_rollup_state" (
    "id" INTEGER NOT NULL,
    "refreshed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "insight_rollup_state_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "insight_daily_searches_mode_origin_destination_day_idx" ON "insight_daily_searches"("mode", "origin", "destination", "day");

-- CreateIndex
CREATE INDEX "insight_daily_searches_user_id_day_idx" ON "insight_daily_searches"("user_id", "day");

-- The menu entry under 日志管理 (21), granted to the administrator (1), the
-- sales (12), the sales manager (27) and the rate desk (14), as in the seed;
-- their 日志管理 row is half-checked unless they hold every log screen.
-- Only where the demo/initial menu tree exists; an empty database gets the
-- entry from the seed (prisma/seed/data/access.ts, id 27). Id 27 when free,
-- else the next id of the sequence.
INSERT INTO menus (id, parent_id, label, label_en, level, path, icon, sort)
SELECT CASE WHEN EXISTS (SELECT 1 FROM menus WHERE id = 27) THEN nextval(pg_get_serial_sequence('menus', 'id')) ELSE 27 END,
       21, '洞察看板', 'Insights', 2, '/insights', 'chart',
       COALESCE((SELECT max(sort) FROM menus WHERE parent_id = 21), 0) + 1
WHERE EXISTS (SELECT 1 FROM menus WHERE id = 21)
  AND NOT EXISTS (SELECT 1 FROM menus WHERE path = '/insights');

INSERT INTO role_permissions (role_id, menu_id, half_checked)
SELECT r.id, m.id, false FROM menus m CROSS JOIN roles r
WHERE m.path = '/insights' AND r.id IN (1, 12, 14, 27)
ON CONFLICT DO NOTHING;

INSERT INTO role_permissions (role_id, menu_id, half_checked)
SELECT r.id, 21, true FROM roles r
WHERE r.id IN (12, 14, 27) AND EXISTS (SELECT 1 FROM menus WHERE id = 21)
ON CONFLICT DO NOTHING;

UPDATE role_permissions rp SET half_checked = true
WHERE rp.menu_id = 21 AND rp.role_id <> 1
  AND EXISTS (SELECT 1 FROM menus c WHERE c.parent_id = 21
              AND NOT EXISTS (SELECT 1 FROM role_permissions x WHERE x.role_id = rp.role_id AND x.menu_id = c.id));
