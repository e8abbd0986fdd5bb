-- Port names understood (issue 23 item 3; docs/decisions/205-port-aliases-and-pinyin.md).

-- 1. The one normalisation of a port spelling: full-width characters as their
--    ASCII forms, lower case, without spaces and punctuation (ASCII and CJK).
--    "Shang Hai", "ＳＨＡＮＧＨＡＩ", "shanghai." all give "shanghai".
CREATE FUNCTION port_name_key(name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT regexp_replace(
    lower(translate(name, '！＂＃＄％＆＇（）＊＋，－．／０１２３４５６７８９：；＜＝＞？＠ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ［＼］＾＿｀ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ｛｜｝～　', '!"#$%&''()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~ ')),
    '[[:space:][:punct:]·、。《》【】“”‘’—… ]', '', 'g')
$$;

-- 2. The alias table: any spelling (key = port_name_key(alias)) to one sea port.
CREATE TABLE "port_aliases" (
    "id" SERIAL NOT NULL,
    "alias" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "port_id" INTEGER NOT NULL,
    "created_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "port_aliases_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "port_aliases_key_check" CHECK ("key" <> ''),
    CONSTRAINT "port_aliases_port_id_fkey" FOREIGN KEY ("port_id") REFERENCES "sea_ports"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "port_aliases_key_key" ON "port_aliases"("key");
CREATE INDEX "port_aliases_key_prefix" ON "port_aliases"("key" text_pattern_ops);
CREATE INDEX "port_aliases_port_id_idx" ON "port_aliases"("port_id");

-- 3. The unresolved queue: names an import wrote that nothing resolves, per area.
CREATE TABLE "port_unresolved_names" (
    "id" SERIAL NOT NULL,
    "area" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "rows" INTEGER NOT NULL,
    "first_seen" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "port_unresolved_names_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "port_unresolved_names_area_name_key" ON "port_unresolved_names"("area", "name");
CREATE INDEX "port_unresolved_names_first_seen_idx" ON "port_unresolved_names"("first_seen");

-- 4. Pinyin of the Chinese names (pinyin-pro, computed by the server: see
--    app/domain/reference/port-pinyin.server.ts), full and initials, for the
--    customer searches; pinyin_of is the name_zh it was computed from.
ALTER TABLE "sea_ports" ADD COLUMN "pinyin" TEXT, ADD COLUMN "pinyin_initials" TEXT, ADD COLUMN "pinyin_of" TEXT;
CREATE INDEX "sea_ports_pinyin_prefix" ON "sea_ports"("pinyin" text_pattern_ops);
CREATE INDEX "sea_ports_pinyin_initials_prefix" ON "sea_ports"("pinyin_initials" text_pattern_ops);
CREATE INDEX "sea_ports_pinyin_stale" ON "sea_ports"("id") WHERE "pinyin_of" IS DISTINCT FROM "name_zh";
CREATE INDEX "sea_ports_name_port_key" ON "sea_ports"(port_name_key("name"));
CREATE INDEX "sea_ports_code_port_key" ON "sea_ports"(port_name_key("code"));
CREATE INDEX "sea_ports_name_zh_port_key" ON "sea_ports"(port_name_key("name_zh"));

-- 5. The screen /portAliases: menu entry (= its permission) 25 under 数据管理 (5),
--    granted to the administrator (1) and the data staff role (14). Only where
--    the demo/initial menu tree exists; an empty database gets it from the seed.
INSERT INTO menus (id, parent_id, label, label_en, level, path, icon, sort)
SELECT CASE WHEN EXISTS (SELECT 1 FROM menus WHERE id = 25) THEN nextval(pg_get_serial_sequence('menus', 'id')) ELSE 25 END,
       5, '港口别名', 'Port aliases', 2, '/portAliases', 'anchor',
       COALESCE((SELECT max(sort) FROM menus WHERE parent_id = 5), 0) + 1
WHERE EXISTS (SELECT 1 FROM menus WHERE id = 5)
  AND NOT EXISTS (SELECT 1 FROM menus WHERE path = '/portAliases');

INSERT INTO role_permissions (role_id, menu_id, half_checked)
SELECT r.id, m.id, false FROM menus m CROSS JOIN roles r
WHERE m.path = '/portAliases' AND r.id IN (1, 14)
ON CONFLICT DO NOTHING;
