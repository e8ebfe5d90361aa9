import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A listing's price after its discount, in SQL: fiyat × (1 − discount/100) rounded half up to the
 * kuruş, the same as money.ts's discountedPrice (prices are positive), so filters, sorts and the
 * shown price agree.
 */
export function finalPriceSql(priceKurus: AnyColumn | SQL, discountPercent: AnyColumn | SQL): SQL {
  return sql`((${priceKurus} * (100 - coalesce(${discountPercent}, 0)) + 50) / 100)`;
}
