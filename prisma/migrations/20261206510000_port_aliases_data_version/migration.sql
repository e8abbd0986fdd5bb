-- The port typeahead caches its answers while the tables it reads are
-- unchanged (app/domain/reference/ports.server.ts, suggestPorts): sea_ports
-- and airports have a version already; port_aliases gets its row and the
-- statement trigger, so every write (the alias screen, mapping an unresolved
-- name, an import that adds aliases, the seed) bumps it and announces it to
-- every app process (bump_data_version, migration 20261126090000).
INSERT INTO data_versions (name, version) VALUES ('port_aliases', 1) ON CONFLICT (name) DO NOTHING;
CREATE TRIGGER port_aliases_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON port_aliases
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
