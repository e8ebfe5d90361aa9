import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase, describeOnPostgres } from '../../../../test/db.ts';
import { callApi, outboxTo, signIn } from '../../../../test/factories.ts';
import { expectOrderButton } from '../../../../test/mail.ts';
import { orderPath, sellerOrderPath } from '#shared/site-paths.ts';
import {
  checkoutBody,
  createMarket,
  expectLedgerInvariants,
  payWithSandbox,
  postCheckout,
  setAutoOrderApproval,
} from '../../../../test/trading.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { listings } from '../../db/schema/listings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { orderEvents, orders, providerJobs } from '../../db/schema/orders.ts';
import { payments, sandboxBankOperations } from '../../db/schema/payments.ts';
import { createManualClock } from '../../lib/clock.ts';
import { ESCROW_ACCOUNT } from '../../lib/ledger.ts';
import { cancelUnacceptedOrders } from './fulfilment.service.ts';
import { runProviderJobs } from './provider-jobs.service.ts';

type Market = Awaited<ReturnType<typeof createMarket>>;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const deps = { appUrl: 'http://localhost:3000' };
const shipment = { cargoCompany: 'aras', trackingNumber: 'ARS-123456' };

/** A market whose seller A (automatic approval off, the default) sells to its buyer through the real checkout. */
function useApprovalMarket(kind: Parameters<typeof useTestApp>[0]) {
  const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '100000' } });
  const s = {} as { m: Market; buyer: string; seller: string; otherSeller: string };
  beforeEach(async () => {
    t.clock.reset();
    s.m = await createMarket(t.database.db, { a: { stock: 10 } });
    [s.buyer, s.seller, s.otherSeller] = await Promise.all([
      signIn(t, s.m.buyer),
      signIn(t, s.m.sellerA),
      signIn(t, s.m.sellerB),
    ]);
  });
  const db = () => t.database.db;
  const helpers = {
    db,
    orderRow: async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0],
    stockOf: async (id: string) =>
      (await db().select({ stock: listings.stock }).from(listings).where(eq(listings.id, id)))[0].stock,
    accept: (cookie: string, id: string) => callApi(t, 'POST', `/api/orders/${id}/accept`, { cookie, payload: {} }),
    ship: (cookie: string, id: string) => callApi(t, 'POST', `/api/orders/${id}/ship`, { cookie, payload: shipment }),
    eventsOf: async (id: string) =>
      (await db().select().from(orderEvents).where(eq(orderEvents.orderId, id))).map((e) => e.action),
    jobsOf: (orderId: string) => db().select().from(providerJobs).where(eq(providerJobs.orderId, orderId)),
    runJobs: () => runProviderJobs({ db: db(), clock: t.clock, provider: t.app.payments, log: t.app.log }),
    /** Seller A's order of `quantity` of listing A, paid through the real checkout and sandbox bank. */
    async paidOrder(quantity = 1) {
      const body = await checkoutBody(t, s.buyer, [{ listingId: s.m.listingA.id, quantity }]);
      const res = await postCheckout(t, s.buyer, randomUUID(), body);
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json() as CheckoutResult;
      expect((await payWithSandbox(t, s.buyer, placed.paymentUrl)).statusCode).toBe(303);
      const [order] = await db().select().from(orders).where(eq(orders.groupId, placed.groupId));
      expect(order.status).toBe('paid_escrow');
      return order;
    },
    async bankRefunds(groupId: string) {
      return db()
        .select({ kind: sandboxBankOperations.kind, amountKurus: sandboxBankOperations.amountKurus })
        .from(sandboxBankOperations)
        .innerJoin(payments, sql`${payments.id}::text = ${sandboxBankOperations.conversationId}`)
        .where(and(eq(payments.groupId, groupId), eq(sandboxBankOperations.kind, 'refund')));
    },
  };
  return { t, s, ...helpers };
}

describeEachDatabase('order approval', (kind) => {
  const a = useApprovalMarket(kind);
  const { t, s } = a;

  it('a paid order of a seller without automatic approval waits 24 h for "Onayla"; shipping is refused until then', async () => {
    const order = await a.paidOrder();
    expect(order.acceptedAt).toBeNull();
    expect(order.acceptBy!.getTime() - order.paidAt!.getTime()).toBe(DAY_MS);
    expect(order.shipBy).toBeNull();

    const refused = await a.ship(s.seller, order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'INVALID_STATUS_TRANSITION', message: tm.fulfilment.notAccepted });
    expect((await a.orderRow(order.id)).status).toBe('paid_escrow');

    // Both views say who is waiting for what; the seller's new-order notice asks for the approval.
    const buyerView = (await callApi(t, 'GET', `/api/orders/${order.id}`, { cookie: s.buyer })).json();
    expect(buyerView).toMatchObject({
      status: 'paid_escrow',
      acceptedAt: null,
      acceptBy: order.acceptBy!.toISOString(),
      awaitingAcceptance: true,
    });
    const sellerView = (await callApi(t, 'GET', `/api/seller/orders/${order.id}`, { cookie: s.seller })).json();
    expect(sellerView).toMatchObject({
      acceptedAt: null,
      acceptBy: order.acceptBy!.toISOString(),
      awaitingAcceptance: true,
    });
    const [notice] = await a
      .db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.m.sellerA.id), eq(notifications.type, 'order_new')));
    expect(notice.message).toContain('24 saat içinde onaylayın');
  });

  it('only the order’s seller accepts, once; the ship deadline counts from acceptance and the buyer is told', async () => {
    await a.db().update(listings).set({ handlingDays: 3 }).where(eq(listings.id, s.m.listingA.id));
    const order = await a.paidOrder();
    t.clock.advance(5 * HOUR_MS);
    expect((await a.accept(s.buyer, order.id)).json().error.code).toBe('ORDER_NOT_FOUND');
    expect((await a.accept(s.otherSeller, order.id)).statusCode).toBe(404);
    expect((await callApi(t, 'POST', `/api/orders/${order.id}/accept`, { payload: {} })).statusCode).toBe(401);

    const res = await a.accept(s.seller, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: order.id, status: 'paid_escrow' });
    const accepted = await a.orderRow(order.id);
    expect(accepted.acceptedAt!.getTime()).toBe(t.clock.now().getTime());
    // Handling 3 days + the platform's 2 grace days, from the acceptance.
    expect(accepted.shipBy!.getTime() - accepted.acceptedAt!.getTime()).toBe(5 * DAY_MS);

    const twice = await a.accept(s.seller, order.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual({ code: 'INVALID_STATUS_TRANSITION', message: tm.fulfilment.cannotAccept });
    expect((await a.eventsOf(order.id)).filter((e) => e === 'accepted')).toHaveLength(1);
    const told = await a
      .db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.m.buyer.id), eq(notifications.type, 'order_accepted')));
    expect(told).toHaveLength(1);

    expect((await a.ship(s.seller, order.id)).statusCode).toBe(200);
    expect((await a.accept(s.seller, order.id)).statusCode).toBe(409);
    // Accepting moves no money.
    expect(await a.jobsOf(order.id)).toEqual([]);
  });

  it('with automatic approval on (through the settings), a paid order is accepted at payment and ships at once', async () => {
    await setAutoOrderApproval(t, s.seller, true);
    const order = await a.paidOrder();
    expect(order.acceptedAt!.getTime()).toBe(order.paidAt!.getTime());
    expect(order.acceptBy).toBeNull();
    expect(order.shipBy).not.toBeNull();
    expect((await a.ship(s.seller, order.id)).statusCode).toBe(200);
  });

  it('the sweep cancels an order not accepted in 24 h exactly once: full refund, stock back, both sides told', async () => {
    // The file shares one database: the earlier tests' unaccepted orders lapse first, out of this count.
    t.clock.advance(2 * DAY_MS);
    await cancelUnacceptedOrders(a.db(), t.clock, deps);
    // Two days on, both stores sign in again (a session lapses after a day unused).
    [s.buyer, s.seller] = await Promise.all([signIn(t, s.m.buyer), signIn(t, s.m.sellerA)]);
    const order = await a.paidOrder(2);
    const accepted = await a.paidOrder(1);
    expect((await a.accept(s.seller, accepted.id)).statusCode).toBe(200);
    expect(await a.stockOf(s.m.listingA.id)).toBe(7);

    t.clock.set(new Date(order.acceptBy!.getTime() - 60_000));
    expect(await cancelUnacceptedOrders(a.db(), t.clock, deps)).toBe(0);
    t.clock.advance(2 * 60_000);
    expect(await cancelUnacceptedOrders(a.db(), t.clock, deps)).toBe(1);
    expect(await cancelUnacceptedOrders(a.db(), t.clock, deps)).toBe(0);

    expect((await a.orderRow(order.id)).status).toBe('cancelled');
    expect((await a.orderRow(accepted.id)).status).toBe('paid_escrow');
    expect(await a.stockOf(s.m.listingA.id)).toBe(9);
    expect(await a.jobsOf(order.id)).toMatchObject([{ kind: 'refund', amountKurus: order.totalKurus }]);
    // A day later the seller signs in again: too late to accept or ship.
    s.seller = await signIn(t, s.m.sellerA);
    expect((await a.accept(s.seller, order.id)).statusCode).toBe(409);
    expect((await a.ship(s.seller, order.id)).json().error.message).toBe(tm.fulfilment.alreadyShipped);
    expect((await a.eventsOf(order.id)).filter((e) => e === 'accept_deadline_passed')).toHaveLength(1);

    await a.runJobs();
    await a.runJobs();
    expect(await a.bankRefunds(order.groupId!)).toEqual([{ kind: 'refund', amountKurus: order.totalKurus }]);
    expect((await a.orderRow(order.id)).refundedKurus).toBe(order.totalKurus);
    const escrow = await a
      .db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.account, ESCROW_ACCOUNT)));
    expect(escrow.reduce((sum, e) => sum + e.amountKurus, 0)).toBe(0);
    for (const user of [s.m.buyer, s.m.sellerA]) {
      const notes = await a.db().select().from(notifications).where(eq(notifications.userId, user.id));
      expect(notes.filter((n) => n.type === 'order_cancelled' && n.relatedId === order.id)).toHaveLength(1);
      const mails = (await outboxTo(a.db(), user.email)).filter((x) => x.template === 'order_accept_deadline');
      expect(mails).toHaveLength(1);
      expectOrderButton(mails[0], user === s.m.buyer ? orderPath(order.id) : sellerOrderPath(order.id));
    }
    await expectLedgerInvariants(a.db());
  });
});

// Row locks decide a race only on PostgreSQL; PGlite runs one statement at a time.
describeOnPostgres('order approval', (kind) => {
  describe('races', () => {
    const a = useApprovalMarket(kind);
    const { t, s } = a;

    it('an acceptance racing the 24 h sweep has exactly one outcome: accepted, or cancelled and refunded once', async () => {
      const placed = [];
      for (let i = 0; i < 6; i++) placed.push(await a.paidOrder(1));
      const later = createManualClock(new Date(placed[0].acceptBy!.getTime() + 60_000));
      t.clock.set(later.now());
      // A day after the sale the seller signs in again (a session lapses after a day unused).
      s.seller = await signIn(t, s.m.sellerA);
      const answers = await Promise.all([
        ...placed.map((o) => a.accept(s.seller, o.id)),
        cancelUnacceptedOrders(a.db(), later, deps, 1),
        cancelUnacceptedOrders(a.db(), later, deps, 2),
        cancelUnacceptedOrders(a.db(), later, deps),
      ]);
      // Whatever the sweeps missed (skipped locks) is swept now.
      await cancelUnacceptedOrders(a.db(), later, deps);
      await a.runJobs();
      const outcomes = { accepted: 0, cancelled: 0 };
      for (const [i, order] of placed.entries()) {
        const res = answers[i] as Awaited<ReturnType<typeof a.accept>>;
        const row = await a.orderRow(order.id);
        const events = await a.eventsOf(order.id);
        const refunds = await a.bankRefunds(order.groupId!);
        if (res.statusCode === 200) {
          outcomes.accepted += 1;
          expect(row).toMatchObject({ status: 'paid_escrow', refundedKurus: 0 });
          expect(row.acceptedAt).not.toBeNull();
          expect(events).not.toContain('accept_deadline_passed');
          expect(refunds).toEqual([]);
        } else {
          outcomes.cancelled += 1;
          expect(res.statusCode, res.body).toBe(409);
          expect(row).toMatchObject({ status: 'cancelled', acceptedAt: null, refundedKurus: order.totalKurus });
          expect(events).not.toContain('accepted');
          expect(events.filter((e) => e === 'accept_deadline_passed')).toHaveLength(1);
          expect(refunds).toEqual([{ kind: 'refund', amountKurus: order.totalKurus }]);
        }
      }
      expect(outcomes.accepted + outcomes.cancelled).toBe(placed.length);
      expect(await a.stockOf(s.m.listingA.id)).toBe(10 - outcomes.accepted);
      await expectLedgerInvariants(a.db());
    });
  });
});
