import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { notificationMessages as nm } from '#shared/messages/notifications.tr.ts';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import type { CartQuote } from '#shared/schemas/checkout.ts';
import type { SellerListingList } from '#shared/schemas/listings.ts';
import type { BrowseResult, ProductDetail } from '#shared/schemas/marketplace.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, outboxTo, signIn } from '../../../../test/factories.ts';
import { checkoutBody, createMarket, ordersOfBuyer, postCheckout, quote } from '../../../../test/trading.ts';
import { listings } from '../../db/schema/listings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { notifyExpiringListings } from './listing-notices.service.ts';

// The miat (expiry) rule on the server: a listing sells up to and including its miat day (Turkish
// time, the app's clock) and not after it (decision 033).

/** 15 January 2026, 23:00 in Istanbul: still the miat day of a listing whose miat is 2026-01-15. */
const MIAT_DAY_LATE = new Date('2026-01-15T20:00:00Z');
/** 16 January 2026, 00:30 in Istanbul (still the 15th in UTC): that miat was yesterday. */
const DAY_AFTER_EARLY = new Date('2026-01-15T21:30:00Z');

describeEachDatabase('listings past their miat', (kind) => {
  const t = useTestApp(kind);
  let m: Awaited<ReturnType<typeof createMarket>>;
  let buyer: string;
  let seller: string;

  beforeEach(async () => {
    t.clock.set(MIAT_DAY_LATE);
    m = await createMarket(t.database.db, { a: { miad: '2026-01-15' }, b: { miad: '2026-01-16' } });
    [buyer, seller] = await Promise.all([signIn(t, m.buyer), signIn(t, m.sellerA)]);
  });

  const offerIds = async (productId: string) => {
    const res = await callApi(t, 'GET', `/api/marketplace/products/${productId}`, { cookie: buyer });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductDetail>().offers.map((o) => o.listingId);
  };
  const browseIds = async () => {
    const res = await callApi(t, 'GET', '/api/marketplace/listings?pageSize=100', { cookie: buyer });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BrowseResult>().items.map((i) => i.productId);
  };

  it('sells on its miat day and is quoted as not buyable, with the reason, from the next Istanbul day', async () => {
    const lines = [{ listingId: m.listingA.id, quantity: 1 }];
    const onMiatDay: CartQuote = await quote(t, buyer, lines);
    expect(onMiatDay.isReady).toBe(true);
    expect(onMiatDay.lines[0].problems).toEqual([]);

    t.clock.set(DAY_AFTER_EARLY);
    const after: CartQuote = await quote(t, buyer, lines);
    expect(after.isReady).toBe(false);
    expect(after.lines[0]).toMatchObject({ problems: ['expired'], unitPriceKurus: null });
    expect(after.price?.chargedKurus).toBe(0);
    expect(tm.cart.problems.expired).toBe('Miadı geçmiş: bu ürün satın alınamaz.');
    // Listing B's miat is that new day: it still sells.
    expect((await quote(t, buyer, [{ listingId: m.listingB.id, quantity: 1 }])).isReady).toBe(true);
  });

  it('refuses the checkout of a past-miat listing with a Turkish reason, creating no order and taking no stock', async () => {
    const body = await checkoutBody(t, buyer, [{ listingId: m.listingA.id, quantity: 2 }]);
    t.clock.set(DAY_AFTER_EARLY);
    const res = await postCheckout(t, buyer, randomUUID(), body);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CART_CHANGED', message: tm.checkout.expiredRefused });
    expect(res.json().quote.lines[0].problems).toEqual(['expired']);
    expect(await ordersOfBuyer(t.database.db, m.buyer.id)).toHaveLength(0);
    const [row] = await t.database.db
      .select({ stock: listings.stock })
      .from(listings)
      .where(eq(listings.id, m.listingA.id));
    expect(row.stock).toBe(5);
    // On the miat day itself the same checkout goes through.
    t.clock.set(MIAT_DAY_LATE);
    const ok = await postCheckout(t, buyer, randomUUID(), await checkoutBody(t, buyer, body.lines));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('is not offered on the product page, or in browsing once its miat has passed', async () => {
    expect(await offerIds(m.listingA.productId!)).toEqual([m.listingA.id]);
    expect(await browseIds()).toContain(m.listingA.productId);
    t.clock.set(DAY_AFTER_EARLY);
    expect(await offerIds(m.listingA.productId!)).toEqual([]);
    // The browse result cached on the miat day is not answered the next day.
    expect(await browseIds()).not.toContain(m.listingA.productId);
    expect(await browseIds()).toContain(m.listingB.productId);
  });

  it('tells the seller once, by notification and e-mail, and marks the listing in the seller’s list', async () => {
    t.clock.set(DAY_AFTER_EARLY);
    expect(await notifyExpiringListings(t.database.db, t.clock)).toBeGreaterThanOrEqual(1);
    const mine = await callApi(t, 'GET', '/api/listings/mine', { cookie: seller });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<SellerListingList>().items.find((l) => l.id === m.listingA.id)?.isMiadPast).toBe(true);
    await notifyExpiringListings(t.database.db, t.clock);
    t.clock.set(new Date('2026-01-17T09:00:00Z'));
    await notifyExpiringListings(t.database.db, t.clock);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.sellerA.id), eq(notifications.type, 'listing_expired')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      relatedId: m.listingA.id,
      title: nm.events.expiredTitle,
      actionUrl: '/dashboard/products',
    });
    expect(notes[0].message).toContain('15.01.2026');
    const mails = (await outboxTo(t.database.db, m.sellerA.email)).filter((r) => r.subject === nm.events.expiredTitle);
    expect(mails).toHaveLength(1);
  });
});
