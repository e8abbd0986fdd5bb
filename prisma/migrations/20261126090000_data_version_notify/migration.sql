-- Issue 26: the page cache (server/page-cache.js) serves anonymous pages from
-- memory while the data versions are unchanged, without asking PostgreSQL.
-- 1. Every version bump is also announced on the channel `data_versions`
--    (payload `table:version`), delivered to each listening app process when
--    the writing transaction commits (server/data-versions.js); NOTIFY in an
--    aborted transaction is never sent.
-- 2. What anonymous pages read besides the tables versioned already: the
--    special-price cards (/home, sitemap.xml) and the home content (/home, /us).
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint := pg_current_xact_id()::text::bigint;
BEGIN
  UPDATE data_versions SET version = v WHERE name = TG_TABLE_NAME;
  PERFORM pg_notify('data_versions', TG_TABLE_NAME || ':' || v);
  RETURN NULL;
END
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['special_offers', 'home_contents', 'home_categories'] LOOP
    INSERT INTO data_versions (name, version) VALUES (t, 1) ON CONFLICT (name) DO NOTHING;
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()',
      t || '_data_version', t);
  END LOOP;
END
$$;
