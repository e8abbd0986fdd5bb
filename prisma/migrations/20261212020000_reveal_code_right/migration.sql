-- Issue 45 item 1 (decision 101, "Onboarding without a mail provider"):
-- menu 99 under the mail outbox (20) is the right to reveal the code of an
-- undelivered verification-code mail on /app-query, an audited operation.
-- Added where the demo menu tree exists; granted to the administrator (1)
-- only: other roles get it from the role screen, one decision at a time.
INSERT INTO menus (id, parent_id, label, label_en, level, sort)
SELECT 99, 20, '查看验证码', 'Reveal verification codes', 3, 1
WHERE EXISTS (SELECT 1 FROM menus WHERE id = 20)
  AND NOT EXISTS (SELECT 1 FROM menus WHERE id = 99);

INSERT INTO role_permissions (role_id, menu_id, half_checked)
SELECT r.id, 99, false FROM roles r
WHERE r.id = 1 AND EXISTS (SELECT 1 FROM menus WHERE id = 99 AND parent_id = 20)
ON CONFLICT DO NOTHING;

-- A menu added later from the menu screen must not draw id 99 from the sequence.
SELECT setval(pg_get_serial_sequence('menus', 'id'), GREATEST((SELECT MAX(id) FROM menus), 1));
