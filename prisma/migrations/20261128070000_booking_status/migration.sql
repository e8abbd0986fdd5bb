-- Booking status (issue 25 item 5, docs/decisions/403): every entrustment has a
-- status (existing ones are RECEIVED), the language its customer booked in,
-- and a history of changes. Menu 97 under 委托订单 (19) is the right to change
-- a status on /app-order.

-- CreateEnum
CREATE TYPE "entrustment_status" AS ENUM ('RECEIVED', 'CONFIRMED', 'REJECTED', 'CANCELLED');

-- AlterTable
ALTER TABLE "entrustments" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'zh-CN',
ADD COLUMN     "status" "entrustment_status" NOT NULL DEFAULT 'RECEIVED';

-- CreateTable
CREATE TABLE "entrustment_status_events" (
    "id" SERIAL NOT NULL,
    "entrustment_id" INTEGER NOT NULL,
    "from_status" "entrustment_status" NOT NULL,
    "to_status" "entrustment_status" NOT NULL,
    "reason" TEXT,
    "actor_kind" TEXT NOT NULL,
    "actor_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "entrustment_status_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "entrustment_status_events_entrustment_id_created_at_idx" ON "entrustment_status_events"("entrustment_id", "created_at");

-- CreateIndex
CREATE INDEX "entrustments_status_idx" ON "entrustments"("status");

-- AddForeignKey
ALTER TABLE "entrustment_status_events" ADD CONSTRAINT "entrustment_status_events_entrustment_id_fkey" FOREIGN KEY ("entrustment_id") REFERENCES "entrustments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The right "处理委托状态" (97) under /app-order (19), where the demo/initial
-- menu tree exists; granted to the administrator (1), sales (12), customer
-- service (13) and the sales manager (27), who all hold /app-order.
INSERT INTO menus (id, parent_id, label, label_en, level, sort)
SELECT 97, 19, '处理委托状态', 'Handle booking status', 3, 1
WHERE EXISTS (SELECT 1 FROM menus WHERE id = 19)
  AND NOT EXISTS (SELECT 1 FROM menus WHERE id = 97);

INSERT INTO role_permissions (role_id, menu_id, half_checked)
SELECT r.id, 97, false FROM roles r
WHERE r.id IN (1, 12, 13, 27) AND EXISTS (SELECT 1 FROM menus WHERE id = 97 AND parent_id = 19)
ON CONFLICT DO NOTHING;
