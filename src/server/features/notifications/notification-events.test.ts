import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { notificationMessages as nm } from '#shared/messages/notifications.tr.ts';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createUser, outboxTo, signIn } from '../../../../test/factories.ts';
import { expectOrderButton } from '../../../../test/mail.ts';
import { checkoutBody, createMarket, payWithSandbox, postCheckout } from '../../../../test/trading.ts';
import { pngBytes, postApplication, uniqueFields } from '../applications/applications.fixtures.ts';
import { listings } from '../../db/schema/listings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { orders } from '../../db/schema/orders.ts';
import { userSettings } from '../../db/schema/user-settings.ts';
import { cancelOverdueUnshippedOrders } from '../fulfilment/fulfilment.service.ts';
import { runProviderJobs } from '../fulfilment/provider-jobs.service.ts';
import { notifyExpiringListings } from '../listings/listing-notices.service.ts';

type Market = Awaited<ReturnType<typeof createMarket>>;
const DAY_MS = 24 * 3600_000;

describeEachDatabase('notifications of trading events', (kind) => {
  const t = useTestApp(kind);
  let m: Market;
  let buyer: string;
  let seller: string;

  beforeEach(async () => {
    t.clock.reset();
    // Listing A starts at 11: a sale of 2 takes it below the default threshold of 10.
    m = await createMarket(t.database.db, { a: { stock: 11 } });
    [buyer, seller] = await Promise.all([signIn(t, m.buyer), signIn(t, m.sellerA)]);
  });

  const db = () => t.database.db;
  const runJobs = () => runProviderJobs({ db: db(), clock: t.clock, provider: t.app.payments, log: t.app.log });
  const notesOf = (userId: string, type?: string) =>
    db()
      .select()
      .from(notifications)
      .where(
        type ? and(eq(notifications.userId, userId), eq(notifications.type, type)) : eq(notifications.userId, userId),
      );
  const mailsTo = async (address: string, subject: string) =>
    (await outboxTo(db(), address)).filter((mail) => mail.subject === subject);
  const settings = (userId: string, values: Partial<typeof userSettings.$inferInsert>) =>
    db()
      .insert(userSettings)
      .values({ userId, updatedAt: t.clock.now(), ...values });

  async function paidOrder(quantity = 2) {
    const body = await checkoutBody(t, buyer, [{ listingId: m.listingA.id, quantity }]);
    const res = await postCheckout(t, buyer, randomUUID(), body);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json() as CheckoutResult;
    expect((await payWithSandbox(t, buyer, placed.paymentUrl)).statusCode).toBe(303);
    const [order] = await db().select().from(orders).where(eq(orders.groupId, placed.groupId));
    return order;
  }
  // The sellers wait for their "Onayla" (the default), so every order is accepted before it ships.
  const accept = (id: string) => callApi(t, 'POST', `/api/orders/${id}/accept`, { cookie: seller, payload: {} });
  const ship = (id: string) =>
    callApi(t, 'POST', `/api/orders/${id}/ship`, {
      cookie: seller,
      payload: { cargoCompany: 'aras', trackingNumber: 'ARS-123456' },
    });

  it('a sale, its shipping, confirmation and release each notify their side with a link, and mail by the rules', async () => {
    const order = await paidOrder(2);
    // Every order event links to the order itself: the buyer's /siparislerim/:id, the seller's orders tab with it open.
    const sellerLink = `/dashboard?tab=orders&order=${order.id}`;
    const [sold] = await notesOf(m.sellerA.id, 'order_new');
    expect(sold.actionUrl).toBe(sellerLink);
    const [paid] = await notesOf(m.buyer.id, 'payment_received');
    expect(paid.actionUrl).toBe(`/siparislerim/${order.id}`);
    // The checkout's own mails (not notification mails) link there too.
    const mailed = async (address: string, link: string) =>
      (await outboxTo(db(), address)).some((mail) => mail.text.includes(`http://localhost:3000${link}`));
    expect(await mailed(m.buyer.email, `/siparislerim/${order.id}`)).toBe(true);
    expect(await mailed(m.sellerA.email, sellerLink)).toBe(true);

    // Low stock: 11 → 9 crosses the threshold of 10, once.
    const [low] = await notesOf(m.sellerA.id, 'stock_low');
    expect(low).toMatchObject({
      title: nm.events.stockLowTitle,
      relatedId: m.listingA.id,
      actionUrl: '/dashboard/products?filter=low-stock',
    });
    expect(low.message).toContain('9 adet');
    expect(await mailsTo(m.sellerA.email, nm.events.stockLowTitle)).toHaveLength(1);

    expect((await accept(order.id)).statusCode).toBe(200);
    const [accepted] = await notesOf(m.buyer.id, 'order_accepted');
    expect(accepted).toMatchObject({ title: tm.notifications.acceptedTitle, actionUrl: `/siparislerim/${order.id}` });
    expect(await mailsTo(m.buyer.email, tm.notifications.acceptedTitle)).toHaveLength(1);
    expect((await ship(order.id)).statusCode).toBe(200);
    const [shipped] = await notesOf(m.buyer.id, 'order_shipped');
    expect(shipped.message).toContain('ARS-123456');
    expect(shipped.actionUrl).toBe(`/siparislerim/${order.id}`);
    const [shippedMail] = await mailsTo(m.buyer.email, tm.notifications.shippedTitle);
    expect(shippedMail.text).toContain('ARS-123456');
    // Every notification mail says where to change the preference.
    expect(shippedMail.text).toContain('http://localhost:3000/settings');
    expect(shippedMail.html).toContain('href="http://localhost:3000/settings"');
    // It names the carrier, never its code, and opens that order.
    expect(shippedMail.text).toContain('Aras Kargo');
    expectOrderButton(shippedMail, `/siparislerim/${order.id}`);

    const res = await callApi(t, 'POST', `/api/orders/${order.id}/confirm-delivery`, { cookie: buyer, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const [confirmed] = await notesOf(m.sellerA.id, 'order_delivery_confirmed');
    expect(confirmed).toMatchObject({ title: tm.notifications.deliveryConfirmedTitle, actionUrl: sellerLink });
    const [confirmedMail] = await mailsTo(m.sellerA.email, tm.notifications.deliveryConfirmedTitle);
    expectOrderButton(confirmedMail, sellerLink);

    expect(await runJobs()).toBe(1);
    const [released] = await notesOf(m.sellerA.id, 'money_released');
    expect(released).toMatchObject({ title: nm.events.moneyReleasedTitle, relatedId: order.id, actionUrl: sellerLink });
    expect(released.message).toContain(order.orderNumber);
    const releasedMails = await mailsTo(m.sellerA.email, nm.events.moneyReleasedTitle);
    expect(releasedMails).toHaveLength(1);
    expectOrderButton(releasedMails[0], sellerLink);
    // Events whose service sends its own mail are not mailed twice.
    expect(await mailsTo(m.sellerA.email, tm.notifications.newOrderTitle)).toHaveLength(0);
  });

  it('a sale that leaves stock at or above the threshold tells nobody about stock', async () => {
    await paidOrder(1);
    expect(await notesOf(m.sellerA.id, 'stock_low')).toEqual([]);
  });

  it('the stored toggles decide optional mails; money events are mailed whatever they say', async () => {
    await settings(m.buyer.id, { emailNotifications: false });
    await settings(m.sellerA.id, { emailNotifications: true, stockAlerts: false });
    const order = await paidOrder(2);
    // Stock alerts off: the notification is there, its mail is not.
    expect(await notesOf(m.sellerA.id, 'stock_low')).toHaveLength(1);
    expect(await mailsTo(m.sellerA.email, nm.events.stockLowTitle)).toEqual([]);
    expect((await accept(order.id)).statusCode).toBe(200);
    expect(await notesOf(m.buyer.id, 'order_accepted')).toHaveLength(1);
    expect(await mailsTo(m.buyer.email, tm.notifications.acceptedTitle)).toEqual([]);
    expect((await ship(order.id)).statusCode).toBe(200);
    expect(await notesOf(m.buyer.id, 'order_shipped')).toHaveLength(1);
    expect(await mailsTo(m.buyer.email, tm.notifications.shippedTitle)).toEqual([]);

    // The buyer's refund is money: mailed although the buyer turned e-mail off.
    await db().update(userSettings).set({ emailNotifications: false }).where(eq(userSettings.userId, m.sellerA.id));
    const unshipped = await paidOrder(1);
    expect((await accept(unshipped.id)).statusCode).toBe(200);
    t.clock.advance(40 * DAY_MS);
    // (Earlier tests' unshipped orders fall due too: the file shares one database.)
    expect(await cancelOverdueUnshippedOrders(db(), t.clock, { appUrl: 'http://localhost:3000' })).toBeGreaterThan(0);
    expect(await runJobs()).toBeGreaterThan(0);
    const [refunded] = await notesOf(m.buyer.id, 'order_refunded');
    expect(refunded).toMatchObject({ relatedId: unshipped.id, actionUrl: `/siparislerim/${unshipped.id}` });
    expect(await mailsTo(m.buyer.email, nm.events.refundedTitle)).toHaveLength(1);
    // The cancellation's own mails open the order on each side.
    const lapsed = (await outboxTo(db(), m.sellerA.email)).filter((mail) => mail.relatedTo === `order:${unshipped.id}`);
    expect(lapsed.some((mail) => mail.text.includes(`/dashboard?tab=orders&order=${unshipped.id}`))).toBe(true);
  });

  it('the miat sweep tells the seller once per listing within 30 days, and again after a new miat', async () => {
    const start = t.clock.now().getTime();
    const day = (offset: number) => new Date(start + offset * DAY_MS).toISOString().slice(0, 10);
    await db()
      .update(listings)
      .set({ miad: day(20) })
      .where(eq(listings.id, m.listingA.id));
    await db()
      .update(listings)
      .set({ miad: day(45) })
      .where(eq(listings.id, m.listingB.id));
    expect(await notifyExpiringListings(db(), t.clock)).toBe(1);
    expect(await notifyExpiringListings(db(), t.clock)).toBe(0);
    const [note] = await notesOf(m.sellerA.id, 'listing_expiring');
    expect(note).toMatchObject({ relatedId: m.listingA.id, actionUrl: '/dashboard/products' });
    expect(await notesOf(m.sellerB.id, 'listing_expiring')).toEqual([]);
    // Saving the listing with its miat unchanged keeps the notice; a new miat brings it back.
    const edit = (miad: string) =>
      callApi(t, 'PATCH', `/api/listings/${m.listingA.id}`, {
        cookie: seller,
        payload: { productId: m.listingA.productId, stock: 11, priceKurus: 40_000, miad },
      });
    expect((await edit(day(20))).statusCode).toBe(200);
    expect(await notifyExpiringListings(db(), t.clock)).toBe(0);
    expect((await edit(day(25))).statusCode).toBe(200);
    expect(await notifyExpiringListings(db(), t.clock)).toBe(1);
    expect(await notesOf(m.sellerA.id, 'listing_expiring')).toHaveLength(2);
    // Seller B's listing comes within 30 days as time passes: told then, once.
    t.clock.set(new Date(start + 20 * DAY_MS));
    expect(await notifyExpiringListings(db(), t.clock)).toBe(1);
    expect(await notesOf(m.sellerB.id, 'listing_expiring')).toHaveLength(1);
  });

  it('admins hear of a new membership application', async () => {
    const admin = await createUser(db(), { role: 'admin' });
    const res = await postApplication(t, uniqueFields({ storeName: 'Yeni Başvuru Optik' }), {
      name: 'levha.png',
      bytes: pngBytes,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [note] = await notesOf(admin.id, 'application_new');
    expect(note.message).toBe(nm.events.applicationBody('Yeni Başvuru Optik'));
    expect(note.actionUrl).toBe('/admin/applications');
    expect(await notesOf(m.buyer.id, 'application_new')).toEqual([]);
  });
});
