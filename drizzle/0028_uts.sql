CREATE TABLE "uts_notifications" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"uts_seller_notified_at" timestamp with time zone,
	"uts_buyer_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uts_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"gtin" text NOT NULL,
	"lot" text,
	"serial" text,
	"expiry" date,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "uts_transfers_quantity_check" CHECK ("uts_transfers"."quantity" >= 1),
	CONSTRAINT "uts_transfers_lot_or_serial_check" CHECK ("uts_transfers"."lot" is not null or "uts_transfers"."serial" is not null),
	CONSTRAINT "uts_transfers_serial_one_check" CHECK ("uts_transfers"."serial" is null or "uts_transfers"."quantity" = 1),
	CONSTRAINT "uts_transfers_gtin_check" CHECK ("uts_transfers"."gtin" ~ '^[0-9]{14}$')
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "uts_tracked_categories" jsonb DEFAULT '["lens"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "uts_notifications" ADD CONSTRAINT "uts_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uts_transfers" ADD CONSTRAINT "uts_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uts_transfers" ADD CONSTRAINT "uts_transfers_order_line_id_order_items_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uts_transfers_order_idx" ON "uts_transfers" USING btree ("order_id");