/**
 * Bulk orders for the benchmark (scripts/bench.ts): `count` orders of one seller to one buyer,
 * written with set-based SQL straight into a PostgreSQL database (100,000 in seconds), with the
 * ledger journals the real flow would have written, each balanced. Orders are spread over the last
 * 400 days (250 a day at 100,000), one line each, and their state follows their age as a daily
 * payout run would leave it:
 *   - every order paid: capture (provider clearing +total, escrow −total on the order);
 *   - the newest 1,500 (about 6 days): 30 % paid_escrow, 70 % shipped; the money still in escrow;
 *   - the 250 before them: delivery_confirmed, released (escrow +total, seller payable −total; no
 *     commission) and not yet paid out;
 *   - older ones: 1 in 20 cancelled unshipped (capture, then refund: escrow +total, clearing −total
 *     on the order); the rest completed: released and paid out, one payout per 1,000 of them (seller
 *     payable +total per order, clearing −sum).
 * The sellers' counters (seller_counters) are then recounted from these tables.
 */
import pg from 'pg';
import { recountSellerCountersSql } from '../src/server/lib/seller-counters.ts';

const PAYOUT_BATCH = 1000;

export interface BenchOrdersPlan {
  sellerId: string;
  buyerId: string;
  count: number;
  iban: string;
}

export async function insertBenchOrders(databaseUrl: string, plan: BenchOrdersPlan): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `create temp table bench_orders on commit drop as
       select i,
              gen_random_uuid() as id,
              case when i > $1::int - 1500 then (case when i % 10 < 3 then 'paid_escrow' else 'shipped' end)
                   when i > $1::int - 1750 then 'delivery_confirmed'
                   when i % 20 = 0 then 'cancelled'
                   else 'completed' end as status,
              (10000 + (i * 7919) % 500000)::bigint as total,
              now() - (interval '400 days') * (($1::int - i)::float / $1::int) as created,
              i / ${PAYOUT_BATCH} as batch
         from generate_series(1, $1::int) as i`,
      [plan.count],
    );
    await client.query(
      `create temp table bench_payouts on commit drop as
       select batch, gen_random_uuid() as id, sum(total) as amount, max(created) + interval '16 days' as paid
         from bench_orders where status = 'completed' group by batch`,
    );
    await client.query(
      `insert into payouts (id, seller_id, amount_kurus, iban, account_holder, status, provider_reference, created_at, paid_at)
       select id, $1, amount, $2, 'Bench Satıcı', 'paid', 'bench-' || batch, paid, paid from bench_payouts`,
      [plan.sellerId, plan.iban],
    );
    await client.query(
      `insert into orders (id, order_number, buyer_id, seller_id, status, subtotal_kurus, total_kurus, paid_at,
                           escrow_ends_at, ship_by, cargo_company, tracking_number, shipped_at, delivery_confirmed_at,
                           released_at, cancelled_at, refunded_kurus, payout_id, completed_at, created_at, updated_at,
                           invoice_reminder_sent_at)
       select o.id, 'OS-BENCH-' || lpad(o.i::text, 7, '0'), $2, $1, o.status, o.total, o.total, o.created,
              -- Ship-by well ahead of the newest orders' age, so the server's sweeps find nothing due.
              o.created + interval '15 days', o.created + interval '10 days',
              case when o.status in ('completed', 'delivery_confirmed', 'shipped') then 'aras' end,
              case when o.status in ('completed', 'delivery_confirmed', 'shipped') then 'ARS-' || o.i end,
              case when o.status in ('completed', 'delivery_confirmed', 'shipped') then o.created + interval '1 day' end,
              case when o.status in ('completed', 'delivery_confirmed') then o.created + interval '3 days' end,
              case when o.status in ('completed', 'delivery_confirmed') then o.created + interval '3 days' end,
              case when o.status = 'cancelled' then o.created + interval '5 days' end,
              case when o.status = 'cancelled' then o.total else 0 end,
              p.id, p.paid, o.created, o.created,
              -- Reminded of the missing invoice long ago, as a seller's old orders would have been: the
              -- invoice sweep would otherwise mail 100,000 reminders while the bench measures.
              case when o.status in ('completed', 'delivery_confirmed', 'shipped')
                   then least(o.created + interval '3 days', now()) end
         from bench_orders o left join bench_payouts p on p.batch = o.batch and o.status = 'completed'`,
      [plan.sellerId, plan.buyerId],
    );
    await client.query(
      `insert into order_items (order_id, seller_id, marka, model_kodu, product_name, unit_price_kurus, vat_rate_bp,
                                quantity, line_total_kurus, created_at)
       select id, $1, 'Ray-Ban', 'RB' || (2000 + i % 900), 'Ray-Ban RB' || (2000 + i % 900) || ' Güneş Gözlüğü',
              total, 2000, 1, total, created
         from bench_orders`,
      [plan.sellerId],
    );
    // Capture: one journal per order, the clearing leg without the order (as a group's capture).
    await client.query(
      `with j as (select o.*, gen_random_uuid() as journal from bench_orders o)
       insert into ledger_entries (journal_id, account, order_id, amount_kurus, memo, created_at)
       select journal, 'provider_clearing', null, total, 'capture', created from j
       union all
       select journal, 'escrow', id, -total, 'capture', created from j`,
    );
    await client.query(
      `with j as (select o.*, gen_random_uuid() as journal from bench_orders o
                   where status in ('completed', 'delivery_confirmed'))
       insert into ledger_entries (journal_id, account, order_id, amount_kurus, memo, created_at)
       select journal, 'escrow', id, total, 'release', created + interval '3 days' from j
       union all
       select journal, 'seller_payable', id, -total, 'release', created + interval '3 days' from j`,
    );
    await client.query(
      `with j as (select o.*, gen_random_uuid() as journal from bench_orders o where status = 'cancelled')
       insert into ledger_entries (journal_id, account, order_id, amount_kurus, memo, created_at)
       select journal, 'escrow', id, total, 'refund', created + interval '5 days' from j
       union all
       select journal, 'provider_clearing', id, -total, 'refund', created + interval '5 days' from j`,
    );
    await client.query(
      `with j as (select p.*, gen_random_uuid() as journal from bench_payouts p)
       insert into ledger_entries (journal_id, account, order_id, amount_kurus, memo, created_at)
       select j.journal, 'seller_payable', o.id, o.total, 'payout', j.paid
         from j join bench_orders o on o.batch = j.batch and o.status = 'completed'
       union all
       select journal, 'provider_clearing', null, -amount, 'payout', paid from j`,
    );
    const [unbalanced] = (
      await client.query(
        `select count(*)::int as n from (select journal_id from ledger_entries
                                           group by journal_id having sum(amount_kurus) <> 0) j`,
      )
    ).rows;
    if (unbalanced.n !== 0) throw new Error(`bench orders: ${unbalanced.n} unbalanced journals`);
    // These orders bypass the order lifecycle, which keeps the sellers' counters: count them as the
    // migration's backfill does (decision 047).
    for (const statement of recountSellerCountersSql) await client.query(statement);
    await client.query('commit');
    // Vacuum too: index-only scans (an order's ledger balances) need the visibility map set.
    await client.query('vacuum analyze orders, order_items, ledger_entries, payouts, seller_counters');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
