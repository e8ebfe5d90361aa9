import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import {
  ESCROW_ACCOUNT,
  PLATFORM_COMMISSION_ACCOUNT,
  PROVIDER_CLEARING_ACCOUNT,
  SELLER_PAYABLE_ACCOUNT,
  WITHHOLDING_PAYABLE_ACCOUNT,
} from '../../lib/ledger.ts';

export interface MonthBounds {
  start: Date;
  end: Date;
}

/**
 * The seller side of one store's ledger for [start, end): every sum over `ledger_entries` of the
 * orders it sold (signed, positive = debit; see lib/ledger.ts), in kuruş as text.
 * - balances before start and before end of escrow (credit = held) and seller payable (credit = owed);
 * - sales: escrow credits (captures); refunds: provider_clearing legs that name an order (only a
 *   refund journal writes one; captures and payouts book it without an order); escrow debits are
 *   releases + refunds;
 * - commission, withholding (with base) and payouts (seller payable debits).
 */
export async function sumSellerLedger(db: Db, sellerId: string, { start, end }: MonthBounds) {
  const from = sql`${start.toISOString()}::timestamptz`;
  const to = sql`${end.toISOString()}::timestamptz`;
  const inMonth = sql`e.created_at >= ${from} and e.created_at < ${to}`;
  const [row] = await selectRows<
    Record<
      | 'opening_escrow'
      | 'opening_payable'
      | 'closing_escrow'
      | 'closing_payable'
      | 'sales'
      | 'escrow_debits'
      | 'refunds'
      | 'commission'
      | 'withholding'
      | 'withholding_base'
      | 'payouts',
      string
    >
  >(
    db,
    sql`select
          coalesce(-sum(e.amount_kurus) filter (where e.account = ${ESCROW_ACCOUNT} and e.created_at < ${from}), 0)::text as opening_escrow,
          coalesce(-sum(e.amount_kurus) filter (where e.account = ${SELLER_PAYABLE_ACCOUNT} and e.created_at < ${from}), 0)::text as opening_payable,
          coalesce(-sum(e.amount_kurus) filter (where e.account = ${ESCROW_ACCOUNT}), 0)::text as closing_escrow,
          coalesce(-sum(e.amount_kurus) filter (where e.account = ${SELLER_PAYABLE_ACCOUNT}), 0)::text as closing_payable,
          coalesce(-sum(e.amount_kurus) filter (where e.account = ${ESCROW_ACCOUNT} and e.amount_kurus < 0 and ${inMonth}), 0)::text as sales,
          coalesce(sum(e.amount_kurus) filter (where e.account = ${ESCROW_ACCOUNT} and e.amount_kurus > 0 and ${inMonth}), 0)::text as escrow_debits,
          coalesce(-sum(e.amount_kurus) filter (where e.account = ${PROVIDER_CLEARING_ACCOUNT} and ${inMonth}), 0)::text as refunds,
          coalesce(-sum(e.amount_kurus) filter (where e.account = ${PLATFORM_COMMISSION_ACCOUNT} and ${inMonth}), 0)::text as commission,
          coalesce(-sum(e.amount_kurus) filter (where e.account = ${WITHHOLDING_PAYABLE_ACCOUNT} and ${inMonth}), 0)::text as withholding,
          coalesce(sum(e.base_kurus) filter (where e.account = ${WITHHOLDING_PAYABLE_ACCOUNT} and ${inMonth}), 0)::text as withholding_base,
          coalesce(sum(e.amount_kurus) filter (where e.account = ${SELLER_PAYABLE_ACCOUNT} and e.amount_kurus > 0 and ${inMonth}), 0)::text as payouts
        from ledger_entries e
        join orders o on o.id = e.order_id
       where o.seller_id = ${sellerId} and e.created_at < ${to}`,
  );
  return row;
}

/**
 * The store's commission legs of [start, end) per VAT rate: the general rate fixed on each sale's
 * checkout (order_groups.vat_rate_bp), today's setting for an order without a group.
 */
export async function sumSellerCommissionByVatRate(db: Db, sellerId: string, { start, end }: MonthBounds) {
  const rows = await selectRows<{ vat_rate_bp: number; commission: string }>(
    db,
    sql`select coalesce(g.vat_rate_bp, (select s.vat_rate_bp from platform_settings s where s.id = 1), 0)::int as vat_rate_bp,
               (-sum(e.amount_kurus))::text as commission
          from ledger_entries e
          join orders o on o.id = e.order_id
          left join order_groups g on g.id = o.group_id
         where o.seller_id = ${sellerId} and e.account = ${PLATFORM_COMMISSION_ACCOUNT}
           and e.created_at >= ${start.toISOString()}::timestamptz and e.created_at < ${end.toISOString()}::timestamptz
         group by 1
         order by 1`,
  );
  return rows.map((r) => ({ vatRateBp: Number(r.vat_rate_bp), commissionKurus: Number(r.commission) }));
}

/**
 * The store as a buyer in [start, end): what it paid into escrow for its purchases (escrow credits)
 * and what was refunded to it (provider_clearing legs that name an order, as above).
 */
export async function sumBuyerLedger(db: Db, buyerId: string, { start, end }: MonthBounds) {
  const [row] = await selectRows<{ paid: string; refunded: string }>(
    db,
    sql`select
          coalesce(-sum(e.amount_kurus) filter (where e.account = ${ESCROW_ACCOUNT} and e.amount_kurus < 0), 0)::text as paid,
          coalesce(-sum(e.amount_kurus) filter (where e.account = ${PROVIDER_CLEARING_ACCOUNT}), 0)::text as refunded
        from ledger_entries e
        join orders o on o.id = e.order_id
       where o.buyer_id = ${buyerId}
         and e.created_at >= ${start.toISOString()}::timestamptz and e.created_at < ${end.toISOString()}::timestamptz`,
  );
  return { paidKurus: Number(row.paid), refundedKurus: Number(row.refunded) };
}
