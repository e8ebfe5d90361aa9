CREATE TABLE "admin_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"customer_message" text NOT NULL,
	"customer_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"seller_message" text,
	"seller_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seller_offer_kurus" bigint,
	"seller_answered_at" timestamp with time zone,
	"answer_due_at" timestamp with time zone NOT NULL,
	"decision" text,
	"decision_kurus" bigint,
	"decision_reason" text,
	"restock" boolean DEFAULT false NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_disputes_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "admin_disputes_status_check" CHECK ("admin_disputes"."status" in ('open', 'seller_answered', 'escalated', 'resolved')),
	CONSTRAINT "admin_disputes_reason_check" CHECK ("admin_disputes"."reason" in ('damaged', 'missing_items', 'wrong_product', 'not_delivered', 'counterfeit', 'other')),
	CONSTRAINT "admin_disputes_decision_check" CHECK ("admin_disputes"."decision" in ('full_refund', 'partial_refund', 'release'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"amount_kurus" bigint NOT NULL,
	"iban" text NOT NULL,
	"account_holder" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'paid', 'failed')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_kurus" > 0)
);
--> statement-breakpoint
CREATE TABLE "provider_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_kurus" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "provider_jobs_kind_check" CHECK ("provider_jobs"."kind" in ('release', 'refund')),
	CONSTRAINT "provider_jobs_status_check" CHECK ("provider_jobs"."status" in ('pending', 'done', 'failed')),
	CONSTRAINT "provider_jobs_amount_check" CHECK ("provider_jobs"."amount_kurus" > 0)
);
--> statement-breakpoint
ALTER TABLE "platform_settings" DROP CONSTRAINT "platform_settings_ranges";--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "commission_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "ship_grace_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_kurus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "release_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_payment_accounts" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "seller_payment_accounts" ADD COLUMN "account_holder" text;--> statement-breakpoint
ALTER TABLE "admin_disputes" ADD CONSTRAINT "admin_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_disputes" ADD CONSTRAINT "admin_disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_jobs" ADD CONSTRAINT "provider_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_disputes_status_idx" ON "admin_disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_jobs_due_idx" ON "provider_jobs" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "provider_jobs_order_idx" ON "provider_jobs" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_escrow_due_idx" ON "orders" USING btree ("escrow_ends_at") WHERE "orders"."status" = 'shipped';--> statement-breakpoint
CREATE INDEX "orders_ship_by_idx" ON "orders" USING btree ("ship_by") WHERE "orders"."status" = 'paid_escrow';--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_ranges" CHECK ("platform_settings"."vat_rate_bp" between 0 and 10000 and "platform_settings"."shipping_fee_kurus" >= 0 and "platform_settings"."escrow_days" between 1 and 90 and "platform_settings"."low_stock_threshold" >= 0 and "platform_settings"."free_shipping_from_kurus" >= 0 and "platform_settings"."commission_bp" between 0 and 5000 and "platform_settings"."ship_grace_days" between 0 and 30);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_kurus" between 0 and "orders"."total_kurus");