-- Issue 23, performance (docs/decisions/204-import-history-and-templates.md,
-- "Two indexes fewer per rate table"): the single-column indexes on the
-- destination and on the end of validity duplicated the second and third
-- columns of each table's lane index (origin, destination, valid_to).
-- PostgreSQL 18 answers `pod = …` and a `valid_to` range from the lane index
-- by skip scan (one descent per origin), and the staff screens' DISTINCT
-- filter lists are cached until the table changes (decision 601). Every
-- import wrote an entry into both for each row: about a quarter of the
-- time of a 100,000-row commit of new rows.
DROP INDEX IF EXISTS "fcl_rates_pod_idx";
DROP INDEX IF EXISTS "fcl_rates_valid_to_idx";
DROP INDEX IF EXISTS "lcl_rates_pod_idx";
DROP INDEX IF EXISTS "lcl_rates_valid_to_idx";
DROP INDEX IF EXISTS "air_rates_pod_idx";
DROP INDEX IF EXISTS "air_rates_valid_to_idx";
DROP INDEX IF EXISTS "rail_rates_pod_idx";
DROP INDEX IF EXISTS "rail_rates_valid_to_idx";
DROP INDEX IF EXISTS "trailer_rates_door_point_idx";
DROP INDEX IF EXISTS "trailer_rates_valid_to_idx";
