import { sql, type SQL } from 'drizzle-orm';

/**
 * The one definition of a seller's sales, shared by the seller panel's figures ("Toplam Gelir",
 * "Bu Ay") and the seller reports ("Satış Tutarı"), so both always show the same amount:
 * - sold: paid, and neither cancelled nor fully refunded afterwards (a disputed order still counts
 *   until a refund takes money back);
 * - net: the order's total less what was refunded to the buyer (a partial refund leaves the rest);
 * - month: the Turkish calendar month ("2026-03") of the payment.
 * `table` is the name or alias of `orders` in the query.
 */
export function sellerSalesSql(table = 'orders'): { isSold: SQL; netKurus: SQL; paidMonth: SQL } {
  const o = sql.identifier(table);
  return {
    isSold: sql`(${o}.paid_at is not null and ${o}.status not in ('cancelled', 'refunded'))`,
    netKurus: sql`(${o}.total_kurus - ${o}.refunded_kurus)`,
    paidMonth: sql`to_char(${o}.paid_at at time zone 'Europe/Istanbul', 'YYYY-MM')`,
  };
}
