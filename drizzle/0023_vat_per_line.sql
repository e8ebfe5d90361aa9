ALTER TABLE "platform_settings" ALTER COLUMN "vat_rate_bp" SET DEFAULT 2000;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "vat_rates_by_category" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "shipping_share_kurus" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_share_kurus" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_kurus" bigint;--> statement-breakpoint
-- The general VAT rate is 20 % since July 2023 (decision 039). Only a row still at the old 1800
-- default moves; a rate an admin chose is kept. Orders already placed keep the rates they carry.
UPDATE "platform_settings" SET "vat_rate_bp" = 2000 WHERE "vat_rate_bp" = 1800;
