-- Issue 22 item 16: audit decisions are e-mailed in the customer's language.
ALTER TABLE "users" ADD COLUMN "language" VARCHAR(5) NOT NULL DEFAULT 'zh-CN';
