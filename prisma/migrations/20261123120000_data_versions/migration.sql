-- Versions of the tables whose reads the server caches (app/utils/data-cache.server.ts).
-- Every statement that writes one of them sets its row to the writing
-- transaction's id, in that transaction: a request that reads the versions
-- after a commit sees the new value, so no cached read older than the data it
-- came from is ever served (read-your-writes across every app process).
CREATE TABLE "data_versions" (
    "name" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "data_versions_pkey" PRIMARY KEY ("name")
);

CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = pg_current_xact_id()::text::bigint WHERE name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'fcl_rates', 'lcl_rates', 'air_rates', 'rail_rates', 'trailer_rates', 'express_rates',
    'sea_ports', 'airports', 'express_countries', 'site_settings'
  ] LOOP
    INSERT INTO data_versions (name, version) VALUES (t, 1);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()',
      t || '_data_version', t);
  END LOOP;
END
$$;

-- Search history lists ('|'-joined, newest first): the new entries (newest
-- first) before the old ones, each entry once, at most `kept`.
CREATE FUNCTION merge_history(new_entries text, old_entries text, kept int) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(string_agg(entry, '|' ORDER BY first), '')
  FROM (
    SELECT entry, min(position) AS first
    FROM unnest(string_to_array(COALESCE(new_entries, ''), '|') || string_to_array(COALESCE(old_entries, ''), '|'))
         WITH ORDINALITY AS e(entry, position)
    WHERE entry <> ''
    GROUP BY entry
    ORDER BY first
    LIMIT kept
  ) kept_entries
$$;
