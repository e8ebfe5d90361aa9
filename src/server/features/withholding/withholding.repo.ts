import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { ESCROW_ACCOUNT, WITHHOLDING_PAYABLE_ACCOUNT } from '../../lib/ledger.ts';

/**
 * Per seller, the withholding legs booked in the Turkish calendar month `month` (yyyy-MM): what
 * they withheld, their bases, and the escrow legs of the same release journals (the gross
 * released). Read from the ledger only.
 */
export async function findWithholdingBySeller(db: Db, month: string) {
  const start = sql`(${`${month}-01`}::date)::timestamp at time zone 'Europe/Istanbul'`;
  const end = sql`((${`${month}-01`}::date + interval '1 month'))::timestamp at time zone 'Europe/Istanbul'`;
  return selectRows<{
    seller_id: string;
    store_title: string;
    tax_number: string | null;
    gross: string;
    base: string;
    withheld: string;
  }>(
    db,
    sql`select o.seller_id, coalesce(a.store_name, u.full_name) as store_title, a.tax_number,
               sum(g.amount_kurus)::text as gross, sum(w.base_kurus)::text as base,
               (-sum(w.amount_kurus))::text as withheld
          from ledger_entries w
          join ledger_entries g on g.journal_id = w.journal_id and g.account = ${ESCROW_ACCOUNT}
          join orders o on o.id = w.order_id
          join users u on u.id = o.seller_id
          left join lateral (
            select ua.store_name, ua.tax_number from user_applications ua
             where ua.created_user_id = o.seller_id and ua.status = 'approved'
             order by ua.submitted_at desc limit 1) a on true
         where w.account = ${WITHHOLDING_PAYABLE_ACCOUNT} and w.created_at >= ${start} and w.created_at < ${end}
         group by o.seller_id, a.store_name, u.full_name, a.tax_number
         order by store_title, o.seller_id`,
  );
}
