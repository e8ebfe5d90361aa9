import { randomUUID } from 'node:crypto';
import { paymentPageMessages } from '#shared/messages/payment-pages.tr.ts';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CheckoutBody } from '../src/shared/schemas/checkout.ts';
import type { Db } from '../src/server/db/client.ts';
import { selectRows } from '../src/server/db/client.ts';
import { userApplications } from '../src/server/db/schema/applications.ts';
import { ledgerEntries } from '../src/server/db/schema/ledger.ts';
import { orders } from '../src/server/db/schema/orders.ts';
import { sellerCounters } from '../src/server/db/schema/seller-counters.ts';
import { users } from '../src/server/db/schema/users.ts';
import { ESCROW_ACCOUNT, SELLER_PAYABLE_ACCOUNT, WITHHOLDING_PAYABLE_ACCOUNT } from '../src/server/lib/ledger.ts';
import { formBody, formHeaders, readPostForm } from '../src/server/lib/payments/payment-test-helpers.ts';
import { applyBasisPoints } from '../src/shared/money.ts';
import type { TestAppHandle } from './app.ts';
import { callApi, createCatalogueProduct, createListing, createUser, signIn, type TestUser } from './factories.ts';

export const SUCCESS_CARD = '5528790000000008';
export const INSUFFICIENT_FUNDS_CARD = '4111111111111129';
/** A Turkish IBAN with right check digits, for sellers' payout accounts. */
export const SELLER_IBAN = 'TR330006100519786457841326';
export const SELLER_TAX_NUMBER = '1234567890';

/** yyyy-MM of a moment in Istanbul, worked out apart from the app's own month helpers. */
export const monthInIstanbul = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit' }).format(at);

/** The seller's payout account, as the seller sets it on the settings screen. */
export async function setPayoutAccount(t: TestAppHandle, cookie: string, iban = SELLER_IBAN): Promise<void> {
  const res = await callApi(t, 'PUT', '/api/account/payout-account', {
    cookie,
    payload: { iban, accountHolder: 'Ayşe Yılmaz' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The approved application a store came through: its title and tax number go on invoices and reports. */
export async function approvedApplicationOf(t: TestAppHandle, user: TestUser): Promise<void> {
  await t.database.db.insert(userApplications).values({
    storeName: 'Satıcı A Optik Ltd. Şti.',
    authorizedPerson: 'Ayşe Yılmaz',
    email: `a${randomUUID()}@optik.test`,
    phone: '05321112233',
    taxNumber: SELLER_TAX_NUMBER,
    city: 'İstanbul',
    status: 'approved',
    submittedAt: t.clock.now(),
    createdUserId: user.id,
  });
}

let handleCounter = 0;
/** A member with a public handle (sellers appear by it). */
export async function createStore(db: Db, name: string): Promise<TestUser & { handle: string }> {
  handleCounter += 1;
  // Taken before any await: stores created side by side must not share a handle.
  const handle = `magaza${process.pid % 1000}x${handleCounter}`;
  const user = await createUser(db, { name });
  await db.update(users).set({ publicHandle: handle, publicSlug: handle }).where(eq(users.id, user.id));
  return { ...user, handle };
}

/**
 * Turns the signed-in store's automatic order approval on or off through the real settings path
 * (PUT /api/me/settings, keeping its other settings): on, paid orders go straight to shipping.
 */
export async function setAutoOrderApproval(t: TestAppHandle, cookie: string, on: boolean): Promise<void> {
  const current = await callApi(t, 'GET', '/api/me/settings', { cookie });
  expect(current.statusCode, current.body).toBe(200);
  const res = await callApi(t, 'PUT', '/api/me/settings', {
    cookie,
    payload: { ...current.json(), autoOrderApproval: on },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().autoOrderApproval).toBe(on);
}

/** A buyer and two sellers, each seller with one listing of a fresh catalogue product. */
export async function createMarket(db: Db, listingFields: { a?: object; b?: object } = {}) {
  const buyer = await createStore(db, 'Alıcı Optik');
  const sellerA = await createStore(db, 'Satıcı A Optik');
  const sellerB = await createStore(db, 'Satıcı B Optik');
  const listingA = await createListing(db, sellerA, await createCatalogueProduct(db), {
    priceKurus: 40_000,
    stock: 5,
    ...listingFields.a,
  });
  const listingB = await createListing(db, sellerB, await createCatalogueProduct(db), {
    priceKurus: 125_050,
    stock: 3,
    ...listingFields.b,
  });
  return { buyer, sellerA, sellerB, listingA, listingB };
}

export const deliveryAddress = {
  full_name: 'Ayşe Yılmaz',
  address: 'Bağdat Caddesi No: 12 D: 3',
  city: 'İstanbul' as const,
  district: 'Kadıköy',
  postal_code: '34710',
  phone: '0532 111 22 33',
};

/** A quote of these lines as the member sees it (fails loudly otherwise). */
export async function quote(t: TestAppHandle, cookie: string | undefined, lines: object[], installments = 1) {
  const res = await callApi(t, 'POST', '/api/cart/quote', { cookie, payload: { lines, installments } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The checkout body for lines priced as the server quotes them now. */
export async function checkoutBody(
  t: TestAppHandle,
  cookie: string,
  lines: { listingId: string; quantity: number }[],
  installments: 1 | 2 | 3 | 6 | 12 = 1,
): Promise<CheckoutBody> {
  const q = await quote(t, cookie, lines, installments);
  const seen = lines.map((l) => ({
    ...l,
    seenUnitPriceKurus: q.lines.find((x: { listingId: string }) => x.listingId === l.listingId).unitPriceKurus,
  }));
  return {
    lines: seen,
    shippingAddress: deliveryAddress,
    paymentMethod: 'card',
    installments,
    expectedChargedKurus: q.price.chargedKurus,
  };
}

export function postCheckout(t: TestAppHandle, cookie: string, key: string | null, payload: object) {
  return callApi(t, 'POST', '/api/checkout', {
    cookie,
    payload,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

/**
 * Pays a checkout's payment through the sandbox bank's real pages: our start address → the card
 * page → 3-D Secure → the callback form the bank's last page posts. Answers the callback's response.
 */
export async function payWithSandbox(
  t: TestAppHandle,
  cookie: string,
  paymentUrl: string,
  cardNumber = SUCCESS_CARD,
  code = '123456',
) {
  const callback = await reachCallbackForm(t, cookie, paymentUrl, cardNumber, code);
  return postCallback(t, callback);
}

/**
 * Everything up to the bank's last page, each page loaded after its redirect as a browser does;
 * answers the callback form (action and fields) unsent.
 */
export async function reachCallbackForm(
  t: TestAppHandle,
  cookie: string,
  paymentUrl: string,
  cardNumber = SUCCESS_CARD,
  code = '123456',
) {
  const start = await callApi(t, 'GET', paymentUrl, { cookie });
  expect(start.statusCode, start.body).toBe(303);
  const cardUrl = start.headers.location as string;
  expect((await t.app.inject({ method: 'GET', url: cardUrl })).statusCode).toBe(200);
  const card = await t.app.inject({
    method: 'POST',
    url: cardUrl,
    headers: formHeaders,
    payload: formBody({ cardHolder: 'Ayşe Yılmaz', cardNumber, expiry: '12/30', cvc: '123' }),
  });
  expect(card.statusCode, card.body).toBe(303);
  const threeDsUrl = card.headers.location as string;
  expect((await t.app.inject({ method: 'GET', url: threeDsUrl })).statusCode).toBe(200);
  const threeDs = await t.app.inject({
    method: 'POST',
    url: threeDsUrl,
    headers: formHeaders,
    payload: formBody({ code }),
  });
  expect(threeDs.statusCode).toBe(200);
  return readPostForm(threeDs.body, paymentPageMessages.continue);
}

export function postCallback(t: TestAppHandle, form: { action: string; fields: Record<string, string> }) {
  const path = new URL(form.action).pathname;
  // Cross-site, as a bank's page posts: another origin and no cookie.
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...formHeaders, origin: 'https://bank.example' },
    payload: formBody(form.fields),
  });
}

/**
 * Every seller's counters (decision 047) equal the same figures counted from the tables (the view
 * seller_counters_recount of migrations 0029 and 0030); a seller without a counters row has all
 * zero. And each order's kept pending figure equals the one computed from its ledger now (the view
 * order_seller_pending, the SQL twin of lib/seller-pending.ts), which the pending tab's date-range
 * sums and pages read.
 */
export async function expectSellerCountersExact(db: Db) {
  const stale = await selectRows<Record<string, unknown>>(
    db,
    sql`select o.id, o.status, o.seller_pending_kurus as kept, o.seller_pending_released as kept_released,
               v.pending_kurus as counted, v.released as counted_released
          from orders o join order_seller_pending v on v.id = o.id
         where o.seller_pending_kurus is distinct from v.pending_kurus
            or o.seller_pending_released <> coalesce(v.released, false)`,
  );
  expect(stale, 'orders.seller_pending_* = order_seller_pending').toEqual([]);
  const kept = await db.select().from(sellerCounters);
  const counted = await selectRows<Record<string, string | number>>(db, sql`select * from seller_counters_recount`);
  const columns = Object.entries(getTableColumns(sellerCounters)).filter(([key]) => key !== 'sellerId');
  // Each seller's figures keyed by column name, as numbers (bigint arrives as text from node-postgres).
  const figures = (row: Record<string, unknown> | undefined, key: (c: (typeof columns)[number]) => string) =>
    Object.fromEntries(columns.map((c) => [c[1].name, Number(row?.[key(c)] ?? 0)]));
  const sellers = [...new Set([...kept.map((r) => r.sellerId), ...counted.map((r) => String(r.seller_id))])].sort();
  expect(
    sellers.map((id) => ({
      id,
      ...figures(
        kept.find((r) => r.sellerId === id),
        ([key]) => key,
      ),
    })),
    'seller_counters = seller_counters_recount',
  ).toEqual(
    sellers.map((id) => ({
      id,
      ...figures(
        counted.find((r) => r.seller_id === id),
        ([, c]) => c.name,
      ),
    })),
  );
}

/**
 * The ledger's invariants, checked after every scenario: each journal sums to zero; escrow holds,
 * per order, what was paid for it less what was refunded or released, and nothing for unpaid ones;
 * seller payables are never overdrawn and paid-out orders are settled; entries can be neither
 * updated nor deleted.
 */
export async function expectLedgerInvariants(db: Db) {
  const unbalanced = await selectRows<{ journal_id: string }>(
    db,
    sql`select journal_id from ledger_entries group by journal_id having sum(amount_kurus) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const held = await selectRows<{
    id: string;
    status: string;
    total_kurus: string;
    refunded_kurus: string;
    paid: boolean;
    released: boolean;
    held: string;
  }>(
    db,
    sql`select o.id, o.status, o.total_kurus::text, o.refunded_kurus::text, o.paid_at is not null as paid,
               o.released_at is not null as released,
               coalesce(-sum(e.amount_kurus) filter (where e.account = ${ESCROW_ACCOUNT}), 0)::text as held
          from orders o left join ledger_entries e on e.order_id = o.id
         where o.group_id is not null
         group by o.id`,
  );
  for (const row of held) {
    // Escrow per order = paid − refunded − released (a release takes all that is left); never negative.
    const expected = row.paid && !row.released ? Number(row.total_kurus) - Number(row.refunded_kurus) : 0;
    expect(Number(row.held)).toBeGreaterThanOrEqual(0);
    expect({ order: row.id, status: row.status, held: Number(row.held) }).toEqual({
      order: row.id,
      status: row.status,
      held: expected,
    });
  }
  // Payouts (issue 11): no order's seller payable is ever overdrawn; a paid-out order owes the
  // seller nothing more; each payout is exactly what its orders had been credited.
  const overdrawn = await selectRows<{ order_id: string }>(
    db,
    sql`select order_id from ledger_entries where account = ${SELLER_PAYABLE_ACCOUNT}
         group by order_id having sum(amount_kurus) > 0`,
  );
  expect(overdrawn).toEqual([]);
  const owedAfterPayout = await selectRows<{ id: string }>(
    db,
    sql`select o.id from orders o join ledger_entries e on e.order_id = o.id and e.account = ${SELLER_PAYABLE_ACCOUNT}
         where o.payout_id is not null group by o.id having sum(e.amount_kurus) <> 0`,
  );
  expect(owedAfterPayout).toEqual([]);
  const payoutMismatch = await selectRows<{ id: string }>(
    db,
    sql`select p.id from payouts p
         where p.amount_kurus <> coalesce((select -sum(e.amount_kurus) from orders o
                 join ledger_entries e on e.order_id = o.id and e.account = ${SELLER_PAYABLE_ACCOUNT} and e.amount_kurus < 0
                where o.payout_id = p.id), 0)`,
  );
  expect(payoutMismatch).toEqual([]);
  // Withholding (decision 041): only credits, each with its base, and only on releases; per order
  // the withheld total is the rate of the base released so far (rounded once), and the base never
  // exceeds the order's VAT-exclusive total.
  const malformedWithholding = await selectRows<{ id: string }>(
    db,
    sql`select id from ledger_entries
         where (account = ${WITHHOLDING_PAYABLE_ACCOUNT}) <> (base_kurus is not null)
            or (account = ${WITHHOLDING_PAYABLE_ACCOUNT} and (amount_kurus >= 0 or base_kurus < 0))`,
  );
  expect(malformedWithholding).toEqual([]);
  const withheld = await selectRows<{
    id: string;
    total_kurus: string;
    vat_kurus: string;
    withholding_bp: number;
    withheld: string;
    base: string;
  }>(
    db,
    sql`select o.id, o.total_kurus::text, o.vat_kurus::text, o.withholding_bp,
               (-sum(e.amount_kurus))::text as withheld, sum(e.base_kurus)::text as base
          from orders o join ledger_entries e on e.order_id = o.id and e.account = ${WITHHOLDING_PAYABLE_ACCOUNT}
         group by o.id`,
  );
  for (const row of withheld) {
    const vatExclusive = Number(row.total_kurus) - Number(row.vat_kurus);
    expect(Number(row.base)).toBeLessThanOrEqual(vatExclusive);
    expect({ order: row.id, withheld: Number(row.withheld) }).toEqual({
      order: row.id,
      withheld: applyBasisPoints(Number(row.base), row.withholding_bp),
    });
  }
  const [any] = await db.select({ id: ledgerEntries.id }).from(ledgerEntries).limit(1);
  if (any) {
    await expect(db.update(ledgerEntries).set({ memo: 'x' }).where(eq(ledgerEntries.id, any.id))).rejects.toThrow();
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.id, any.id))).rejects.toThrow();
  }
}

export function ordersOfBuyer(db: Db, buyerId: string) {
  return db.select().from(orders).where(eq(orders.buyerId, buyerId));
}

export { signIn };
