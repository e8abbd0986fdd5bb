-- Issue 44 item 6: moving a customer to tier T0 (the company's internal
-- prices) needs the right "授予T0等级" (98) under /userList (2), above the
-- salesperson's edit right (73). Where the demo/initial menu tree exists it
-- is added and granted to the administrator role (1) only, as the other
-- rights were (migration 20261128070000_booking_status).
INSERT INTO menus (id, parent_id, label, label_en, level, sort)
SELECT 98, 2, '授予T0等级', 'Grant tier T0', 3, 8
WHERE EXISTS (SELECT 1 FROM menus WHERE id = 2)
  AND NOT EXISTS (SELECT 1 FROM menus WHERE id = 98);

INSERT INTO role_permissions (role_id, menu_id, half_checked)
SELECT r.id, 98, false FROM roles r
WHERE r.id = 1 AND EXISTS (SELECT 1 FROM menus WHERE id = 98 AND parent_id = 2)
ON CONFLICT DO NOTHING;
