import { paymentPageMessages } from '#shared/messages/payment-pages.tr.ts';
import { autoReleaseRule } from '#shared/messages/escrow.tr.ts';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { formatKurus } from '#shared/money.ts';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import type { CartQuote, CheckoutGroupStatus, CheckoutResult } from '#shared/schemas/checkout.ts';
import { testOrigin, useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createUser, outboxTo, signIn } from '../../../../test/factories.ts';
import { expectOrderButton } from '../../../../test/mail.ts';
import { sellerOrderPath } from '#shared/site-paths.ts';
import {
  checkoutBody,
  createMarket,
  deliveryAddress,
  expectLedgerInvariants,
  INSUFFICIENT_FUNDS_CARD,
  ordersOfBuyer,
  payWithSandbox,
  postCallback,
  postCheckout,
  quote,
  reachCallbackForm,
} from '../../../../test/trading.ts';
import { platformSettings } from '../../db/schema/admin.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { listings } from '../../db/schema/listings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { orderEvents, orderGroups, orderItems, orders } from '../../db/schema/orders.ts';
import { findGroupItems } from './checkout.repo.ts';
import { payments, sandboxBankOperations, sandboxBankPayments } from '../../db/schema/payments.ts';
import { PROVIDER_CLEARING_ACCOUNT } from '../../lib/ledger.ts';
import { readPostForm } from '../../lib/payments/payment-test-helpers.ts';
import { expireReservations, settleOutcome } from '../payments/payments.service.ts';

type Market = Awaited<ReturnType<typeof createMarket>>;

describeEachDatabase('checkout', (kind) => {
  const t = useTestApp(kind);
  let m: Market;
  let cookie: string;

  beforeEach(async () => {
    t.clock.reset();
    m = await createMarket(t.database.db);
    cookie = await signIn(t, m.buyer);
  });

  const stockOf = async (id: string) =>
    (await t.database.db.select({ stock: listings.stock }).from(listings).where(eq(listings.id, id)))[0].stock;

  describe('quote', () => {
    it('prices a two-seller cart with the shared pricing rules: shipping per seller, 2 % off goods + shipping for Peşin, VAT per order on the rest', async () => {
      const q: CartQuote = await quote(t, cookie, [
        { listingId: m.listingA.id, quantity: 2 },
        { listingId: m.listingB.id, quantity: 1 },
      ]);
      expect(q.isReady).toBe(true);
      const price = q.price!;
      // 2 × 400,00 + 1 250,50 = 2 050,50; A ships for 25 TL (800 < 1 000), B ships free.
      expect(price.subtotalKurus).toBe(205_050);
      expect(price.shippingKurus).toBe(2_500);
      // A: D = 2 % of 825,00 = 16,50; VAT 20 % of 808,50 = 161,70. B: D = 2 % of 1 250,50 = 25,01;
      // VAT 20 % of 1 225,49 = 245,098 → 245,10. Each order's VAT is its own lines'.
      expect(price.groups.map((g) => [g.discountKurus, g.vatKurus, g.chargedKurus])).toEqual([
        [1_650, 16_170, 97_020],
        [2_501, 24_510, 147_059],
      ]);
      expect(price.vatKurus).toBe(40_680);
      expect(price.vatByRate).toEqual([{ vatRateBp: 2000, baseKurus: 203_399, vatKurus: 40_680 }]);
      expect(price.totalKurus).toBe(248_230);
      expect(price.discountKurus).toBe(4_151);
      expect(price.chargedKurus).toBe(244_079);
      expect(price.groups.map((g) => g.sellerHandle)).toEqual([m.sellerA.handle, m.sellerB.handle]);
      expect(price.groups.reduce((s, g) => s + g.chargedKurus, 0)).toBe(price.chargedKurus);
      expect(price.groups[0].untilFreeShippingKurus).toBe(20_000);
      expect(price.groups[1].isFreeShipping).toBe(true);
      expect(price.plans.map((p) => p.installments)).toEqual([1, 2, 3, 6, 12]);
    });

    it('shows a visitor availability but no prices', async () => {
      const q: CartQuote = await quote(t, undefined, [{ listingId: m.listingA.id, quantity: 9 }]);
      expect(q.pricesVisible).toBe(false);
      expect(q.price).toBeNull();
      expect(q.lines[0]).toMatchObject({
        unitPriceKurus: null,
        lineTotalKurus: null,
        problems: ['insufficient_stock'],
      });
      expect(q.isReady).toBe(false);
    });

    it('reports every difference: price changed, stock lowered, below minimum, inactive, gone, own offer', async () => {
      const db = t.database.db;
      const own = await createMarket(db);
      await db.update(listings).set({ minOrderQty: 3 }).where(eq(listings.id, own.listingA.id));
      await db.update(listings).set({ status: 'Yayında Değil' }).where(eq(listings.id, own.listingB.id));
      const mine = await createMarket(db);
      await db.update(listings).set({ sellerId: m.buyer.id }).where(eq(listings.id, mine.listingA.id));
      const q: CartQuote = await quote(t, cookie, [
        { listingId: m.listingA.id, quantity: 1, seenUnitPriceKurus: 39_000 },
        { listingId: m.listingB.id, quantity: 4 },
        { listingId: own.listingA.id, quantity: 1 },
        { listingId: own.listingB.id, quantity: 1 },
        { listingId: randomUUID(), quantity: 1 },
        { listingId: mine.listingA.id, quantity: 1 },
      ]);
      expect(q.lines.map((l) => l.problems)).toEqual([
        ['price_changed'],
        ['insufficient_stock'],
        ['below_minimum'],
        ['unavailable'],
        ['unavailable'],
        ['own_offer'],
      ]);
      expect(q.lines[0]).toMatchObject({ unitPriceKurus: 40_000, seenUnitPriceKurus: 39_000 });
      expect(q.lines[1].stock).toBe(3);
      expect(q.isReady).toBe(false);
      // Only lines that can be bought are priced.
      expect(q.price!.subtotalKurus).toBe(0);
    });

    it('applies the listing discount, and instalments add up to the amount charged', async () => {
      const db = t.database.db;
      await db.update(listings).set({ discountPercent: 10 }).where(eq(listings.id, m.listingA.id));
      const q: CartQuote = await quote(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }], 3);
      expect(q.lines[0].unitPriceKurus).toBe(36_000);
      expect(q.price).toMatchObject({ subtotalKurus: 36_000, shippingKurus: 2_500, vatKurus: 7_700, discountKurus: 0 }); // 20 % of 360 + 25 (shipping is in the base)
      expect(q.price!.installmentAmounts.reduce((s, a) => s + a, 0)).toBe(q.price!.chargedKurus);
    });
  });

  describe('placing orders', () => {
    it('creates one group and one order per seller with line snapshots, reserves the stock, and records the events', async () => {
      const body = await checkoutBody(t, cookie, [
        { listingId: m.listingA.id, quantity: 2 },
        { listingId: m.listingB.id, quantity: 1 },
      ]);
      const res = await postCheckout(t, cookie, randomUUID(), body);
      expect(res.statusCode, res.body).toBe(201);
      const result: CheckoutResult = res.json();
      expect(result.orderNumbers).toHaveLength(2);
      for (const n of result.orderNumbers) expect(n).toMatch(/^OS-\d{4}-\d{6}$/);
      expect(result.paymentUrl).toMatch(/^\/api\/payments\/[0-9a-f-]{36}\/start$/);
      expect(result.chargedKurus).toBe(244_079);

      const db = t.database.db;
      const [group] = await db.select().from(orderGroups).where(eq(orderGroups.id, result.groupId));
      expect(group).toMatchObject({
        status: 'awaiting_payment',
        chargedKurus: 244_079,
        installments: 1,
        buyerId: m.buyer.id,
      });
      expect(group.reservedUntil.getTime() - t.clock.now().getTime()).toBe(15 * 60_000);
      expect(group.shippingAddress).toMatchObject({ city: 'İstanbul', phone: '05321112233', postal_code: '34710' });
      const placed = await db.select().from(orders).where(eq(orders.groupId, group.id));
      expect(placed.map((o) => o.status)).toEqual(['awaiting_payment', 'awaiting_payment']);
      expect(placed.reduce((s, o) => s + o.totalKurus, 0)).toBe(group.chargedKurus);
      expect(new Set(placed.map((o) => o.sellerId))).toEqual(new Set([m.sellerA.id, m.sellerB.id]));
      const items = await db.select().from(orderItems).where(eq(orderItems.listingId, m.listingA.id));
      // The line keeps its rate and its VAT on line + shipping − Peşin discount (825,00 − 16,50).
      expect(items[0]).toMatchObject({
        unitPriceKurus: 40_000,
        quantity: 2,
        lineTotalKurus: 80_000,
        vatRateBp: 2000,
        shippingShareKurus: 2_500,
        discountShareKurus: 1_650,
        vatKurus: 16_170,
      });
      expect(items[0].barcode).toMatch(/^\d{13}$/);
      expect(await stockOf(m.listingA.id)).toBe(3);
      expect(await stockOf(m.listingB.id)).toBe(2);
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, placed[0].id));
      expect(events.map((e) => e.action)).toEqual(['created']);
      await expectLedgerInvariants(db);
    });

    it('replays the first answer for the same key and body, refuses another body (422), and needs a key (400)', async () => {
      const key = randomUUID();
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const first = await postCheckout(t, cookie, key, body);
      const again = await postCheckout(t, cookie, key, body);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      const other = await postCheckout(t, cookie, key, { ...body, lines: [{ ...body.lines[0], quantity: 2 }] });
      expect(other.statusCode).toBe(422);
      expect(other.json().error).toEqual({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: messages.errors.IDEMPOTENCY_KEY_REUSED,
      });
      const missing = await postCheckout(t, cookie, null, body);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
      expect(await ordersOfBuyer(t.database.db, m.buyer.id)).toHaveLength(1);
      expect(await stockOf(m.listingA.id)).toBe(4);
    });

    it('answers 409 while the first request with the key is still running', async () => {
      const key = randomUUID();
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const [a, b] = await Promise.all([postCheckout(t, cookie, key, body), postCheckout(t, cookie, key, body)]);
      const codes = [a.statusCode, b.statusCode].sort();
      // On PGlite the two may run one after the other (then the second replays).
      expect([
        [201, 409],
        [201, 201],
      ]).toContainEqual(codes);
      if (codes[1] === 409)
        expect([a, b].find((r) => r.statusCode === 409)!.json().error.code).toBe('REQUEST_IN_PROGRESS');
      expect(await ordersOfBuyer(t.database.db, m.buyer.id)).toHaveLength(1);
    });

    it.each([
      [
        'a changed price',
        async (body: { lines: { seenUnitPriceKurus?: number | null }[] }) => {
          body.lines[0].seenUnitPriceKurus = 35_000;
        },
      ],
      [
        'too little stock',
        async (body: { lines: { quantity: number }[] }) => {
          body.lines[0].quantity = 6;
        },
      ],
    ])('refuses %s with the new quote and writes nothing', async (_name, spoil) => {
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      await spoil(body as never);
      const res = await postCheckout(t, cookie, randomUUID(), body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('CART_CHANGED');
      expect(res.json().quote.lines[0].problems.length).toBe(1);
      expect(await ordersOfBuyer(t.database.db, m.buyer.id)).toHaveLength(0);
      expect(await stockOf(m.listingA.id)).toBe(5);
    });

    it('refuses when the price changed after the quote, or the total the buyer agreed to differs', async () => {
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      await t.database.db.update(listings).set({ priceKurus: 41_000 }).where(eq(listings.id, m.listingA.id));
      const res = await postCheckout(t, cookie, randomUUID(), body);
      expect(res.statusCode).toBe(409);
      expect(res.json().quote.lines[0]).toMatchObject({ unitPriceKurus: 41_000, problems: ['price_changed'] });
      const fresh = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const wrongTotal = await postCheckout(t, cookie, randomUUID(), { ...fresh, expectedChargedKurus: 1 });
      expect(wrongTotal.statusCode).toBe(409);
      expect(await ordersOfBuyer(t.database.db, m.buyer.id)).toHaveLength(0);
    });

    it('gives each line its category’s VAT rate, stores it on the order line, and keeps it when the admin changes the rate', async () => {
      const db = t.database.db;
      const admin = await createUser(db, { role: 'admin' });
      const adminCookie = await signIn(t, admin);
      const setRates = async (vatRateBp: number, vatRatesByCategory: Record<string, number>) => {
        const res = await callApi(t, 'PUT', '/api/admin/settings', {
          cookie: adminCookie,
          payload: {
            vatRateBp,
            vatRatesByCategory,
            shippingFeeKurus: 2500,
            escrowDays: 15,
            lowStockThreshold: 10,
            adminNotificationEmail: null,
          },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      await db.update(listings).set({ kategori: 'gozluk' }).where(eq(listings.id, m.listingA.id));
      await db.update(listings).set({ kategori: 'lens' }).where(eq(listings.id, m.listingB.id));
      await setRates(2000, { lens: 1000 });
      try {
        const body = await checkoutBody(t, cookie, [
          { listingId: m.listingA.id, quantity: 2 },
          { listingId: m.listingB.id, quantity: 1 },
        ]);
        const res = await postCheckout(t, cookie, randomUUID(), body);
        expect(res.statusCode, res.body).toBe(201);
        const result: CheckoutResult = res.json();
        const placed = await db.select().from(orders).where(eq(orders.groupId, result.groupId));
        const items = await findGroupItems(db, result.groupId);
        const itemOf = (listingId: string) => items.find((i) => i.listingId === listingId)!;
        // A at 20 % on 825,00 − 16,50; B (lens) at 10 % on 1 250,50 − 25,01 = 1 225,49 → 122,549 → 122,55.
        expect(itemOf(m.listingA.id)).toMatchObject({ vatRateBp: 2000, vatKurus: 16_170 });
        expect(itemOf(m.listingB.id)).toMatchObject({ vatRateBp: 1000, vatKurus: 12_255 });
        // Each order's VAT is its own lines' VAT.
        for (const o of placed) {
          expect(o.vatKurus).toBe(items.filter((i) => i.orderId === o.id).reduce((sum, i) => sum + i.vatKurus!, 0));
        }
        const orderB = placed.find((o) => o.sellerId === m.sellerB.id)!;
        expect(orderB.totalKurus).toBe(125_050 - 2_501 + 12_255);
        expect(result.chargedKurus).toBe(placed.reduce((sum, o) => sum + o.totalKurus, 0));
        // The buyer's order page gets each line's rate and VAT, to show the VAT per rate.
        const detail = await callApi(t, 'GET', `/api/orders/${orderB.id}`, { cookie });
        expect(detail.statusCode, detail.body).toBe(200);
        expect(
          detail.json().items.map((i: { vatRateBp: number; vatKurus: number }) => [i.vatRateBp, i.vatKurus]),
        ).toEqual([[1000, 12_255]]);

        // A later change of the rates never reaches an order already placed.
        await setRates(2200, { lens: 100 });
        const itemsAfter = await findGroupItems(db, result.groupId);
        expect(itemsAfter.map((i) => [i.listingId, i.vatRateBp, i.vatKurus]).sort()).toEqual(
          items.map((i) => [i.listingId, i.vatRateBp, i.vatKurus]).sort(),
        );
        const placedAfter = await db.select().from(orders).where(eq(orders.groupId, result.groupId));
        expect(placedAfter.map((o) => [o.id, o.vatKurus, o.totalKurus]).sort()).toEqual(
          placed.map((o) => [o.id, o.vatKurus, o.totalKurus]).sort(),
        );
      } finally {
        // The database is shared by the file's tests.
        await setRates(2000, {});
      }
    });

    it('checks settings another instance changed against the database, whatever this instance’s quote cache holds', async () => {
      // The quote reads settings through a few-seconds cache; another instance's change is only in the database.
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const [{ shippingFeeKurus: before }] = await t.database.db.select().from(platformSettings);
      await t.database.db.update(platformSettings).set({ shippingFeeKurus: 3_000 });
      try {
        const res = await postCheckout(t, cookie, randomUUID(), body);
        expect(res.statusCode).toBe(409);
        expect(res.json().quote.settings.shippingFeeKurus).toBe(3_000);
        expect(await ordersOfBuyer(t.database.db, m.buyer.id)).toHaveLength(0);
      } finally {
        // The database is shared by the file's tests.
        await t.database.db.update(platformSettings).set({ shippingFeeKurus: before });
      }
    });

    it('refuses an inactive listing, the buyer’s own offer, an amount below the minimum and an empty cart', async () => {
      const db = t.database.db;
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      await db.update(listings).set({ status: 'Yayında Değil' }).where(eq(listings.id, m.listingA.id));
      expect((await postCheckout(t, cookie, randomUUID(), body)).json().quote.lines[0].problems).toEqual([
        'unavailable',
      ]);
      await db.update(listings).set({ status: 'Aktif', minOrderQty: 2 }).where(eq(listings.id, m.listingA.id));
      expect((await postCheckout(t, cookie, randomUUID(), body)).json().quote.lines[0].problems).toEqual([
        'below_minimum',
      ]);
      const sellerCookie = await signIn(t, m.sellerA);
      const own = await postCheckout(t, sellerCookie, randomUUID(), {
        ...body,
        lines: [{ ...body.lines[0], quantity: 2 }],
      });
      expect(own.json().quote.lines[0].problems).toEqual(['own_offer']);
      const empty = await postCheckout(t, cookie, randomUUID(), { ...body, lines: [] });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().error).toEqual({ code: 'CART_EMPTY', message: tm.checkout.emptyBody });
      expect(await db.select().from(orderGroups)).toSatisfy((rows: { buyerId: string }[]) =>
        rows.every((r) => r.buyerId !== m.buyer.id && r.buyerId !== m.sellerA.id),
      );
    });

    it('refuses a bad address with Turkish messages per field and a visitor with 401', async () => {
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const bad = await postCheckout(t, cookie, randomUUID(), {
        ...body,
        shippingAddress: { ...deliveryAddress, phone: '0212 111 22 33', city: 'Gotham', district: ' ' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toMatchObject({
        'shippingAddress.phone': tm.checkout.phoneInvalid,
        'shippingAddress.city': tm.checkout.cityRequired,
        'shippingAddress.district': tm.checkout.districtRequired,
      });
      const visitor = await callApi(t, 'POST', '/api/checkout', {
        payload: body,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(visitor.statusCode).toBe(401);
    });
  });

  describe('payment', () => {
    async function placeTwoSellerOrder() {
      const body = await checkoutBody(t, cookie, [
        { listingId: m.listingA.id, quantity: 2 },
        { listingId: m.listingB.id, quantity: 1 },
      ]);
      const res = await postCheckout(t, cookie, randomUUID(), body);
      expect(res.statusCode).toBe(201);
      return res.json() as CheckoutResult;
    }

    it('moves a paid group into escrow: orders paid_escrow with the escrow end, one balanced journal, notifications and mails', async () => {
      const placed = await placeTwoSellerOrder();
      const callback = await payWithSandbox(t, cookie, placed.paymentUrl);
      expect(callback.statusCode).toBe(303);
      expect(callback.headers.location).toBe(`/odeme/sonuc/${placed.groupId}`);

      const db = t.database.db;
      const status = (
        await callApi(t, 'GET', `/api/checkout/groups/${placed.groupId}`, { cookie })
      ).json<CheckoutGroupStatus>();
      expect(status).toMatchObject({ status: 'paid', failureMessage: null, paymentUrl: null });
      const paid = await db.select().from(orders).where(eq(orders.groupId, placed.groupId));
      // The result page lists each seller's order with its own number and amount; they add up to the charge.
      expect(status.orders.map((o) => o.orderNumber).sort()).toEqual(placed.orderNumbers.slice().sort());
      for (const order of status.orders) expect(order.totalKurus).toBe(paid.find((p) => p.id === order.id)!.totalKurus);
      expect(status.orders.reduce((sum, o) => sum + o.totalKurus, 0)).toBe(status.chargedKurus);
      expect(status.orders.every((o) => o.sellerHandle !== null)).toBe(true);
      for (const order of paid) {
        expect(order.status).toBe('paid_escrow');
        expect(order.escrowEndsAt!.getTime() - order.createdAt.getTime()).toBe(15 * 24 * 3600_000);
      }
      const [payment] = await db.select().from(payments).where(eq(payments.groupId, placed.groupId));
      expect(payment).toMatchObject({ status: 'succeeded', cardBrand: 'Mastercard', cardLastFour: '0008' });
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.account, PROVIDER_CLEARING_ACCOUNT));
      expect(entries.filter((e) => e.memo?.includes(placed.groupId)).map((e) => e.amountKurus)).toEqual([
        placed.chargedKurus,
      ]);
      await expectLedgerInvariants(db);

      const sellerNotes = await db.select().from(notifications).where(eq(notifications.userId, m.sellerA.id));
      // The new order, and (the seller has no IBAN yet) the ask for one at this first sale.
      expect(sellerNotes.map((n) => n.type).sort()).toEqual(['order_new', 'payout_iban_missing']);
      expect(sellerNotes.find((n) => n.type === 'order_new')).toMatchObject({ title: tm.notifications.newOrderTitle });
      const buyerNotes = await db.select().from(notifications).where(eq(notifications.userId, m.buyer.id));
      expect(buyerNotes).toMatchObject([{ type: 'payment_received', relatedId: placed.groupId }]);
      const buyerMail = await outboxTo(db, m.buyer.email);
      expect(buyerMail).toHaveLength(1);
      for (const n of placed.orderNumbers) expect(buyerMail[0].text).toContain(n);
      // The release rule as it is (decision 034), not a fixed "15 gün dolduğunda".
      expect(buyerMail[0].text).toContain(autoReleaseRule(15, 7));
      // Each order's money adds up in the mail as on the order page: goods, shipping, Peşin, VAT (per rate), total.
      const paidOrders = await db.select().from(orders).where(eq(orders.groupId, placed.groupId));
      for (const o of paidOrders) {
        const block = [
          `${tm.orders.subtotal}: ${formatKurus(o.subtotalKurus)}`,
          `${tm.orders.shipping}: ${formatKurus(o.shippingKurus)}`,
          `${tm.orders.cashDiscount}: ${formatKurus(-o.discountKurus)}`,
          `${tm.orders.vat} (%20): ${formatKurus(o.vatKurus)}`,
          `${tm.orders.total}: ${formatKurus(o.totalKurus)}`,
        ].join('\n');
        expect(o.subtotalKurus + o.shippingKurus + o.vatKurus - o.discountKurus).toBe(o.totalKurus);
        expect(buyerMail[0].text).toContain(block);
      }
      const sellerMail = (await outboxTo(db, m.sellerB.email)).find((mail) => mail.subject.includes('Yeni sipariş'))!;
      expect(sellerMail.text).toContain('Bağdat Caddesi No: 12 D: 3');
      expect(sellerMail.text).toContain(`@${m.buyer.handle}`);
      expect(sellerMail.text).toContain(tm.orders.cashDiscountBorneBySeller);
      const sellerOrder = paidOrders.find((o) => o.sellerId === m.sellerB.id)!;
      expectOrderButton(sellerMail, sellerOrderPath(sellerOrder.id));
    });

    it('captures once when the bank’s callback arrives twice, and the card number is stored nowhere', async () => {
      const placed = await placeTwoSellerOrder();
      const form = await reachCallbackForm(t, cookie, placed.paymentUrl);
      const [a, b] = await Promise.all([postCallback(t, form), postCallback(t, form)]);
      expect([a.statusCode, b.statusCode]).toEqual([303, 303]);
      await postCallback(t, form);
      const db = t.database.db;
      expect(await db.select().from(payments).where(eq(payments.groupId, placed.groupId))).toMatchObject([
        { status: 'succeeded' },
      ]);
      const clearing = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.account, PROVIDER_CLEARING_ACCOUNT));
      expect(clearing.filter((e) => e.memo?.includes(placed.groupId))).toHaveLength(1);
      expect(await db.select().from(notifications).where(eq(notifications.userId, m.buyer.id))).toHaveLength(1);
      await expectLedgerInvariants(db);
      const dump = JSON.stringify([
        await db.select().from(payments),
        await db.select().from(sandboxBankPayments),
        await db.select().from(orderGroups),
      ]);
      expect(dump).not.toContain('5528790000000008');
    });

    it('a declined card shows its reason, cancels the orders and returns the stock; the same cart can be bought again', async () => {
      const placed = await placeTwoSellerOrder();
      expect(await stockOf(m.listingA.id)).toBe(3);
      const callback = await payWithSandbox(t, cookie, placed.paymentUrl, INSUFFICIENT_FUNDS_CARD);
      expect(callback.headers.location).toBe(`/odeme/sonuc/${placed.groupId}`);
      const status = (await callApi(t, 'GET', `/api/checkout/groups/${placed.groupId}`, { cookie })).json();
      expect(status).toMatchObject({
        status: 'payment_failed',
        failureMessage: paymentPageMessages.failures.insufficient_funds,
      });
      expect(await stockOf(m.listingA.id)).toBe(5);
      expect(await stockOf(m.listingB.id)).toBe(3);
      const db = t.database.db;
      const cancelled = await db.select().from(orders).where(eq(orders.groupId, placed.groupId));
      expect(cancelled.map((o) => o.status)).toEqual(['cancelled', 'cancelled']);
      await expectLedgerInvariants(db);
      const retry = await placeTwoSellerOrder();
      expect((await payWithSandbox(t, cookie, retry.paymentUrl)).statusCode).toBe(303);
      expect(await stockOf(m.listingA.id)).toBe(3);
      await expectLedgerInvariants(db);
    });

    it('"Tekrar Dene" after a declined card, with the same cart and key, starts a new checkout instead of replaying the failed one', async () => {
      const key = randomUUID();
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const first = await postCheckout(t, cookie, key, body);
      expect(first.statusCode).toBe(201);
      const failed = first.json<CheckoutResult>();
      await payWithSandbox(t, cookie, failed.paymentUrl, INSUFFICIENT_FUNDS_CARD);
      const retry = await postCheckout(t, cookie, key, body);
      expect(retry.statusCode).toBe(201);
      const fresh = retry.json<CheckoutResult>();
      expect(fresh.groupId).not.toBe(failed.groupId);
      expect(await stockOf(m.listingA.id)).toBe(4);
      // The new checkout is payable, and its key now replays it (a double click stays one group).
      expect((await postCheckout(t, cookie, key, body)).json()).toEqual(fresh);
      expect((await payWithSandbox(t, cookie, fresh.paymentUrl)).statusCode).toBe(303);
      await expectLedgerInvariants(t.database.db);
    });

    it('a cancellation posted without the bank page (only the payment id, no cookie) changes nothing; "Vazgeç" on the page says so in its own words', async () => {
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
      const db = t.database.db;
      const [payment] = await db.select().from(payments).where(eq(payments.groupId, placed.groupId));
      const forged = await postCallback(t, {
        action: `${testOrigin}/api/payments/callback/sandbox`,
        fields: { conversationId: payment.id, status: 'cancelled', mdStatus: '0' },
      });
      expect(forged.statusCode).toBe(303);
      const group = async () =>
        (await callApi(t, 'GET', `/api/checkout/groups/${placed.groupId}`, { cookie })).json<CheckoutGroupStatus>();
      expect(await group()).toMatchObject({ status: 'awaiting_payment', failureMessage: null });
      expect(await stockOf(m.listingA.id)).toBe(4);

      // The bank page's own "Vazgeç" ends it, with its own message (not the 15-minute one).
      const start = await callApi(t, 'GET', placed.paymentUrl, { cookie });
      const page = await t.app.inject({ method: 'GET', url: start.headers.location as string });
      const cancel = readPostForm(page.body, paymentPageMessages.cancel);
      expect((await postCallback(t, cancel)).statusCode).toBe(303);
      expect(await group()).toMatchObject({
        status: 'payment_failed',
        failureMessage: paymentPageMessages.failures.cancelled,
      });
      expect(await stockOf(m.listingA.id)).toBe(5);
    });

    it('back from the bank page, the buyer cancels the unpaid checkout: stock back at once, nothing charged later, only the buyer, only once', async () => {
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 2 }]);
      const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
      // The buyer reached the bank's 3-D Secure step, then went back.
      const form = await reachCallbackForm(t, cookie, placed.paymentUrl);
      expect(await stockOf(m.listingA.id)).toBe(3);
      const db = t.database.db;
      const [order] = await db.select().from(orders).where(eq(orders.groupId, placed.groupId));
      const listed = (await callApi(t, 'GET', '/api/orders?page=1&pageSize=50', { cookie })).json();
      expect(listed.orders.find((o: { id: string }) => o.id === order.id).actions).toEqual(['cancelPayment']);

      const cancelPath = `/api/checkout/groups/${placed.groupId}/cancel`;
      const stranger = await signIn(t, m.sellerA);
      expect((await callApi(t, 'POST', cancelPath, { cookie: stranger })).statusCode).toBe(404);
      expect((await callApi(t, 'POST', cancelPath)).statusCode).toBe(401);
      const cancelled = await callApi(t, 'POST', cancelPath, { cookie });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toEqual({ message: tm.checkout.cancelled });
      expect(await stockOf(m.listingA.id)).toBe(5);
      const status = (await callApi(t, 'GET', `/api/checkout/groups/${placed.groupId}`, { cookie })).json();
      expect(status).toMatchObject({
        status: 'payment_failed',
        failureMessage: paymentPageMessages.failures.cancelled,
      });
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.map((e) => e.action)).toContain('payment_cancelled');
      const again = await callApi(t, 'POST', cancelPath, { cookie });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(tm.checkout.cancelNotPossible);

      // The bank page left open still posts its answer: nothing is captured.
      await postCallback(t, form);
      const [payment] = await db.select().from(payments).where(eq(payments.groupId, placed.groupId));
      expect(payment).toMatchObject({ status: 'failed', failureCode: 'cancelled' });
      const [bank] = await db
        .select()
        .from(sandboxBankPayments)
        .where(eq(sandboxBankPayments.conversationId, payment.id));
      expect(bank.status).not.toBe('captured');
      await expectLedgerInvariants(db);
    });

    it('going to the payment page again (reload, Back) leads to the same bank page', async () => {
      const placed = await placeTwoSellerOrder();
      const first = await callApi(t, 'GET', placed.paymentUrl, { cookie });
      const again = await callApi(t, 'GET', placed.paymentUrl, { cookie });
      expect([first.statusCode, again.statusCode]).toEqual([303, 303]);
      expect(again.headers.location).toBe(first.headers.location);
      expect((await payWithSandbox(t, cookie, placed.paymentUrl)).statusCode).toBe(303);
      await expectLedgerInvariants(t.database.db);
    });

    it('only the buyer may see the group or go to its payment page', async () => {
      const placed = await placeTwoSellerOrder();
      const other = await signIn(t, m.sellerA);
      expect((await callApi(t, 'GET', `/api/checkout/groups/${placed.groupId}`, { cookie: other })).statusCode).toBe(
        404,
      );
      expect((await callApi(t, 'GET', placed.paymentUrl, { cookie: other })).statusCode).toBe(404);
    });
  });

  describe('reservation expiry', () => {
    it('returns the stock of an unpaid checkout after 15 minutes, exactly once, and a late payment is voided', async () => {
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 2 }]);
      const placed: CheckoutResult = (await postCheckout(t, cookie, randomUUID(), body)).json();
      const form = await reachCallbackForm(t, cookie, placed.paymentUrl);
      const db = t.database.db;
      t.clock.advance(14 * 60_000);
      expect(await expireReservations(db, t.clock)).toBe(0);
      t.clock.advance(2 * 60_000);
      // Earlier tests' unpaid checkouts expire with it; the second sweep finds nothing left.
      expect(await expireReservations(db, t.clock)).toBeGreaterThanOrEqual(1);
      expect(await expireReservations(db, t.clock)).toBe(0);
      expect(await stockOf(m.listingA.id)).toBe(5);
      const [group] = await db.select().from(orderGroups).where(eq(orderGroups.id, placed.groupId));
      expect(group.status).toBe('expired');
      // The bank answers after the reservation ended: the payment is not authorised at all.
      await postCallback(t, form);
      const [payment] = await db.select().from(payments).where(eq(payments.groupId, placed.groupId));
      expect(payment).toMatchObject({ status: 'failed', failureCode: 'abandoned' });
      const [bank] = await db
        .select()
        .from(sandboxBankPayments)
        .where(eq(sandboxBankPayments.conversationId, payment.id));
      expect(bank.status).not.toBe('captured');
      expect(await stockOf(m.listingA.id)).toBe(5);
      const status = (await callApi(t, 'GET', `/api/checkout/groups/${placed.groupId}`, { cookie })).json();
      expect(status.status).toBe('expired');
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.groupId, placed.groupId), eq(orders.status, 'cancelled')));
      expect(order).toBeDefined();
      // The buyer is told, once, with the way back to the cart.
      const told = await db.select().from(notifications).where(eq(notifications.relatedId, order.id));
      expect(told).toEqual([
        expect.objectContaining({
          userId: m.buyer.id,
          type: 'order_cancelled',
          title: tm.notifications.paymentExpiredTitle,
          message: tm.notifications.paymentExpiredBody(order.orderNumber),
          actionUrl: '/sepet',
        }),
      ]);
      await expectLedgerInvariants(db);
    });

    it('voids a capture that completes while the sweep expires its reservation', async () => {
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const placed: CheckoutResult = (await postCheckout(t, cookie, randomUUID(), body)).json();
      const form = await reachCallbackForm(t, cookie, placed.paymentUrl);
      const db = t.database.db;
      const [payment] = await db.select().from(payments).where(eq(payments.groupId, placed.groupId));
      // The provider captures (the callback's call is under way) ...
      const itemIds = (await db.select().from(orders).where(eq(orders.groupId, placed.groupId))).map((o) => o.id);
      const outcome = await t.app.payments.completePayment({
        conversationId: payment.id,
        callbackBody: form.fields,
        expected: { conversationId: payment.id, amountKurus: payment.amountKurus, itemIds },
      });
      if (outcome.status !== 'succeeded') throw new Error(`expected a capture, got ${outcome.status}`);
      // ... while the sweep ends the reservation; then the callback records the outcome.
      t.clock.advance(16 * 60_000);
      await expireReservations(db, t.clock);
      await settleOutcome(
        { db, clock: t.clock, provider: t.app.payments, appUrl: 'http://localhost:3000', log: t.app.log },
        payment.id,
        placed.groupId,
        outcome,
      );
      const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
      expect(after.status).toBe('failed');
      const ops = await db
        .select()
        .from(sandboxBankOperations)
        .where(eq(sandboxBankOperations.conversationId, payment.id));
      expect(ops.map((op) => op.kind)).toEqual(['cancel']);
      expect(await stockOf(m.listingA.id)).toBe(5);
      await expectLedgerInvariants(db);
    });
  });
});
