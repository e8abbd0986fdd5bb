-- Port lookups at 10,000 ports (docs/benchmarks.md, search at scale).
-- Expression indexes: Prisma's schema cannot describe them, and its diff
-- leaves them alone (checked with `prisma migrate diff`).

-- Exact and prefix matches in any case (the results pages resolve a typed
-- port; the pickers rank exact and prefix matches first): lower(x) = ... and
-- lower(x) LIKE 'ab%' use these B-trees. The planner took a sequential scan
-- of the trigram columns for long exact names (about 40 ms per lookup).
CREATE INDEX "sea_ports_code_lower_idx" ON "sea_ports" (lower("code") text_pattern_ops);
CREATE INDEX "sea_ports_name_lower_idx" ON "sea_ports" (lower("name") text_pattern_ops);
CREATE INDEX "sea_ports_name_zh_lower_idx" ON "sea_ports" (lower("name_zh") text_pattern_ops);
CREATE INDEX "airports_code_lower_idx" ON "airports" (lower("code") text_pattern_ops);
CREATE INDEX "airports_name_lower_idx" ON "airports" (lower("name") text_pattern_ops);
CREATE INDEX "airports_name_zh_lower_idx" ON "airports" (lower("name_zh") text_pattern_ops);

-- Contains matches (the pickers' typeahead): trigrams of pg_trgm cannot
-- serve one or two characters ("上海", "sh"), and for long texts the planner
-- preferred a sequential scan of three ILIKEs (about 40 ms over 10,000
-- ports). port_search_grams holds every run of one, two and three adjacent
-- characters of code, name and Chinese name (lower case, chr(31) between
-- them); port_query_grams is the query itself when it is one to three
-- characters long, else its runs of three. A row contains the query only if
-- its grams contain the query's, so the GIN index finds the candidates
-- (exactly, for one to three characters) and ILIKE checks the rest. COST:
-- the grams of a row take about 0.2 ms to compute, so the planner must read
-- them from the index, never recompute them in a sequential scan (690 ms
-- for "rp" over the airports without it).
CREATE FUNCTION "port_search_grams"("code" text, "name" text, "name_zh" text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 10000 AS $$
  SELECT coalesce(array_agg(DISTINCT substr(t, i, n)), '{}')
  FROM (SELECT lower(coalesce($1, '') || chr(31) || coalesce($2, '') || chr(31) || coalesce($3, '')) AS t) s,
       generate_series(1, length(s.t)) AS i, (VALUES (1), (2), (3)) AS w(n)
  WHERE i + n - 1 <= length(s.t)
$$;

CREATE FUNCTION "port_query_grams"("q" text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN length(t) <= 3 THEN ARRAY[t]
              ELSE (SELECT array_agg(DISTINCT substr(t, i, 3)) FROM generate_series(1, length(t) - 2) AS i) END
  FROM (SELECT lower(coalesce($1, '')) AS t) s
$$;

-- fastupdate off: rows a data import adds go into the index at once, not into
-- a pending list every lookup would have to read through until the next
-- vacuum (9 ms per lookup after an 8,000-port import).
CREATE INDEX "sea_ports_grams_idx" ON "sea_ports" USING GIN ("port_search_grams"("code", "name", "name_zh")) WITH (fastupdate = off);
CREATE INDEX "airports_grams_idx" ON "airports" USING GIN ("port_search_grams"("code", "name", "name_zh")) WITH (fastupdate = off);
