CREATE TABLE "seller_counters" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"paid_escrow" integer DEFAULT 0 NOT NULL,
	"shipped" integer DEFAULT 0 NOT NULL,
	"delivery_confirmed" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"disputed" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"partially_refunded" integer DEFAULT 0 NOT NULL,
	"released" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"paid_out_orders" integer DEFAULT 0 NOT NULL,
	"paid_out_kurus" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_counters" ADD CONSTRAINT "seller_counters_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_seller_visible_idx" ON "orders" USING btree ("seller_id","created_at","id") WHERE "orders"."status" <> 'awaiting_payment' and ("orders"."status" <> 'cancelled' or "orders"."paid_at" is not null);--> statement-breakpoint
-- The counters as counted from the tables (decision 047): the backfill below, the bench's bulk
-- load (lib/seller-counters.ts recountSellerCountersSql) and the tests' comparison all read this one view.
-- An order counts for its seller once paid: never awaiting payment, nor cancelled before payment.
CREATE VIEW "seller_counters_recount" AS
SELECT s.seller_id,
       count(*) FILTER (WHERE o.status = 'paid_escrow')::integer AS paid_escrow,
       count(*) FILTER (WHERE o.status = 'shipped')::integer AS shipped,
       count(*) FILTER (WHERE o.status = 'delivery_confirmed')::integer AS delivery_confirmed,
       count(*) FILTER (WHERE o.status = 'completed')::integer AS completed,
       count(*) FILTER (WHERE o.status = 'disputed')::integer AS disputed,
       count(*) FILTER (WHERE o.status = 'refunded')::integer AS refunded,
       count(*) FILTER (WHERE o.status = 'partially_refunded')::integer AS partially_refunded,
       count(*) FILTER (WHERE o.status = 'released')::integer AS released,
       count(*) FILTER (WHERE o.status = 'cancelled')::integer AS cancelled,
       count(*) FILTER (WHERE o.payout_id IS NOT NULL)::integer AS paid_out_orders,
       coalesce((SELECT sum(p.amount_kurus) FROM "payouts" p WHERE p.seller_id = s.seller_id), 0)::bigint AS paid_out_kurus
  FROM (SELECT DISTINCT seller_id FROM "orders" UNION SELECT seller_id FROM "payouts") s
  LEFT JOIN "orders" o
    ON o.seller_id = s.seller_id
   AND o.status <> 'awaiting_payment'
   AND (o.status <> 'cancelled' OR o.paid_at IS NOT NULL)
 GROUP BY s.seller_id;
--> statement-breakpoint
INSERT INTO "seller_counters" SELECT * FROM "seller_counters_recount";
