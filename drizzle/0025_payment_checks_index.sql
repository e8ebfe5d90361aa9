DROP INDEX "payments_unknown_due_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payout_mismatch_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payout_mismatch_reviewed_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payout_mismatch_reviewed_by_users_id_fk" FOREIGN KEY ("payout_mismatch_reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_unknown_due_idx" ON "payments" USING btree ("next_check_at") WHERE "payments"."next_check_at" is not null;