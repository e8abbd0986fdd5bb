-- Issue 22 item 8: LCL valid_to is a date-time (data-maintenance.md 3), held
-- as Shanghai wall-clock time without a zone, as a DATE holds a calendar day.
-- An existing date meant "valid all of that day": it becomes 23:59:59 of it,
-- so the rows customers see stay the same. The indexes on valid_to follow.
ALTER TABLE "lcl_rates" ALTER COLUMN "valid_to" SET DATA TYPE TIMESTAMP(0) USING ("valid_to" + TIME '23:59:59');
