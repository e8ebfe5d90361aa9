DROP INDEX "orders_seller_paid_idx";--> statement-breakpoint
CREATE INDEX "orders_seller_paid_idx" ON "orders" USING btree ("seller_id","created_at","id") WHERE "orders"."payout_id" is not null;