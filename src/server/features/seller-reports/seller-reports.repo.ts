import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { sellerSalesSql } from '../../lib/seller-sales-sql.ts';

// Sold orders and their revenue net of refunds: the same definition as the seller panel's figures.
const sales = sellerSalesSql();
const salesOfO = sellerSalesSql('o');

/** The seller's paid orders per Turkish calendar month (yyyy-MM) since `since`. */
export async function sumSellerOrdersPerMonth(db: Db, sellerId: string, since: Date) {
  const rows = await selectRows<{ month: string; sold: number; revenue: string; paid: number; refunded: number }>(
    db,
    sql`select ${sales.paidMonth} as month,
               (count(*) filter (where ${sales.isSold}))::int as sold,
               coalesce(sum(${sales.netKurus}) filter (where ${sales.isSold}), 0)::text as revenue,
               count(*)::int as paid,
               (count(*) filter (where status in ('cancelled', 'refunded', 'partially_refunded') or refunded_kurus > 0))::int as refunded
          from orders
         where seller_id = ${sellerId} and paid_at is not null and paid_at >= ${since.toISOString()}::timestamptz
         group by 1`,
  );
  return rows.map((r) => ({
    month: r.month,
    sold: Number(r.sold),
    revenueKurus: Number(r.revenue),
    paid: Number(r.paid),
    refunded: Number(r.refunded),
  }));
}

/** The seller's products sold most (by quantity, then revenue) in orders paid since `since` that stayed sold. */
export async function findBestSellers(db: Db, sellerId: string, since: Date, limit: number) {
  const rows = await selectRows<{
    product_name: string;
    marka: string;
    model_kodu: string;
    qty: number;
    revenue: string;
  }>(
    db,
    sql`select i.product_name, i.marka, i.model_kodu, sum(i.quantity)::int as qty, sum(i.line_total_kurus)::text as revenue
          from order_items i join orders o on o.id = i.order_id
         where o.seller_id = ${sellerId} and o.paid_at is not null and o.paid_at >= ${since.toISOString()}::timestamptz
           and ${salesOfO.isSold}
         group by i.product_name, i.marka, i.model_kodu
         order by qty desc, sum(i.line_total_kurus) desc, i.product_name
         limit ${limit}`,
  );
  return rows.map((r) => ({
    productName: r.product_name,
    marka: r.marka,
    modelKodu: r.model_kodu,
    quantity: Number(r.qty),
    revenueKurus: Number(r.revenue),
  }));
}
