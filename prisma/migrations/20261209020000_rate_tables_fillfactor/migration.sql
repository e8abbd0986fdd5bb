-- Issue 23, performance (docs/decisions/204-import-history-and-templates.md,
-- "Room for a second version of every row"): the data areas' tables leave
-- half of each page free. An import that changes no indexed column of a row
-- (new prices on the same lane, carrier and validity), and the undo of such
-- an import, then write the row's new version on its own page (a HOT update:
-- no new entry in any of the table's indexes, about a quarter of the work of
-- an update that adds one to each). With full pages every updated row moved
-- to another page and got a new entry in all five indexes of the FCL table.
-- The price is a heap twice as large; the rate screens and searches read it
-- through their indexes. Only pages written from now on follow it (no table
-- is rewritten by this migration): `VACUUM FULL <table>` applies it to the
-- rows already stored.
ALTER TABLE "fcl_rates" SET (fillfactor = 50);
ALTER TABLE "lcl_rates" SET (fillfactor = 50);
ALTER TABLE "air_rates" SET (fillfactor = 50);
ALTER TABLE "rail_rates" SET (fillfactor = 50);
ALTER TABLE "trailer_rates" SET (fillfactor = 50);
ALTER TABLE "express_rates" SET (fillfactor = 50);
ALTER TABLE "sea_ports" SET (fillfactor = 50);
ALTER TABLE "airports" SET (fillfactor = 50);
ALTER TABLE "express_countries" SET (fillfactor = 50);
