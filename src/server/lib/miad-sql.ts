import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { todayInTurkey } from '#shared/dates.ts';

/**
 * A listing's miat still allows a sale, in SQL: none, or not before today in Turkey on the app's
 * clock; the same rule as #shared/dates.ts's isMiadPast (the miat day itself still sells, decision 033).
 */
export function miadSellableSql(miad: AnyColumn | SQL, now: Date): SQL {
  return sql`(${miad} is null or ${miad} >= ${todayInTurkey(now)}::date)`;
}
