ALTER TABLE "orders" ADD COLUMN "seller_pending_kurus" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_pending_released" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_counters" ADD COLUMN "pending_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_counters" ADD COLUMN "pending_kurus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_counters" ADD COLUMN "pending_released_kurus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_seller_pending_idx" ON "orders" USING btree ("seller_id","created_at","id") WHERE "orders"."seller_pending_kurus" is not null;--> statement-breakpoint
-- Each order's pending figure as the seller's account movements show it, from the ledger
-- (decision 047, amended for issue 21): the same rule as lib/seller-pending.ts sellerPendingOf.
-- Rounding is half away from zero in exact integer arithmetic, div(2n + d, 2d) with every term
-- >= 0, because numeric division rounds at a finite scale. The commission is the rate fixed on the
-- order (else today's) on what escrow holds; the withholding is decision 041's W(r + a) - W(r),
-- r released so far, a held. A view, so the backfill below and the tests read the one definition.
CREATE VIEW "order_seller_pending" AS
SELECT p.id, p.seller_id, p.pending_kurus, (p.pending_kurus IS NOT NULL AND p.held <= 0) AS released
  FROM (
    SELECT o.id, o.seller_id, x.held,
           (CASE WHEN o.payout_id IS NULL
                  AND o.status NOT IN ('awaiting_payment', 'cancelled', 'refunded', 'completed')
                  AND (x.held > 0 OR x.payable_balance > 0)
            THEN greatest(x.payable_balance, 0) + greatest(x.held, 0)
                 - div(2 * greatest(x.held, 0)::numeric
                         * coalesce(o.commission_bp, (SELECT s.commission_bp FROM "platform_settings" s WHERE s.id = 1))
                         + 10000, 20000)
                 - div(2 * b.base_after * coalesce(o.withholding_bp, 0) + 10000, 20000)
                 + div(2 * b.base_before * coalesce(o.withholding_bp, 0) + 10000, 20000)
            END)::bigint AS pending_kurus
      FROM "orders" o
      CROSS JOIN LATERAL (
        SELECT coalesce(-sum(e.amount_kurus) FILTER (WHERE e.account = 'escrow'), 0) AS held,
               coalesce(-sum(e.amount_kurus) FILTER (WHERE e.account = 'seller_payable'), 0) AS payable_balance,
               coalesce(-sum(e.amount_kurus) FILTER (WHERE e.account = 'seller_payable' AND e.amount_kurus < 0), 0)
                 + coalesce(-sum(e.amount_kurus) FILTER (WHERE e.account IN ('platform_commission', 'withholding_payable')), 0)
                 AS released_before
          FROM "ledger_entries" e
         WHERE e.order_id = o.id) x
      CROSS JOIN LATERAL (
        SELECT CASE WHEN o.total_kurus = 0 THEN 0
                    ELSE div(2 * x.released_before::numeric * (o.total_kurus - o.vat_kurus) + o.total_kurus,
                             2 * o.total_kurus::numeric) END AS base_before,
               CASE WHEN o.total_kurus = 0 THEN 0
                    ELSE div(2 * (x.released_before + greatest(x.held, 0))::numeric * (o.total_kurus - o.vat_kurus)
                               + o.total_kurus, 2 * o.total_kurus::numeric) END AS base_after) b
  ) p;
--> statement-breakpoint
UPDATE "orders" o
   SET "seller_pending_kurus" = v.pending_kurus, "seller_pending_released" = coalesce(v.released, false)
  FROM "order_seller_pending" v
 WHERE v.id = o.id AND v.pending_kurus IS NOT NULL;
--> statement-breakpoint
-- The counters as counted from the tables (0029's view with the pending figures of each order).
CREATE OR REPLACE VIEW "seller_counters_recount" AS
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
       coalesce((SELECT sum(p.amount_kurus) FROM "payouts" p WHERE p.seller_id = s.seller_id), 0)::bigint AS paid_out_kurus,
       count(v.pending_kurus)::integer AS pending_orders,
       coalesce(sum(v.pending_kurus), 0)::bigint AS pending_kurus,
       coalesce(sum(v.pending_kurus) FILTER (WHERE v.released), 0)::bigint AS pending_released_kurus
  FROM (SELECT DISTINCT seller_id FROM "orders" UNION SELECT seller_id FROM "payouts") s
  LEFT JOIN "orders" o
    ON o.seller_id = s.seller_id
   AND o.status <> 'awaiting_payment'
   AND (o.status <> 'cancelled' OR o.paid_at IS NOT NULL)
  LEFT JOIN "order_seller_pending" v ON v.id = o.id
 GROUP BY s.seller_id;
--> statement-breakpoint
DELETE FROM "seller_counters";
--> statement-breakpoint
INSERT INTO "seller_counters" SELECT * FROM "seller_counters_recount";
