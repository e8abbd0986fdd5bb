-- Issue 22 item 12: the operation log keeps the changed fields with their
-- label keys (detail) and one lower-cased search text holding the row's
-- texts and the labels shown for its type and area in both languages, with a
-- trigram index: the log search is one indexed ILIKE on search_text.
ALTER TABLE "operation_logs" ADD COLUMN "detail" JSONB,
ADD COLUMN "search_text" TEXT;

-- Rows written before: their codes and texts, and the labels of their type and area.
WITH "modules" ("code", "labels") AS (VALUES
  ('add', '新增 add'),
  ('edit', '修改 edit'),
  ('delete', '删除 delete'),
  ('import', '导入 import'),
  ('undoImport', '撤销导入 undo import'),
  ('rangeDelete', '区间删除 range delete'),
  ('markup', '批量调价 markup'),
  ('audit', '注册审核 audit'),
  ('auditProfile', '资料审核 profile audit'),
  ('state', '账户状态 account state'),
  ('view', '分配视图 views'),
  ('handover', '离职交接 handover'),
  ('permission', '分配权限 permissions'),
  ('wxcode', '上传名片 qr card'),
  ('retry', '重发邮件 mail retry'),
  ('refused', '越权拒绝 refused'),
  ('dismiss', '忽略名称 dismiss name'),
  ('status', '状态变更 status change'),
  ('portAliasMap', '映射别名 map alias')
), "areas" ("code", "labels") AS (VALUES
  ('users', '用户管理 users'),
  ('roles', '角色管理 roles'),
  ('menus', '菜单管理 menus'),
  ('specialOffers', '特惠航线 special offers'),
  ('webHome', '官网首页 website home'),
  ('appHome', 'app首页 app home'),
  ('homeCategories', '首页分类 home categories'),
  ('emailOutbox', '邮件发件箱 mail outbox'),
  ('fclRates', '海运整箱数据 sea fcl rates'),
  ('lclRates', '海运拼箱数据 sea lcl rates'),
  ('airRates', '空运数据 air rates'),
  ('railRates', '铁路数据 rail rates'),
  ('trailerRates', '拖车数据 trailer rates'),
  ('expressRates', '快递数据 express rates'),
  ('seaPorts', '海运港口 sea ports'),
  ('airports', '空运港口 airports'),
  ('expressCountries', '快递国家 express countries'),
  ('companyInfo', '公司信息 company details'),
  ('portAliases', '港口别名 port aliases'),
  ('entrustments', '委托 entrustments')
)
UPDATE "operation_logs" AS l SET "search_text" = left(lower(concat_ws(' ', l."module", l."operation", l."username", l."target_ids", l."params", m."labels", a."labels")), 12000)
FROM "operation_logs" AS o
LEFT JOIN "modules" AS m ON m."code" = o."module"
LEFT JOIN "areas" AS a ON a."code" = o."operation"
WHERE o."id" = l."id";

CREATE INDEX "operation_logs_search_trgm" ON "operation_logs" USING GIN ("search_text" gin_trgm_ops);
