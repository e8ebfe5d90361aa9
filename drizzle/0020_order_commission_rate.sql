ALTER TABLE "orders" ADD COLUMN "commission_bp" integer;
--> statement-breakpoint
UPDATE "orders" SET "commission_bp" = (SELECT "commission_bp" FROM "platform_settings" WHERE "id" = 1) WHERE "paid_at" IS NOT NULL;
