-- Price requests (issue 43, docs/decisions/404-price-requests.md): a search
-- that found no rate becomes a request the pricing desk answers; the answer is
-- a quote (its lines in the request), which may carry no rate and, for a
-- visitor, no owner.

-- CreateEnum
CREATE TYPE "price_request_state" AS ENUM ('HELD', 'OPEN', 'ANSWERED', 'DECLINED', 'BOOKED');

-- AlterTable
ALTER TABLE "quotes" ALTER COLUMN "user_id" DROP NOT NULL,
ALTER COLUMN "rate_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "price_requests" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "user_id" INTEGER,
    "contact_name" TEXT,
    "company" TEXT,
    "phone" TEXT,
    "email" TEXT,
    "mode" "transport_mode" NOT NULL,
    "origin" TEXT,
    "destination" TEXT NOT NULL,
    "cargo" JSONB NOT NULL,
    "ready_date" DATE,
    "remarks" TEXT,
    "language" VARCHAR(5) NOT NULL DEFAULT 'zh-CN',
    "currency" VARCHAR(3) NOT NULL,
    "state" "price_request_state" NOT NULL,
    "channel" TEXT NOT NULL DEFAULT 'site',
    "sales_id" INTEGER,
    "customer_service_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "opened_at" TIMESTAMP(3),
    "due_at" TIMESTAMP(3),
    "answered_at" TIMESTAMP(3),
    "closed_at" TIMESTAMP(3),
    "handled_by_id" INTEGER,
    "answer" JSONB,
    "decline_reason" TEXT,
    "quote_id" INTEGER,
    "entrustment_id" INTEGER,
    "batch_id" INTEGER,
    "client_address" TEXT,
    "search_text" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "price_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "price_requests_number_key" ON "price_requests"("number");

-- CreateIndex
CREATE UNIQUE INDEX "price_requests_quote_id_key" ON "price_requests"("quote_id");

-- CreateIndex
CREATE INDEX "price_requests_state_due_at_idx" ON "price_requests"("state", "due_at");

-- CreateIndex
CREATE INDEX "price_requests_state_created_at_idx" ON "price_requests"("state", "created_at");

-- CreateIndex
CREATE INDEX "price_requests_created_at_idx" ON "price_requests"("created_at");

-- CreateIndex
CREATE INDEX "price_requests_search_text_idx" ON "price_requests" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "price_requests_user_id_created_at_idx" ON "price_requests"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "price_requests_mode_origin_destination_idx" ON "price_requests"("mode", "origin", "destination");

-- AddForeignKey
ALTER TABLE "price_requests" ADD CONSTRAINT "price_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_requests" ADD CONSTRAINT "price_requests_quote_id_fkey" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The desk's screen /priceDesk: menu entry (= its permission) 43 under 运营管理 (15),
-- granted to the administrator (1), sales (12), customer service (13) and the
-- sales manager (27). Only where the demo/initial menu tree exists; an empty
-- database gets it from the seed.
INSERT INTO menus (id, parent_id, label, label_en, level, path, icon, sort)
SELECT CASE WHEN EXISTS (SELECT 1 FROM menus WHERE id = 43) THEN nextval(pg_get_serial_sequence('menus', 'id')) ELSE 43 END,
       15, '询价台', 'Price desk', 2, '/priceDesk', 'inbox',
       COALESCE((SELECT max(sort) FROM menus WHERE parent_id = 15), 0) + 1
WHERE EXISTS (SELECT 1 FROM menus WHERE id = 15)
  AND NOT EXISTS (SELECT 1 FROM menus WHERE path = '/priceDesk');

INSERT INTO role_permissions (role_id, menu_id, half_checked)
SELECT r.id, m.id, false FROM menus m CROSS JOIN roles r
WHERE m.path = '/priceDesk' AND r.id IN (1, 12, 13, 27)
ON CONFLICT DO NOTHING;

