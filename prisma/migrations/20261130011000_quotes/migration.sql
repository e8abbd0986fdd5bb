-- Quotes (issue 25 item 3; docs/decisions/402-quotes-and-currency.md).
CREATE TABLE "quotes" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "mode" TEXT NOT NULL,
    "rate_id" INTEGER NOT NULL,
    "tier" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "snapshot" JSONB NOT NULL,
    "valid_until" DATE,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "quotes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "quotes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "quotes_number_key" ON "quotes"("number");
CREATE UNIQUE INDEX "quotes_token_key" ON "quotes"("token");
CREATE INDEX "quotes_user_id_created_at_idx" ON "quotes"("user_id", "created_at");
