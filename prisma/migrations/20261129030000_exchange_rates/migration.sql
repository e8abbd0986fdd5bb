-- Exchange rates (issue 25 item 2; docs/decisions/402-quotes-and-currency.md).
-- 1 unit of currency = rate_cny CNY, valid through valid_until (a day).
CREATE TABLE "exchange_rates" (
    "id" SERIAL NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "rate_cny" DECIMAL(18,6) NOT NULL,
    "valid_until" DATE NOT NULL,
    "updated_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "exchange_rates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "exchange_rates_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$' AND "currency" <> 'CNY'),
    CONSTRAINT "exchange_rates_rate_check" CHECK ("rate_cny" > 0)
);
CREATE UNIQUE INDEX "exchange_rates_currency_valid_until_key" ON "exchange_rates"("currency", "valid_until");

-- The screen /exchangeRates: menu entry (= its permission) 26 under 数据管理 (5),
-- granted to the administrator (1) and the data staff role (14). Only where
-- the demo/initial menu tree exists; an empty database gets it from the seed.
INSERT INTO menus (id, parent_id, label, label_en, level, path, icon, sort)
SELECT CASE WHEN EXISTS (SELECT 1 FROM menus WHERE id = 26) THEN nextval(pg_get_serial_sequence('menus', 'id')) ELSE 26 END,
       5, '汇率', 'Exchange rates', 2, '/exchangeRates', 'currency',
       COALESCE((SELECT max(sort) FROM menus WHERE parent_id = 5), 0) + 1
WHERE EXISTS (SELECT 1 FROM menus WHERE id = 5)
  AND NOT EXISTS (SELECT 1 FROM menus WHERE path = '/exchangeRates');

INSERT INTO role_permissions (role_id, menu_id, half_checked)
SELECT r.id, m.id, false FROM menus m CROSS JOIN roles r
WHERE m.path = '/exchangeRates' AND r.id IN (1, 14)
ON CONFLICT DO NOTHING;

-- The results pages cache the day's rates while the table is unchanged
-- (app/utils/data-cache.server.ts): a version row and its trigger.
INSERT INTO data_versions (name, version) VALUES ('exchange_rates', 1) ON CONFLICT (name) DO NOTHING;
CREATE TRIGGER exchange_rates_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
