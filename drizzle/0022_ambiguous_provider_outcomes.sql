ALTER TABLE "provider_jobs" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "outcome_unknown_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "check_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_check_error" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "void_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "void_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "void_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "void_last_error" text;--> statement-breakpoint
CREATE INDEX "payments_unknown_due_idx" ON "payments" USING btree ("next_check_at") WHERE "payments"."status" = 'pending' and "payments"."outcome_unknown_since" is not null;--> statement-breakpoint
CREATE INDEX "payments_void_due_idx" ON "payments" USING btree ("void_next_attempt_at") WHERE "payments"."void_status" = 'pending';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_void_status_check" CHECK ("payments"."void_status" in ('pending', 'done', 'failed'));