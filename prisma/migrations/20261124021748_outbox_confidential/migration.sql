-- Mails whose body holds a secret (verification and reset codes): the relay
-- sends them, no screen or API shows their body (docs/decisions/303-authority.md).
-- AlterTable
ALTER TABLE "email_outbox" ADD COLUMN     "confidential" BOOLEAN NOT NULL DEFAULT false;

-- Code mails already queued hold their code in the body.
UPDATE "email_outbox" SET "confidential" = true WHERE "kind" IN ('register_code', 'reset_code');
