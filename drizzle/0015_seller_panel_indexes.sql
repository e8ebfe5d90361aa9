DROP INDEX "ledger_entries_order_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_order_account_idx" ON "ledger_entries" USING btree ("order_id","account","amount_kurus");--> statement-breakpoint
CREATE INDEX "orders_seller_unpaid_idx" ON "orders" USING btree ("seller_id","created_at") WHERE "orders"."payout_id" is null;--> statement-breakpoint
CREATE INDEX "orders_seller_paid_idx" ON "orders" USING btree ("seller_id","created_at") WHERE "orders"."payout_id" is not null;