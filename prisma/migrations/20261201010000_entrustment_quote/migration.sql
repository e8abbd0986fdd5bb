-- Booking from a quote (issue 25 item 3; docs/decisions/402-quotes-and-currency.md):
-- the entrustment records the quote it was booked from.
ALTER TABLE "entrustments" ADD COLUMN "quote_id" INTEGER;
CREATE INDEX "entrustments_quote_id_idx" ON "entrustments"("quote_id");
ALTER TABLE "entrustments" ADD CONSTRAINT "entrustments_quote_id_fkey" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE SET NULL ON UPDATE CASCADE;
