CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'in_flight' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_scope_key_pk" PRIMARY KEY("user_id","scope","key"),
	CONSTRAINT "idempotency_keys_status_check" CHECK ("idempotency_keys"."status" in ('in_flight', 'done'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"related_id" text,
	"action_url" text,
	"action_text" text,
	"read_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" text NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"installments" smallint NOT NULL,
	"subtotal_kurus" bigint NOT NULL,
	"shipping_kurus" bigint NOT NULL,
	"vat_kurus" bigint NOT NULL,
	"discount_kurus" bigint NOT NULL,
	"charged_kurus" bigint NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"prices_include_vat" boolean NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"billing_party" jsonb NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_groups_status_check" CHECK ("order_groups"."status" in ('awaiting_payment', 'paid', 'expired', 'payment_failed')),
	CONSTRAINT "order_groups_amounts_check" CHECK ("order_groups"."subtotal_kurus" >= 0 and "order_groups"."shipping_kurus" >= 0 and "order_groups"."vat_kurus" >= 0 and "order_groups"."discount_kurus" >= 0 and "order_groups"."charged_kurus" >= 0),
	CONSTRAINT "order_groups_installments_check" CHECK ("order_groups"."installments" in (1, 2, 3, 6, 12))
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"listing_id" uuid,
	"product_id" uuid,
	"seller_id" text NOT NULL,
	"marka" text NOT NULL,
	"model_kodu" text NOT NULL,
	"product_name" text NOT NULL,
	"barcode" text,
	"thumbnail_key" text,
	"unit_price_kurus" bigint NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_kurus" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" >= 1),
	CONSTRAINT "order_items_amounts_check" CHECK ("order_items"."unit_price_kurus" > 0 and "order_items"."line_total_kurus" = "order_items"."unit_price_kurus" * "order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_kurus" bigint NOT NULL,
	"installments" smallint NOT NULL,
	"provider_payment_id" text,
	"item_transactions" jsonb,
	"card_brand" text,
	"card_last_four" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_kurus" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" text NOT NULL,
	"kind" text NOT NULL,
	"provider_transaction_id" text,
	"amount_kurus" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_operations_kind_check" CHECK ("sandbox_bank_operations"."kind" in ('approve', 'refund', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_payments" (
	"token" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"amount_kurus" bigint NOT NULL,
	"installments" smallint NOT NULL,
	"callback_url" text NOT NULL,
	"items" jsonb NOT NULL,
	"status" text DEFAULT 'awaiting_card' NOT NULL,
	"scenario" text,
	"card_brand" text,
	"card_last_four" text,
	"three_ds_attempts" smallint DEFAULT 0 NOT NULL,
	"provider_payment_id" text,
	"item_transactions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_payments_conversation_id_unique" UNIQUE("conversation_id")
);
--> statement-breakpoint
CREATE TABLE "seller_payment_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"iyzico_sub_merchant_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "platform_settings" DROP CONSTRAINT "platform_settings_ranges";--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "free_shipping_from_kurus" bigint DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "prices_include_vat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_kurus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_kurus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_kurus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_kurus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_party" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "escrow_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cargo_company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_group_id_order_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."order_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_payment_accounts" ADD CONSTRAINT "seller_payment_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_payment_accounts" ADD CONSTRAINT "seller_payment_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_groups_buyer_idx" ON "order_groups" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "order_groups_reserved_idx" ON "order_groups" USING btree ("reserved_until") WHERE "order_groups"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_listing_idx" ON "order_items" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "payments_group_idx" ON "payments" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_per_group" ON "payments" USING btree ("group_id") WHERE "payments"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "sandbox_bank_operations_conversation_idx" ON "sandbox_bank_operations" USING btree ("conversation_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_group_id_order_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."order_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_group_idx" ON "orders" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_ranges" CHECK ("platform_settings"."vat_rate_bp" between 0 and 10000 and "platform_settings"."shipping_fee_kurus" >= 0 and "platform_settings"."escrow_days" between 1 and 90 and "platform_settings"."low_stock_threshold" >= 0 and "platform_settings"."free_shipping_from_kurus" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_payment', 'paid_escrow', 'shipped', 'delivery_confirmed', 'completed', 'disputed', 'refunded', 'partially_refunded', 'released', 'cancelled'));--> statement-breakpoint
-- Order numbers OS-{year}-{nnnnnn}: a sequence never hands the same number out twice, even across instances.
CREATE SEQUENCE "order_number_seq" START WITH 1;
