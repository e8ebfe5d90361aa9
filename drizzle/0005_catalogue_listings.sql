CREATE TABLE "catalogue_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand" text NOT NULL,
	"model_code" text NOT NULL,
	"name" text NOT NULL,
	"barcode" text,
	"category" text NOT NULL,
	"subcategory" text,
	"colour_code" text,
	"eye_size_mm" smallint,
	"bridge_mm" smallint,
	"temple_mm" smallint,
	"base_curve_mm" numeric(3, 1),
	"diameter_mm" numeric(3, 1),
	"status" text DEFAULT 'approved' NOT NULL,
	"proposed_by" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_products_status_check" CHECK ("catalogue_products"."status" in ('approved', 'pending', 'rejected')),
	CONSTRAINT "catalogue_products_barcode_check" CHECK ("catalogue_products"."barcode" ~ '^([0-9]{8}|[0-9]{12,14})$'),
	CONSTRAINT "catalogue_products_frame_check" CHECK ("catalogue_products"."eye_size_mm" between 20 and 80 and "catalogue_products"."bridge_mm" between 8 and 30 and "catalogue_products"."temple_mm" between 100 and 160),
	CONSTRAINT "catalogue_products_lens_check" CHECK ("catalogue_products"."base_curve_mm" between 7 and 10 and "catalogue_products"."diameter_mm" between 12 and 16)
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "listing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "renk" text DEFAULT 'Standart' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "miad" date;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "handling_days" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "min_order_qty" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "discount_percent" smallint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "is_promoted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "catalogue_products" ADD CONSTRAINT "catalogue_products_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_products" ADD CONSTRAINT "catalogue_products_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_products_barcode_key" ON "catalogue_products" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "catalogue_products_category_idx" ON "catalogue_products" USING btree ("category","subcategory");--> statement-breakpoint
CREATE INDEX "catalogue_products_status_idx" ON "catalogue_products" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_events_listing_idx" ON "listing_events" USING btree ("listing_id","created_at");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_product_idx" ON "listings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "listings_category_idx" ON "listings" USING btree ("kategori","alt_kategori");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_handling_days_check" CHECK ("listings"."handling_days" between 1 and 30);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_min_order_check" CHECK ("listings"."min_order_qty" >= 1);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_discount_check" CHECK ("listings"."discount_percent" between 1 and 90);