-- Issue 44 item 8 (decision 301, "English role names"): a role's English
-- form and
-- its description's, shown in the English UI; null shows the Chinese text. The seeded
-- roles get theirs where they still carry the seeded Chinese name (a role
-- renamed by staff keeps no English name that might no longer fit).
ALTER TABLE roles ADD COLUMN name_en TEXT, ADD COLUMN description_en TEXT;

UPDATE roles r SET name_en = seeded.name_en, description_en = seeded.description_en
FROM (VALUES
  (2, '公司内部', 'Internal staff', 'Company staff (directory)'),
  (1, '管理员', 'Administrator', 'System administrator, holds every right'),
  (12, '销售', 'Sales', 'Salesperson, looks after their customers'),
  (13, '客服', 'Customer service', 'Customer service, follows up bookings and queries'),
  (27, '销售经理', 'Sales manager', 'Sales manager, leads the sales team and its customers'),
  (14, '数据专员', 'Data staff', 'Maintains rates and reference data'),
  (3, '客户', 'Customers', 'External customers (directory)'),
  (20, '直客', 'Direct customer', 'Direct customer'),
  (21, '同行客户', 'Peer customer', 'Freight-forwarder customer'),
  (22, '海外代理', 'Overseas agent', 'Overseas agent')
) AS seeded (id, name, name_en, description_en)
WHERE r.id = seeded.id AND r.name = seeded.name;
