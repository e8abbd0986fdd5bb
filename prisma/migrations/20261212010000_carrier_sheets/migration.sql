-- Issue 40 (docs/decisions/207-carrier-sheets.md): carrier sheets as they
-- come. A source profile is a mapping of a carrier's or agent's own layout
-- that a clerk saved under a name; the next upload whose headers have the
-- same signature goes straight to the preview with it. A wizard upload is a
-- file being mapped (the no-JavaScript wizard keeps its state here between
-- its steps); its file lies under UPLOAD_DIR/previews as a preview's does.

CREATE TABLE import_source_profiles (
  id serial PRIMARY KEY,
  -- The data area's key (fcl, lcl, …).
  area text NOT NULL,
  -- The source as the clerk names it (a carrier or agent).
  name text NOT NULL,
  -- The layout's header signature (source-layout.server.ts layoutSignature).
  signature text NOT NULL,
  -- The mapping: tabs, header rows, column key → target, fixed values.
  mapping jsonb NOT NULL,
  created_by text,
  updated_by text,
  created_at timestamp(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at timestamp(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  last_used_at timestamp(3),
  CONSTRAINT import_source_profiles_area_name_key UNIQUE (area, name)
);
CREATE INDEX import_source_profiles_area_signature_idx ON import_source_profiles (area, signature);

CREATE TABLE import_wizard_uploads (
  id text PRIMARY KEY,
  area text NOT NULL,
  user_id integer NOT NULL,
  file_name text NOT NULL,
  -- The upload under UPLOAD_DIR/previews (generated name) and its SHA-256.
  file_key text NOT NULL,
  file_checksum text NOT NULL,
  -- The clerk's mapping so far.
  mapping jsonb NOT NULL,
  -- The profile it was recognised as or started from, and the name to save the mapping under.
  profile_id integer,
  save_as text,
  created_at timestamp(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  expires_at timestamp(3) NOT NULL
);
CREATE INDEX import_wizard_uploads_expires_at_idx ON import_wizard_uploads (expires_at);

-- A preview made from a mapped sheet: the wizard upload and profile it came from.
ALTER TABLE import_previews ADD COLUMN source jsonb;

-- Where each staged row came from in a carrier's workbook (tab, row, period), shown on the preview.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['fcl_rates', 'lcl_rates', 'air_rates', 'rail_rates', 'trailer_rates', 'express_rates',
                           'sea_ports', 'airports', 'express_countries'] LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN origin text', 'import_stage_' || t);
  END LOOP;
END
$$;
