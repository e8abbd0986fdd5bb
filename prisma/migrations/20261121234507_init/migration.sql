-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateEnum
CREATE TYPE "transport_mode" AS ENUM ('FCL', 'LCL', 'AIR', 'RAIL', 'TRAILER', 'EXPRESS');

-- CreateEnum
CREATE TYPE "entrustment_kind" AS ENUM ('ORDER', 'CONTACT');

-- CreateEnum
CREATE TYPE "outbox_status" AS ENUM ('PENDING', 'SENDING', 'SENT', 'FAILED');

-- CreateEnum
CREATE TYPE "code_purpose" AS ENUM ('REGISTER', 'RESET_PASSWORD');

-- CreateEnum
CREATE TYPE "home_channel" AS ENUM ('WEB', 'APP');

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "nickname" TEXT,
    "phone" TEXT NOT NULL,
    "business_address" TEXT,
    "company" TEXT,
    "iae_countries" TEXT,
    "avatar_path" TEXT,
    "role_id" INTEGER NOT NULL,
    "reg_method" TEXT NOT NULL DEFAULT 'register',
    "state" INTEGER NOT NULL DEFAULT 1,
    "audit" INTEGER NOT NULL DEFAULT 1,
    "customer_rating" INTEGER,
    "sales_id" INTEGER,
    "customer_service_id" INTEGER,
    "landline" TEXT,
    "qq" TEXT,
    "wx_code_path" TEXT,
    "view_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "profile_audit" INTEGER,
    "pending_company" TEXT,
    "pending_business_address" TEXT,
    "pending_iae_countries" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "last_login_at" TIMESTAMP(3),

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'cookie',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "ip" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_codes" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "purpose" "code_purpose" NOT NULL,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip" TEXT,

    CONSTRAINT "email_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "reset_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "search_history" (
    "user_id" INTEGER NOT NULL,
    "mode" "transport_mode" NOT NULL,
    "queries" TEXT NOT NULL DEFAULT '',
    "destinations" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "search_history_pkey" PRIMARY KEY ("user_id","mode")
);

-- CreateTable
CREATE TABLE "roles" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "parent_id" INTEGER,
    "level" INTEGER NOT NULL,
    "self_service" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "menus" (
    "id" SERIAL NOT NULL,
    "parent_id" INTEGER,
    "label" TEXT NOT NULL,
    "label_en" TEXT,
    "level" INTEGER NOT NULL,
    "path" TEXT,
    "icon" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "menus_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "role_permissions" (
    "role_id" INTEGER NOT NULL,
    "menu_id" INTEGER NOT NULL,
    "half_checked" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "role_permissions_pkey" PRIMARY KEY ("role_id","menu_id")
);

-- CreateTable
CREATE TABLE "sea_ports" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "name_zh" TEXT NOT NULL,
    "country_code" TEXT,
    "country_name" TEXT,
    "country_name_zh" TEXT,
    "lane" TEXT,
    "edi_code" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sea_ports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "airports" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "name_zh" TEXT NOT NULL,
    "country_name" TEXT,
    "country_name_zh" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "airports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "express_countries" (
    "id" SERIAL NOT NULL,
    "zone_code" TEXT NOT NULL,
    "zone" TEXT NOT NULL,
    "country_code" TEXT NOT NULL,
    "country_zh" TEXT NOT NULL,
    "country_en" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "express_countries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fcl_rates" (
    "id" SERIAL NOT NULL,
    "pol" TEXT NOT NULL,
    "pod" TEXT NOT NULL,
    "destination_dock" TEXT,
    "sailing_schedule" TEXT,
    "carrier" TEXT,
    "gp20_t0" DECIMAL(12,2),
    "gp40_t0" DECIMAL(12,2),
    "hq40_t0" DECIMAL(12,2),
    "gp20_t1" DECIMAL(12,2),
    "gp40_t1" DECIMAL(12,2),
    "hq40_t1" DECIMAL(12,2),
    "gp20_t2" DECIMAL(12,2),
    "gp40_t2" DECIMAL(12,2),
    "hq40_t2" DECIMAL(12,2),
    "booking_fee" TEXT,
    "thc" TEXT,
    "seal" TEXT,
    "vgm" TEXT,
    "eir" TEXT,
    "doc" TEXT,
    "manifest" TEXT,
    "via" TEXT,
    "transit_time" TEXT,
    "dock" TEXT,
    "valid_from" DATE,
    "valid_to" DATE,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "remark" TEXT,
    "weight_limit" TEXT,
    "other" TEXT,
    "remark3" TEXT,
    "remark4" TEXT,
    "remark_concat" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fcl_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lcl_rates" (
    "id" SERIAL NOT NULL,
    "pol" TEXT NOT NULL,
    "pod" TEXT NOT NULL,
    "country" TEXT,
    "volume" TEXT,
    "freight_cbm_t0" DECIMAL(12,2),
    "freight_cbm_t1" DECIMAL(12,2),
    "freight_cbm_t2" DECIMAL(12,2),
    "freight_ton_t0" DECIMAL(12,2),
    "freight_ton_t1" DECIMAL(12,2),
    "freight_ton_t2" DECIMAL(12,2),
    "cisf" TEXT,
    "booking_cutoff" TEXT,
    "cargo_cutoff" TEXT,
    "etd" TEXT,
    "via" TEXT,
    "transit_time" TEXT,
    "valid_from" DATE,
    "valid_to" DATE,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "remark" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lcl_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rail_rates" (
    "id" SERIAL NOT NULL,
    "pol" TEXT NOT NULL,
    "pod" TEXT NOT NULL,
    "coc40_t0" DECIMAL(12,2),
    "soc40_t0" DECIMAL(12,2),
    "coc20_t0" DECIMAL(12,2),
    "soc20_t0" DECIMAL(12,2),
    "soc20x2_t0" DECIMAL(12,2),
    "coc40_t1" DECIMAL(12,2),
    "soc40_t1" DECIMAL(12,2),
    "coc20_t1" DECIMAL(12,2),
    "soc20_t1" DECIMAL(12,2),
    "soc20x2_t1" DECIMAL(12,2),
    "coc40_t2" DECIMAL(12,2),
    "soc40_t2" DECIMAL(12,2),
    "coc20_t2" DECIMAL(12,2),
    "soc20_t2" DECIMAL(12,2),
    "soc20x2_t2" DECIMAL(12,2),
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "train_service" TEXT,
    "transit_time" TEXT,
    "valid_from" DATE,
    "valid_to" DATE,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "remark" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rail_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trailer_rates" (
    "id" SERIAL NOT NULL,
    "dock" TEXT NOT NULL,
    "door_point" TEXT NOT NULL,
    "gp20_t0" DECIMAL(12,2),
    "gp40_t0" DECIMAL(12,2),
    "hq40_t0" DECIMAL(12,2),
    "gp20_t1" DECIMAL(12,2),
    "gp40_t1" DECIMAL(12,2),
    "hq40_t1" DECIMAL(12,2),
    "gp20_t2" DECIMAL(12,2),
    "gp40_t2" DECIMAL(12,2),
    "hq40_t2" DECIMAL(12,2),
    "valid_from" DATE,
    "valid_to" DATE,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "remark" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trailer_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "air_rates" (
    "id" SERIAL NOT NULL,
    "air_id" TEXT,
    "air_id_table" TEXT,
    "add_price" TEXT,
    "pol" TEXT NOT NULL,
    "pod" TEXT NOT NULL,
    "country" TEXT,
    "etd" TEXT,
    "carrier" TEXT,
    "validity_text" TEXT,
    "cbm_kgs" TEXT,
    "bulk45_t0" DECIMAL(12,2),
    "bulk100_t0" DECIMAL(12,2),
    "bulk130_t0" DECIMAL(12,2),
    "bulk300_t0" DECIMAL(12,2),
    "bulk500_t0" DECIMAL(12,2),
    "bulk1000_t0" DECIMAL(12,2),
    "bulk2000_t0" DECIMAL(12,2),
    "bulk3000_t0" DECIMAL(12,2),
    "bulk45_t1" DECIMAL(12,2),
    "bulk100_t1" DECIMAL(12,2),
    "bulk130_t1" DECIMAL(12,2),
    "bulk300_t1" DECIMAL(12,2),
    "bulk500_t1" DECIMAL(12,2),
    "bulk1000_t1" DECIMAL(12,2),
    "bulk2000_t1" DECIMAL(12,2),
    "bulk3000_t1" DECIMAL(12,2),
    "bulk45_t2" DECIMAL(12,2),
    "bulk100_t2" DECIMAL(12,2),
    "bulk130_t2" DECIMAL(12,2),
    "bulk300_t2" DECIMAL(12,2),
    "bulk500_t2" DECIMAL(12,2),
    "bulk1000_t2" DECIMAL(12,2),
    "bulk2000_t2" DECIMAL(12,2),
    "bulk3000_t2" DECIMAL(12,2),
    "tray45_t0" DECIMAL(12,2),
    "tray100_t0" DECIMAL(12,2),
    "tray130_t0" DECIMAL(12,2),
    "tray300_t0" DECIMAL(12,2),
    "tray500_t0" DECIMAL(12,2),
    "tray1000_t0" DECIMAL(12,2),
    "tray2000_t0" DECIMAL(12,2),
    "tray3000_t0" DECIMAL(12,2),
    "tray45_t1" DECIMAL(12,2),
    "tray100_t1" DECIMAL(12,2),
    "tray130_t1" DECIMAL(12,2),
    "tray300_t1" DECIMAL(12,2),
    "tray500_t1" DECIMAL(12,2),
    "tray1000_t1" DECIMAL(12,2),
    "tray2000_t1" DECIMAL(12,2),
    "tray3000_t1" DECIMAL(12,2),
    "tray45_t2" DECIMAL(12,2),
    "tray100_t2" DECIMAL(12,2),
    "tray130_t2" DECIMAL(12,2),
    "tray300_t2" DECIMAL(12,2),
    "tray500_t2" DECIMAL(12,2),
    "tray1000_t2" DECIMAL(12,2),
    "tray2000_t2" DECIMAL(12,2),
    "tray3000_t2" DECIMAL(12,2),
    "via" TEXT,
    "transit_time" TEXT,
    "path" TEXT,
    "remark" TEXT,
    "valid_from" DATE,
    "valid_to" DATE,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "air_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "express_rates" (
    "id" SERIAL NOT NULL,
    "category" TEXT NOT NULL,
    "weight" DECIMAL(8,1) NOT NULL,
    "fuel" DECIMAL(6,2),
    "zone_t1" DECIMAL(12,2),
    "zone_t2" DECIMAL(12,2),
    "zone_1" DECIMAL(12,2),
    "zone_2" DECIMAL(12,2),
    "zone_a" DECIMAL(12,2),
    "zone_b" DECIMAL(12,2),
    "zone_d" DECIMAL(12,2),
    "zone_e" DECIMAL(12,2),
    "zone_f" DECIMAL(12,2),
    "zone_g" DECIMAL(12,2),
    "zone_h" DECIMAL(12,2),
    "zone_k" DECIMAL(12,2),
    "zone_m" DECIMAL(12,2),
    "zone_n" DECIMAL(12,2),
    "zone_o" DECIMAL(12,2),
    "zone_p" DECIMAL(12,2),
    "zone_q" DECIMAL(12,2),
    "zone_r" DECIMAL(12,2),
    "zone_s" DECIMAL(12,2),
    "zone_t" DECIMAL(12,2),
    "zone_u" DECIMAL(12,2),
    "zone_v" DECIMAL(12,2),
    "zone_x" DECIMAL(12,2),
    "zone_y" DECIMAL(12,2),
    "zone_z" DECIMAL(12,2),
    "total_cost" DECIMAL(12,2),
    "discount" DECIMAL(6,4),
    "time_limit" TEXT,
    "by_volume" TEXT,
    "remark" TEXT,
    "valid_from" DATE,
    "valid_to" DATE,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "express_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "special_offers" (
    "id" SERIAL NOT NULL,
    "mode" "transport_mode" NOT NULL,
    "pol" TEXT,
    "pod" TEXT,
    "country" TEXT,
    "carrier" TEXT,
    "sailing_schedule" TEXT,
    "via" TEXT,
    "transit_time" TEXT,
    "etd" TEXT,
    "volume" TEXT,
    "gp20" DECIMAL(12,2),
    "gp40" DECIMAL(12,2),
    "hq40" DECIMAL(12,2),
    "freight_cbm" DECIMAL(12,2),
    "freight_ton" DECIMAL(12,2),
    "coc40" DECIMAL(12,2),
    "soc40" DECIMAL(12,2),
    "coc20" DECIMAL(12,2),
    "soc20" DECIMAL(12,2),
    "soc20x2" DECIMAL(12,2),
    "currency" TEXT,
    "train_service" TEXT,
    "dock" TEXT,
    "door_point" TEXT,
    "origin" TEXT,
    "destination" TEXT,
    "weight" DECIMAL(8,1),
    "special_cost" DECIMAL(12,2),
    "fuel" DECIMAL(6,2),
    "discount" DECIMAL(6,4),
    "total_cost" DECIMAL(12,2),
    "category" TEXT,
    "valid_from" TIMESTAMP(3),
    "valid_to" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "special_offers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "entrustments" (
    "id" SERIAL NOT NULL,
    "kind" "entrustment_kind" NOT NULL,
    "user_id" INTEGER NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "mode" "transport_mode" NOT NULL,
    "module_name" TEXT NOT NULL,
    "transport_type" "transport_mode",
    "source_kind" TEXT NOT NULL,
    "source_id" INTEGER,
    "source_snapshot" JSONB NOT NULL,
    "pol" TEXT,
    "pod" TEXT,
    "gp20_count" INTEGER NOT NULL DEFAULT 0,
    "gp40_count" INTEGER NOT NULL DEFAULT 0,
    "hq40_count" INTEGER NOT NULL DEFAULT 0,
    "other_size" TEXT,
    "gross_weight" TEXT,
    "volume" TEXT,
    "packages" TEXT,
    "commodity_zh" TEXT,
    "commodity_en" TEXT,
    "hs_code" TEXT,
    "shipper" TEXT,
    "consignee" TEXT,
    "notify_party" TEXT,
    "attachment_key" TEXT,
    "attachment_name" TEXT,
    "attachment_type" TEXT,
    "attachment_size" INTEGER,
    "attachment_sha256" TEXT,
    "sales_id" INTEGER,
    "customer_service_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "entrustments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_outbox" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "entrustment_id" INTEGER,
    "status" "outbox_status" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_at" TIMESTAMP(3),
    "locked_by" TEXT,
    "last_error" TEXT,
    "provider_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "email_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "home_contents" (
    "id" SERIAL NOT NULL,
    "channel" "home_channel" NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "parent_id" INTEGER,
    "level" INTEGER NOT NULL,
    "image_path" TEXT,
    "size" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "home_contents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "home_categories" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "home_categories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "site_settings" (
    "key" TEXT NOT NULL,
    "value_zh" TEXT NOT NULL,
    "value_en" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "site_settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "query_logs" (
    "id" BIGSERIAL NOT NULL,
    "mode" "transport_mode" NOT NULL,
    "user_id" INTEGER NOT NULL,
    "pol" TEXT,
    "pod" TEXT,
    "carrier" TEXT,
    "dock" TEXT,
    "door_point" TEXT,
    "destination" TEXT,
    "weight" DECIMAL(8,1),
    "operated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "query_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operation_logs" (
    "id" BIGSERIAL NOT NULL,
    "module" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "user_id" INTEGER,
    "username" TEXT,
    "target_ids" TEXT,
    "params" TEXT,
    "operated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operation_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE UNIQUE INDEX "users_phone_key" ON "users"("phone");

-- CreateIndex
CREATE INDEX "users_audit_idx" ON "users"("audit");

-- CreateIndex
CREATE INDEX "users_profile_audit_idx" ON "users"("profile_audit");

-- CreateIndex
CREATE INDEX "users_customer_rating_idx" ON "users"("customer_rating");

-- CreateIndex
CREATE INDEX "users_sales_id_idx" ON "users"("sales_id");

-- CreateIndex
CREATE INDEX "users_customer_service_id_idx" ON "users"("customer_service_id");

-- CreateIndex
CREATE INDEX "users_created_at_idx" ON "users"("created_at");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE INDEX "email_codes_email_purpose_created_at_idx" ON "email_codes"("email", "purpose", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "roles_name_key" ON "roles"("name");

-- CreateIndex
CREATE INDEX "roles_parent_id_idx" ON "roles"("parent_id");

-- CreateIndex
CREATE INDEX "menus_parent_id_idx" ON "menus"("parent_id");

-- CreateIndex
CREATE INDEX "role_permissions_menu_id_idx" ON "role_permissions"("menu_id");

-- CreateIndex
CREATE UNIQUE INDEX "sea_ports_code_key" ON "sea_ports"("code");

-- CreateIndex
CREATE UNIQUE INDEX "sea_ports_name_key" ON "sea_ports"("name");

-- CreateIndex
CREATE INDEX "sea_ports_code_trgm" ON "sea_ports" USING GIN ("code" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "sea_ports_name_trgm" ON "sea_ports" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "sea_ports_name_zh_trgm" ON "sea_ports" USING GIN ("name_zh" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "sea_ports_updated_at_idx" ON "sea_ports"("updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "airports_code_key" ON "airports"("code");

-- CreateIndex
CREATE UNIQUE INDEX "airports_name_key" ON "airports"("name");

-- CreateIndex
CREATE INDEX "airports_code_trgm" ON "airports" USING GIN ("code" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "airports_name_trgm" ON "airports" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "airports_name_zh_trgm" ON "airports" USING GIN ("name_zh" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "airports_updated_at_idx" ON "airports"("updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "express_countries_country_code_key" ON "express_countries"("country_code");

-- CreateIndex
CREATE UNIQUE INDEX "express_countries_country_zh_key" ON "express_countries"("country_zh");

-- CreateIndex
CREATE UNIQUE INDEX "express_countries_country_en_key" ON "express_countries"("country_en");

-- CreateIndex
CREATE INDEX "express_countries_en_trgm" ON "express_countries" USING GIN ("country_en" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "express_countries_zh_trgm" ON "express_countries" USING GIN ("country_zh" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "express_countries_updated_at_idx" ON "express_countries"("updated_at");

-- CreateIndex
CREATE INDEX "fcl_rates_pol_pod_valid_to_idx" ON "fcl_rates"("pol", "pod", "valid_to");

-- CreateIndex
CREATE INDEX "fcl_rates_pod_idx" ON "fcl_rates"("pod");

-- CreateIndex
CREATE INDEX "fcl_rates_carrier_idx" ON "fcl_rates"("carrier");

-- CreateIndex
CREATE INDEX "fcl_rates_valid_to_idx" ON "fcl_rates"("valid_to");

-- CreateIndex
CREATE INDEX "lcl_rates_pol_pod_valid_to_idx" ON "lcl_rates"("pol", "pod", "valid_to");

-- CreateIndex
CREATE INDEX "lcl_rates_pod_idx" ON "lcl_rates"("pod");

-- CreateIndex
CREATE INDEX "lcl_rates_country_idx" ON "lcl_rates"("country");

-- CreateIndex
CREATE INDEX "lcl_rates_valid_to_idx" ON "lcl_rates"("valid_to");

-- CreateIndex
CREATE INDEX "rail_rates_pol_pod_valid_to_idx" ON "rail_rates"("pol", "pod", "valid_to");

-- CreateIndex
CREATE INDEX "rail_rates_pod_idx" ON "rail_rates"("pod");

-- CreateIndex
CREATE INDEX "rail_rates_valid_to_idx" ON "rail_rates"("valid_to");

-- CreateIndex
CREATE INDEX "trailer_rates_dock_door_point_valid_to_idx" ON "trailer_rates"("dock", "door_point", "valid_to");

-- CreateIndex
CREATE INDEX "trailer_rates_door_point_idx" ON "trailer_rates"("door_point");

-- CreateIndex
CREATE INDEX "trailer_rates_valid_to_idx" ON "trailer_rates"("valid_to");

-- CreateIndex
CREATE INDEX "air_rates_pol_pod_valid_to_idx" ON "air_rates"("pol", "pod", "valid_to");

-- CreateIndex
CREATE INDEX "air_rates_pod_idx" ON "air_rates"("pod");

-- CreateIndex
CREATE INDEX "air_rates_carrier_idx" ON "air_rates"("carrier");

-- CreateIndex
CREATE INDEX "air_rates_country_idx" ON "air_rates"("country");

-- CreateIndex
CREATE INDEX "air_rates_valid_to_idx" ON "air_rates"("valid_to");

-- CreateIndex
CREATE INDEX "express_rates_category_weight_idx" ON "express_rates"("category", "weight");

-- CreateIndex
CREATE INDEX "express_rates_weight_idx" ON "express_rates"("weight");

-- CreateIndex
CREATE INDEX "special_offers_mode_valid_to_idx" ON "special_offers"("mode", "valid_to");

-- CreateIndex
CREATE UNIQUE INDEX "entrustments_idempotency_key_key" ON "entrustments"("idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "entrustments_attachment_key_key" ON "entrustments"("attachment_key");

-- CreateIndex
CREATE INDEX "entrustments_user_id_created_at_idx" ON "entrustments"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "entrustments_sales_id_idx" ON "entrustments"("sales_id");

-- CreateIndex
CREATE INDEX "entrustments_customer_service_id_idx" ON "entrustments"("customer_service_id");

-- CreateIndex
CREATE INDEX "entrustments_created_at_idx" ON "entrustments"("created_at");

-- CreateIndex
CREATE INDEX "email_outbox_status_next_attempt_at_idx" ON "email_outbox"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "email_outbox_to_address_created_at_idx" ON "email_outbox"("to_address", "created_at");

-- CreateIndex
CREATE INDEX "email_outbox_entrustment_id_idx" ON "email_outbox"("entrustment_id");

-- CreateIndex
CREATE INDEX "home_contents_parent_id_idx" ON "home_contents"("parent_id");

-- CreateIndex
CREATE UNIQUE INDEX "home_contents_channel_name_key" ON "home_contents"("channel", "name");

-- CreateIndex
CREATE UNIQUE INDEX "home_categories_name_key" ON "home_categories"("name");

-- CreateIndex
CREATE INDEX "query_logs_mode_operated_at_idx" ON "query_logs"("mode", "operated_at");

-- CreateIndex
CREATE INDEX "query_logs_user_id_idx" ON "query_logs"("user_id");

-- CreateIndex
CREATE INDEX "operation_logs_operated_at_idx" ON "operation_logs"("operated_at");

-- CreateIndex
CREATE INDEX "operation_logs_user_id_idx" ON "operation_logs"("user_id");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_sales_id_fkey" FOREIGN KEY ("sales_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_customer_service_id_fkey" FOREIGN KEY ("customer_service_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "roles" ADD CONSTRAINT "roles_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "roles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "menus" ADD CONSTRAINT "menus_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "menus"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_menu_id_fkey" FOREIGN KEY ("menu_id") REFERENCES "menus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "entrustments" ADD CONSTRAINT "entrustments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_entrustment_id_fkey" FOREIGN KEY ("entrustment_id") REFERENCES "entrustments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "home_contents" ADD CONSTRAINT "home_contents_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "home_contents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "query_logs" ADD CONSTRAINT "query_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
