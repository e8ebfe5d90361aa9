ALTER TABLE "platform_settings" ADD COLUMN "inspection_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_inspection_days" CHECK ("platform_settings"."inspection_days" between 1 and 30);--> statement-breakpoint
-- Orders already shipped get the inspection period after shipping too (decision 034); a moved date
-- earns a new reminder.
UPDATE "orders" SET "escrow_ends_at" = "shipped_at" + interval '7 days', "release_reminder_sent_at" = NULL
 WHERE "status" = 'shipped' AND "shipped_at" IS NOT NULL
   AND ("escrow_ends_at" IS NULL OR "escrow_ends_at" < "shipped_at" + interval '7 days');
