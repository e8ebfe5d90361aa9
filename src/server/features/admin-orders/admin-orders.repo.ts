import { sql, type SQL } from 'drizzle-orm';
import type { AdminOrdersQuery } from '#shared/schemas/admin-orders.ts';
import { invoiceableStatuses } from '#shared/schemas/invoices.ts';
import { selectRows, type Db } from '../../db/client.ts';
import { ESCROW_ACCOUNT } from '../../lib/ledger.ts';

export interface AdminOrderRowRaw {
  id: string;
  order_number: string;
  created_at: Date | string;
  status: string;
  buyer_id: string;
  buyer_name: string;
  buyer_handle: string | null;
  seller_id: string;
  seller_name: string;
  seller_handle: string | null;
  total_kurus: string;
  refunded_kurus: string;
  held: string;
}

/** LIKE pattern characters typed by the admin are literal. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterConditions(query: Omit<AdminOrdersQuery, 'page'>): SQL[] {
  const conditions: SQL[] = [sql`true`];
  const text = query.q?.trim().replace(/^@/, '');
  if (text) {
    const prefix = `${escapeLike(text)}%`;
    const anywhere = `%${escapeLike(text)}%`;
    conditions.push(sql`(o.order_number ilike ${prefix}
      or b.full_name ilike ${anywhere} or b.public_handle ilike ${anywhere} or b.email ilike ${anywhere}
      or s.full_name ilike ${anywhere} or s.public_handle ilike ${anywhere} or s.email ilike ${anywhere})`);
  }
  if (query.status) conditions.push(sql`o.status = ${query.status}`);
  if (query.invoice === 'missing') {
    conditions.push(
      sql`o.status in (${sql.join(
        invoiceableStatuses.map((s) => sql`${s}`),
        sql`, `,
      )}) and not exists (select 1 from order_invoices i where i.order_id = o.id)`,
    );
  }
  // Calendar days in Turkey, both ends inclusive: [from 00:00, to + 1 day 00:00) Istanbul time.
  if (query.from) conditions.push(sql`o.created_at >= (${query.from}::date)::timestamp at time zone 'Europe/Istanbul'`);
  if (query.to) conditions.push(sql`o.created_at < (${query.to}::date + 1)::timestamp at time zone 'Europe/Istanbul'`);
  return conditions;
}

const FROM_ORDERS = sql`from orders o join users b on b.id = o.buyer_id join users s on s.id = o.seller_id`;

export async function findAdminOrders(db: Db, query: AdminOrdersQuery, pageSize: number) {
  const where = sql.join(filterConditions(query), sql` and `);
  const offset = (query.page - 1) * pageSize;
  const rows = await selectRows<AdminOrderRowRaw>(
    db,
    sql`select o.id, o.order_number, o.created_at, o.status, o.total_kurus::text, o.refunded_kurus::text,
               b.id as buyer_id, b.full_name as buyer_name, b.public_handle as buyer_handle,
               s.id as seller_id, s.full_name as seller_name, s.public_handle as seller_handle,
               coalesce((select -sum(e.amount_kurus) from ledger_entries e
                          where e.order_id = o.id and e.account = ${ESCROW_ACCOUNT}), 0)::text as held
          ${FROM_ORDERS}
         where ${where}
         order by o.created_at desc, o.id desc
         limit ${pageSize} offset ${offset}`,
  );
  const [count] = await selectRows<{ total: string }>(
    db,
    sql`select count(*)::text as total ${FROM_ORDERS} where ${where}`,
  );
  return { rows, total: Number(count.total) };
}

export function countOrdersByStatus(db: Db) {
  return selectRows<{ status: string; count: string }>(
    db,
    sql`select status, count(*)::text as count from orders group by status`,
  );
}

export async function findAdminOrderRow(db: Db, id: string) {
  const [row] = await selectRows<
    AdminOrderRowRaw & {
      subtotal_kurus: string;
      shipping_kurus: string;
      vat_kurus: string;
      discount_kurus: string;
      paid_at: Date | string | null;
      escrow_ends_at: Date | string | null;
      shipping_address: Record<string, unknown> | null;
      billing_party: Record<string, unknown> | null;
      cargo_company: string | null;
      tracking_number: string | null;
      shipped_at: Date | string | null;
      group_id: string | null;
    }
  >(
    db,
    sql`select o.id, o.order_number, o.created_at, o.status, o.total_kurus::text, o.refunded_kurus::text,
               o.subtotal_kurus::text, o.shipping_kurus::text, o.vat_kurus::text, o.discount_kurus::text,
               o.paid_at, o.escrow_ends_at, o.shipping_address, o.billing_party, o.cargo_company,
               o.tracking_number, o.shipped_at, o.group_id,
               b.id as buyer_id, b.full_name as buyer_name, b.public_handle as buyer_handle,
               s.id as seller_id, s.full_name as seller_name, s.public_handle as seller_handle,
               coalesce((select -sum(e.amount_kurus) from ledger_entries e
                          where e.order_id = o.id and e.account = ${ESCROW_ACCOUNT}), 0)::text as held
          ${FROM_ORDERS}
         where o.id = ${id}`,
  );
  return row ?? null;
}

export function findOrderLines(db: Db, orderId: string) {
  return selectRows<{
    id: string;
    marka: string;
    model_kodu: string;
    product_name: string;
    barcode: string | null;
    unit_price_kurus: string;
    quantity: number;
    line_total_kurus: string;
  }>(
    db,
    sql`select id, marka, model_kodu, product_name, barcode, unit_price_kurus::text, quantity, line_total_kurus::text
          from order_items where order_id = ${orderId} order by created_at, id`,
  );
}

export async function findGroupPayment(db: Db, groupId: string) {
  const [row] = await selectRows<{
    status: string;
    card_brand: string | null;
    card_last_four: string | null;
    installments: number;
  }>(
    db,
    sql`select status, card_brand, card_last_four, installments from payments
         where group_id = ${groupId}
         order by (status = 'succeeded') desc, created_at desc limit 1`,
  );
  return row ?? null;
}

export function findOrderTimeline(db: Db, orderId: string) {
  return selectRows<{
    id: string;
    action: string;
    from_status: string | null;
    to_status: string | null;
    actor_id: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select id, action, from_status, to_status, actor_id, created_at from order_events
         where order_id = ${orderId} order by created_at, id`,
  );
}

export function findOrderLedger(db: Db, orderId: string) {
  return selectRows<{
    id: string;
    account: string;
    amount_kurus: string;
    memo: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select id::text, account, amount_kurus::text, memo, created_at from ledger_entries
         where order_id = ${orderId} order by id`,
  );
}

export function findOrderProviderJobs(db: Db, orderId: string) {
  return selectRows<{
    id: string;
    kind: string;
    amount_kurus: string;
    status: string;
    attempts: number;
    last_error: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select id, kind, amount_kurus::text, status, attempts, last_error, created_at from provider_jobs
         where order_id = ${orderId} order by created_at, id`,
  );
}

export async function findOrderDispute(db: Db, orderId: string) {
  const [row] = await selectRows<{ id: string; status: string; reason: string }>(
    db,
    sql`select id, status, reason from admin_disputes where order_id = ${orderId}`,
  );
  return row ?? null;
}
