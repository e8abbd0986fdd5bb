-- Issue 44 item 8 (decision 301, "English role names"): a role's English
-- form, shown in the English UI; null shows the Chinese name. The seeded
-- roles get theirs where they still carry the seeded Chinese name (a role
-- renamed by staff keeps no English name that might no longer fit).
ALTER TABLE roles ADD COLUMN name_en TEXT;

UPDATE roles r SET name_en = seeded.name_en
FROM (VALUES
  (2, '公司内部', 'Internal staff'),
  (1, '管理员', 'Administrator'),
  (12, '销售', 'Sales'),
  (13, '客服', 'Customer service'),
  (27, '销售经理', 'Sales manager'),
  (14, '数据专员', 'Data staff'),
  (3, '客户', 'Customers'),
  (20, '直客', 'Direct customer'),
  (21, '同行客户', 'Peer customer'),
  (22, '海外代理', 'Overseas agent')
) AS seeded (id, name, name_en)
WHERE r.id = seeded.id AND r.name = seeded.name;
