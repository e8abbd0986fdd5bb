-- The company-identity screen /companyInfo (docs/decisions/604): its menu
-- entry (= its permission) under 运营管理 (15), granted to the administrator
-- role (1). Only where the demo/initial menu tree exists; an empty database
-- gets the entry from the seed (prisma/seed/data/access.ts, id 24). Id 24
-- when free, else the next id of the sequence.
INSERT INTO menus (id, parent_id, label, label_en, level, path, icon, sort)
SELECT CASE WHEN EXISTS (SELECT 1 FROM menus WHERE id = 24) THEN nextval(pg_get_serial_sequence('menus', 'id')) ELSE 24 END,
       15, '公司信息', 'Company details', 2, '/companyInfo', 'info',
       COALESCE((SELECT max(sort) FROM menus WHERE parent_id = 15), 0) + 1
WHERE EXISTS (SELECT 1 FROM menus WHERE id = 15)
  AND NOT EXISTS (SELECT 1 FROM menus WHERE path = '/companyInfo');

INSERT INTO role_permissions (role_id, menu_id, half_checked)
SELECT 1, m.id, false FROM menus m
WHERE m.path = '/companyInfo' AND EXISTS (SELECT 1 FROM roles WHERE id = 1)
ON CONFLICT DO NOTHING;
