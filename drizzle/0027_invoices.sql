CREATE TABLE "order_invoices" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" text NOT NULL,
	"ettn" uuid NOT NULL,
	"pdf_key" text NOT NULL,
	"pdf_name" text NOT NULL,
	"pdf_size_bytes" bigint NOT NULL,
	"pdf_sha256" text NOT NULL,
	"xml_key" text,
	"xml_name" text,
	"xml_size_bytes" bigint,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone NOT NULL,
	"buyer_downloaded_at" timestamp with time zone,
	CONSTRAINT "order_invoices_date_check" CHECK ("order_invoices"."invoice_date" ~ '^\d{4}-\d{2}-\d{2}$')
);
--> statement-breakpoint
CREATE TABLE "store_billing_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_title" text NOT NULL,
	"tax_office" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"district" text,
	"is_e_invoice_user" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "invoice_reminder_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_billing_profiles" ADD CONSTRAINT "store_billing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_invoice_reminder_days" CHECK ("platform_settings"."invoice_reminder_days" between 1 and 30);