import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '#shared/dates.ts';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
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
import { platformSettings } from '../../db/schema/admin.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { listings } from '../../db/schema/listings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { orderEvents, orders, payouts, providerJobs } from '../../db/schema/orders.ts';
import { payments, sandboxBankOperations } from '../../db/schema/payments.ts';
import { applyBasisPoints } from '#shared/money.ts';
import { ESCROW_ACCOUNT, PLATFORM_COMMISSION_ACCOUNT, SELLER_PAYABLE_ACCOUNT } from '../../lib/ledger.ts';
import { runPayouts } from '../payouts/payouts.service.ts';
import { cancelOverdueUnshippedOrders, releaseDueOrders, remindUpcomingReleases } from './fulfilment.service.ts';
import { runProviderJobs } from './provider-jobs.service.ts';

type Market = Awaited<ReturnType<typeof createMarket>>;
const DAY_MS = 24 * 3600_000;
const deps = { appUrl: 'http://localhost:3000' };
/** The default 1 % withholding a whole release books on the order's VAT-exclusive total (decision 041). */
const withheldOf = (o: { totalKurus: number; vatKurus: number }) => applyBasisPoints(o.totalKurus - o.vatKurus, 100);

describeEachDatabase('fulfilment', (kind) => {
  const t = useTestApp(kind);
  let m: Market;
  let buyer: string;
  let seller: string;
  let otherSeller: string;

  beforeEach(async () => {
    t.clock.reset();
    m = await createMarket(t.database.db);
    [buyer, seller, otherSeller] = await Promise.all([signIn(t, m.buyer), signIn(t, m.sellerA), signIn(t, m.sellerB)]);
    // Paid orders go straight to shipping here; the approval step has its own tests (order-approval.test.ts).
    await setAutoOrderApproval(t, seller, true);
  });

  const db = () => t.database.db;
  const runJobs = () => runProviderJobs({ db: db(), clock: t.clock, provider: t.app.payments, log: t.app.log });
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const stockOf = async (id: string) =>
    (await db().select({ stock: listings.stock }).from(listings).where(eq(listings.id, id)))[0].stock;
  const jobsOf = (orderId: string) => db().select().from(providerJobs).where(eq(providerJobs.orderId, orderId));
  const entriesOf = (orderId: string) => db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));

  /** Seller A's order of `quantity` of listing A, paid through the real checkout and sandbox bank. */
  async function paidOrder(quantity = 2) {
    const body = await checkoutBody(t, buyer, [{ listingId: m.listingA.id, quantity }]);
    const res = await postCheckout(t, buyer, randomUUID(), body);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json() as CheckoutResult;
    expect((await payWithSandbox(t, buyer, placed.paymentUrl)).statusCode).toBe(303);
    const [order] = await db().select().from(orders).where(eq(orders.groupId, placed.groupId));
    expect(order.status).toBe('paid_escrow');
    return order;
  }

  const ship = (cookie: string, id: string, payload: object = { cargoCompany: 'aras', trackingNumber: 'ARS-123456' }) =>
    callApi(t, 'POST', `/api/orders/${id}/ship`, { cookie, payload });
  const confirm = (cookie: string, id: string) =>
    callApi(t, 'POST', `/api/orders/${id}/confirm-delivery`, { cookie, payload: {} });

  async function bankOperations(groupId: string) {
    return db()
      .select({ kind: sandboxBankOperations.kind, amountKurus: sandboxBankOperations.amountKurus })
      .from(sandboxBankOperations)
      .innerJoin(payments, sql`${payments.id}::text = ${sandboxBankOperations.conversationId}`)
      .where(and(eq(payments.groupId, groupId), eq(payments.status, 'succeeded')));
  }

  describe('shipping', () => {
    it('only the seller ships, with a carrier and tracking number; the buyer and other sellers get 404', async () => {
      const order = await paidOrder();
      expect((await ship(buyer, order.id)).json().error.code).toBe('ORDER_NOT_FOUND');
      expect((await ship(otherSeller, order.id)).statusCode).toBe(404);

      const missing = await ship(seller, order.id, { trackingNumber: '' });
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toContain(tm.fulfilment.shipMissing);
      expect((await ship(seller, order.id, { cargoCompany: 'mng', trackingNumber: 'ab' })).statusCode).toBe(400);
      expect((await orderRow(order.id)).status).toBe('paid_escrow');

      const res = await ship(seller, order.id, { cargoCompany: 'yurtici', trackingNumber: 'YK-998877' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: order.id, status: 'shipped' });
      const shipped = await orderRow(order.id);
      expect(shipped).toMatchObject({ cargoCompany: 'yurtici', trackingNumber: 'YK-998877' });
      expect(shipped.shippedAt?.getTime()).toBe(t.clock.now().getTime());
      const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.find((e) => e.action === 'shipped')).toMatchObject({
        fromStatus: 'paid_escrow',
        toStatus: 'shipped',
      });
      const notes = await db().select().from(notifications).where(eq(notifications.userId, m.buyer.id));
      expect(notes.map((n) => n.type)).toContain('order_shipped');

      const again = await ship(seller, order.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'INVALID_STATUS_TRANSITION', message: tm.fulfilment.alreadyShipped });
      const sellerView = (await callApi(t, 'GET', `/api/seller/orders/${order.id}`, { cookie: seller })).json();
      expect(sellerView).toMatchObject({ status: 'shipped', cargoCompany: 'yurtici', trackingNumber: 'YK-998877' });
      // created and paid share the payment's instant, so their order is not fixed.
      expect(sellerView.events.map((e: { action: string }) => e.action).sort()).toEqual(['created', 'paid', 'shipped']);
      // The buyer's and the seller's views both show the tracking number.
      expect((await callApi(t, 'GET', `/api/orders/${order.id}`, { cookie: buyer })).json()).toMatchObject({
        status: 'shipped',
        trackingNumber: 'YK-998877',
      });
    });

    it('sets the ship deadline at payment: paid + the longest handling days + the grace days', async () => {
      await db().update(listings).set({ handlingDays: 5 }).where(eq(listings.id, m.listingA.id));
      const order = await paidOrder();
      expect(order.shipBy!.getTime() - order.paidAt!.getTime()).toBe((5 + 2) * DAY_MS);
    });
  });

  describe('confirmation and release', () => {
    it('only the buyer confirms; the release job has the provider approve, then escrow moves to the seller once', async () => {
      const order = await paidOrder();
      expect((await ship(seller, order.id)).statusCode).toBe(200);
      expect((await confirm(seller, order.id)).statusCode).toBe(404);
      expect((await confirm(otherSeller, order.id)).statusCode).toBe(404);

      const res = await confirm(buyer, order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: order.id, status: 'delivery_confirmed' });
      const twice = await confirm(buyer, order.id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(tm.fulfilment.cannotConfirm);

      expect(await jobsOf(order.id)).toMatchObject([
        { kind: 'release', status: 'pending', amountKurus: order.totalKurus },
      ]);
      // Nothing is journalled before the provider has said yes.
      expect((await entriesOf(order.id)).filter((e) => e.account === SELLER_PAYABLE_ACCOUNT)).toEqual([]);
      await expectLedgerInvariants(db());

      await runJobs();
      expect(await bankOperations(order.groupId!)).toEqual([{ kind: 'approve', amountKurus: null }]);
      const entries = await entriesOf(order.id);
      expect(entries.filter((e) => e.account === SELLER_PAYABLE_ACCOUNT).map((e) => e.amountKurus)).toEqual([
        -(order.totalKurus - withheldOf(order)),
      ]);
      expect(entries.filter((e) => e.account === ESCROW_ACCOUNT).reduce((s, e) => s + e.amountKurus, 0)).toBe(0);
      const released = await orderRow(order.id);
      expect(released.releasedAt).not.toBeNull();
      expect(released.deliveryConfirmedAt).not.toBeNull();
      await runJobs();
      expect(await bankOperations(order.groupId!)).toHaveLength(1);
      await expectLedgerInvariants(db());
    });

    it('a paid order cannot be confirmed before shipping (no release); once shipped, the commission, when set, goes to the platform', async () => {
      await db().update(platformSettings).set({ commissionBp: 750 }).where(eq(platformSettings.id, 1));
      try {
        const order = await paidOrder(1);
        const early = await confirm(buyer, order.id);
        expect(early.statusCode).toBe(409);
        expect(early.json().error).toEqual({ code: 'INVALID_STATUS_TRANSITION', message: tm.fulfilment.notShippedYet });
        expect(await orderRow(order.id)).toMatchObject({ status: 'paid_escrow', deliveryConfirmedAt: null });
        expect(await jobsOf(order.id)).toEqual([]);

        expect((await ship(seller, order.id)).statusCode).toBe(200);
        expect((await confirm(buyer, order.id)).statusCode).toBe(200);
        await runJobs();
        const entries = await entriesOf(order.id);
        const commission = Math.round((order.totalKurus * 750) / 10_000);
        expect(entries.filter((e) => e.account === PLATFORM_COMMISSION_ACCOUNT).map((e) => e.amountKurus)).toEqual([
          -commission,
        ]);
        expect(entries.filter((e) => e.account === SELLER_PAYABLE_ACCOUNT).map((e) => e.amountKurus)).toEqual([
          -(order.totalKurus - commission - withheldOf(order)),
        ]);
        await expectLedgerInvariants(db());
      } finally {
        await db().update(platformSettings).set({ commissionBp: 0 }).where(eq(platformSettings.id, 1));
      }
    });
  });

  describe('sweeps', () => {
    it('cancels an order not shipped by its deadline: refund through the provider, stock back, both sides told', async () => {
      const order = await paidOrder(2);
      expect(await stockOf(m.listingA.id)).toBe(3);
      t.clock.set(new Date(order.shipBy!.getTime() - 60_000));
      await cancelOverdueUnshippedOrders(db(), t.clock, deps);
      expect((await orderRow(order.id)).status).toBe('paid_escrow');

      t.clock.advance(2 * 60_000);
      await cancelOverdueUnshippedOrders(db(), t.clock, deps);
      await cancelOverdueUnshippedOrders(db(), t.clock, deps);
      expect((await orderRow(order.id)).status).toBe('cancelled');
      expect(await stockOf(m.listingA.id)).toBe(5);
      expect(await jobsOf(order.id)).toMatchObject([{ kind: 'refund', amountKurus: order.totalKurus }]);
      // Days later the seller signs in again (a session lapses after a day unused): too late to ship.
      expect((await ship(await signIn(t, m.sellerA), order.id)).statusCode).toBe(409);

      await runJobs();
      expect(await bankOperations(order.groupId!)).toEqual([{ kind: 'refund', amountKurus: order.totalKurus }]);
      expect((await orderRow(order.id)).refundedKurus).toBe(order.totalKurus);
      for (const user of [m.buyer, m.sellerA]) {
        const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
        expect(notes.filter((n) => n.type === 'order_cancelled')).toHaveLength(1);
        const mails = (await outboxTo(db(), user.email)).filter((x) => x.template === 'order_ship_deadline');
        expect(mails).toHaveLength(1);
        expectOrderButton(mails[0], user === m.buyer ? orderPath(order.id) : sellerOrderPath(order.id));
      }
      await expectLedgerInvariants(db());
    });

    it('reminds the buyer a day before escrow ends (once), then releases a shipped order; a disputed one waits', async () => {
      const order = await paidOrder(1);
      const disputed = await paidOrder(1);
      for (const o of [order, disputed]) expect((await ship(seller, o.id)).statusCode).toBe(200);
      // The dispute feature owns this verb; here only its effect on the clock matters.
      await db().update(orders).set({ status: 'disputed' }).where(eq(orders.id, disputed.id));

      const endsAt = order.escrowEndsAt!.getTime();
      t.clock.set(new Date(endsAt - 2 * DAY_MS));
      await remindUpcomingReleases(db(), t.clock, deps);
      expect((await orderRow(order.id)).releaseReminderSentAt).toBeNull();
      t.clock.set(new Date(endsAt - DAY_MS + 60_000));
      await remindUpcomingReleases(db(), t.clock, deps);
      await remindUpcomingReleases(db(), t.clock, deps);
      const reminders = (await db().select().from(notifications).where(eq(notifications.userId, m.buyer.id))).filter(
        (n) => n.type === 'order_release_reminder',
      );
      expect(reminders.map((n) => n.relatedId)).toEqual([order.id]);
      const reminderMails = (await outboxTo(db(), m.buyer.email)).filter(
        (x) => x.template === 'order_release_reminder',
      );
      expect(reminderMails).toHaveLength(1);
      expectOrderButton(reminderMails[0], orderPath(order.id));

      await releaseDueOrders(db(), t.clock, deps);
      expect((await orderRow(order.id)).status).toBe('shipped');
      t.clock.set(new Date(endsAt + 1000));
      await releaseDueOrders(db(), t.clock, deps);
      await releaseDueOrders(db(), t.clock, deps);
      expect((await orderRow(order.id)).status).toBe('delivery_confirmed');
      expect((await orderRow(disputed.id)).status).toBe('disputed');
      expect(await jobsOf(order.id)).toMatchObject([{ kind: 'release', reason: 'escrow ended' }]);
      expect(await jobsOf(disputed.id)).toEqual([]);
      await runJobs();
      expect((await orderRow(order.id)).releasedAt).not.toBeNull();
      const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.map((e) => e.action)).toEqual(
        expect.arrayContaining(['shipped', 'release_reminder_sent', 'released_automatically', 'money_released']),
      );
      await expectLedgerInvariants(db());
    });

    it('moves the automatic release at shipping to no earlier than shipped + the inspection days (never earlier than the escrow days)', async () => {
      const early = await paidOrder(1);
      const late = await paidOrder(1);
      const created = late.createdAt.getTime();
      expect(early.escrowEndsAt!.getTime() - early.createdAt.getTime()).toBe(15 * DAY_MS);
      // Shipped at once: created + 15 days is later than shipped + 7, so it stays.
      expect((await ship(seller, early.id)).statusCode).toBe(200);
      expect((await orderRow(early.id)).escrowEndsAt).toEqual(early.escrowEndsAt);
      // Shipped on day 10 with a 9-day inspection setting: the release moves to day 19.
      await db().update(platformSettings).set({ inspectionDays: 9 }).where(eq(platformSettings.id, 1));
      try {
        t.clock.set(new Date(created + 10 * DAY_MS));
        expect((await ship(await signIn(t, m.sellerA), late.id)).statusCode).toBe(200);
        expect((await orderRow(late.id)).escrowEndsAt!.getTime()).toBe(t.clock.now().getTime() + 9 * DAY_MS);
      } finally {
        await db().update(platformSettings).set({ inspectionDays: 7 }).where(eq(platformSettings.id, 1));
      }
    });

    it('a late shipment (20 handling days, shipped on day 16) is not released before shipped + 7 days: the buyer may still report a problem, and no payout pays it', async () => {
      await db().update(listings).set({ handlingDays: 20 }).where(eq(listings.id, m.listingA.id));
      const late = await paidOrder(1);
      const reported = await paidOrder(1);
      const created = late.createdAt.getTime();
      expect(late.shipBy!.getTime() - late.paidAt!.getTime()).toBe((20 + 2) * DAY_MS);
      expect(
        await callApi(t, 'PUT', '/api/account/payout-account', {
          cookie: seller,
          payload: { iban: 'TR330006100519786457841326', accountHolder: 'Ayşe Yılmaz' },
        }),
      ).toMatchObject({ statusCode: 200 });

      // Day 16: past the 15 days from the order, the seller ships both (still within the ship deadline).
      t.clock.set(new Date(created + 16 * DAY_MS));
      const sellerAgain = await signIn(t, m.sellerA);
      for (const o of [late, reported]) expect((await ship(sellerAgain, o.id)).statusCode).toBe(200);
      const shippedAt = t.clock.now().getTime();
      expect((await orderRow(late.id)).escrowEndsAt!.getTime()).toBe(shippedAt + 7 * DAY_MS);
      // The buyer and the seller both see the moved date.
      const buyerAgain = await signIn(t, m.buyer);
      const buyerView = (await callApi(t, 'GET', `/api/orders/${late.id}`, { cookie: buyerAgain })).json();
      expect(buyerView.escrowEndsAt).toBe(new Date(shippedAt + 7 * DAY_MS).toISOString());
      const sellerView = (await callApi(t, 'GET', `/api/seller/orders/${late.id}`, { cookie: sellerAgain })).json();
      expect(sellerView.escrowEndsAt).toBe(new Date(shippedAt + 7 * DAY_MS).toISOString());
      const shippedNotes = (await db().select().from(notifications).where(eq(notifications.relatedId, late.id))).filter(
        (n) => n.type === 'order_shipped',
      );
      expect(shippedNotes.map((n) => n.message)).toEqual([
        tm.notifications.shippedBody(
          late.orderNumber,
          tm.cargo.aras,
          'ARS-123456',
          formatDate(new Date(shippedAt + 7 * DAY_MS)),
        ),
      ]);

      // Moments after shipping (the reproduced case), and the whole inspection week: no release.
      for (const at of [shippedAt + 27_000, shippedAt + 7 * DAY_MS - 60_000]) {
        t.clock.set(new Date(at));
        await remindUpcomingReleases(db(), t.clock, deps);
        await releaseDueOrders(db(), t.clock, deps);
        await runJobs();
        await runPayouts(db(), t.clock, t.app.payments);
        for (const o of [late, reported]) {
          expect(await orderRow(o.id)).toMatchObject({ status: 'shipped', releasedAt: null, payoutId: null });
          expect(await jobsOf(o.id)).toEqual([]);
        }
      }
      expect(await db().select().from(payouts)).toEqual([]);
      // The reminder came a day before the moved date, once.
      const reminders = (await db().select().from(notifications).where(eq(notifications.userId, m.buyer.id))).filter(
        (n) => n.type === 'order_release_reminder',
      );
      expect(reminders.map((n) => n.relatedId).sort()).toEqual([late.id, reported.id].sort());

      // On day 22, before the release, the buyer can still report a problem: the clock stops.
      const report = await callApi(t, 'POST', `/api/orders/${reported.id}/dispute`, {
        cookie: await signIn(t, m.buyer),
        payload: { reason: 'damaged', description: 'Çerçevelerin ikisi de kırık geldi.' },
      });
      expect(report.statusCode, report.body).toBe(201);

      // After shipped + 7 days the undisputed one is released; the reported one waits for its decision.
      t.clock.set(new Date(shippedAt + 7 * DAY_MS + 1000));
      await releaseDueOrders(db(), t.clock, deps);
      await runJobs();
      expect((await orderRow(late.id)).status).toBe('delivery_confirmed');
      expect((await orderRow(reported.id)).status).toBe('disputed');
      await runPayouts(db(), t.clock, t.app.payments);
      expect((await orderRow(late.id)).payoutId).not.toBeNull();
      expect((await orderRow(reported.id)).payoutId).toBeNull();
      await expectLedgerInvariants(db());
    });

    // Races need transactions that really run side by side: PostgreSQL only.
    if (kind === 'postgres') {
      it('a confirmation racing the automatic release: exactly one wins and the money moves once', async () => {
        const raced = [];
        for (let i = 0; i < 4; i++) {
          const o = await paidOrder(1);
          expect((await ship(seller, o.id)).statusCode).toBe(200);
          raced.push(o);
        }
        // Escrow ended a moment ago (moving the clock a fortnight on would end the buyer's session).
        for (const o of raced) {
          await db()
            .update(orders)
            .set({ escrowEndsAt: new Date(t.clock.now().getTime() - 1000) })
            .where(eq(orders.id, o.id));
        }
        const [confirms] = await Promise.all([
          Promise.all(raced.map((o) => confirm(buyer, o.id))),
          releaseDueOrders(db(), t.clock, deps),
        ]);
        for (const [i, o] of raced.entries()) {
          expect([200, 409]).toContain(confirms[i].statusCode);
          expect((await orderRow(o.id)).status).toBe('delivery_confirmed');
          expect(await jobsOf(o.id)).toHaveLength(1);
        }
        await runJobs();
        for (const o of raced) {
          const payable = (await entriesOf(o.id)).filter((e) => e.account === SELLER_PAYABLE_ACCOUNT);
          expect(payable.map((e) => e.amountKurus)).toEqual([-(o.totalKurus - withheldOf(o))]);
          expect(await bankOperations(o.groupId!)).toEqual([{ kind: 'approve', amountKurus: null }]);
        }
        await expectLedgerInvariants(db());
      });
    }
  });
});
