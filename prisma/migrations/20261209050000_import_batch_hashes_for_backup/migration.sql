-- Issue 23 (docs/decisions/204-import-history-and-templates.md, "The batch's
-- stamp instead of row hashes"): a stamped batch knows its untouched rows by
-- their xmin, the id of the transaction that wrote them. A logical copy of
-- the database (`npm run backup`, then `npm run restore`) gives every row a
-- new xmin, so the backup records a stamped batch as a hashed one: the MD5
-- of each row's text form while the row is untouched (NULL, a conflict,
-- otherwise), as batches were kept before the stamp. Restored, the batch is
-- checked by those hashes and undoes what it undid before the backup.
--
-- import_batch_hashes(area, ids, written_xact): the hashes of the rows `ids`
-- of the area's table, in the order of `ids`, under the stamp `written_xact`
-- (the rule of untouchedSql, with its guard against a reused 32-bit id).
-- One branch per data area (tests/data/import-batch-storage.test.ts checks
-- every area has one); the DateStyle of the writer's hashes.
CREATE FUNCTION import_batch_hashes(area TEXT, ids INTEGER[], written_xact BIGINT) RETURNS TEXT[]
LANGUAGE plpgsql STABLE SET datestyle = 'ISO, MDY' AS $$
DECLARE
  tbl TEXT := CASE area
    WHEN 'port' THEN 'sea_ports'
    WHEN 'airport' THEN 'airports'
    WHEN 'expressCountry' THEN 'express_countries'
    WHEN 'fcl' THEN 'fcl_rates'
    WHEN 'lcl' THEN 'lcl_rates'
    WHEN 'rail' THEN 'rail_rates'
    WHEN 'trailer' THEN 'trailer_rates'
    WHEN 'air' THEN 'air_rates'
    WHEN 'express' THEN 'express_rates'
  END;
  stamp XID;
  hashes TEXT[];
BEGIN
  IF tbl IS NULL THEN RAISE EXCEPTION 'import_batch_hashes: unknown area %', area; END IF;
  IF written_xact IS NOT NULL AND pg_snapshot_xmax(pg_current_snapshot())::text::bigint - written_xact < 2147483648 THEN
    stamp := (written_xact % 4294967296)::text::xid;
  END IF;
  EXECUTE format(
    'SELECT array_agg(CASE WHEN t.xmin = $2 THEN md5(t::text) END ORDER BY u.n)
       FROM unnest($1) WITH ORDINALITY AS u(id, n) LEFT JOIN %I t ON t.id = u.id', tbl)
    INTO hashes USING ids, stamp;
  RETURN hashes;
END
$$;
