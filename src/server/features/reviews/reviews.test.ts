import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { reviewMessages as rm } from '#shared/messages/reviews.tr.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { orderStatuses, releasedOrderStatuses } from '#shared/status.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import {
  callApi,
  createCatalogueProduct,
  createListing,
  createOrderFixture,
  createUser,
  signIn,
} from '../../../../test/factories.ts';
import {
  checkoutBody,
  createMarket,
  payWithSandbox,
  postCheckout,
  setAutoOrderApproval,
} from '../../../../test/trading.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { orders } from '../../db/schema/orders.ts';
import { reviews } from '../../db/schema/reviews.ts';

type Market = Awaited<ReturnType<typeof createMarket>>;
const DAY_MS = 24 * 3600_000;

describeEachDatabase('reviews', (kind) => {
  const t = useTestApp(kind);
  let m: Market;
  let buyer: string;
  let seller: string;
  let otherSeller: string;

  beforeEach(async () => {
    t.clock.reset();
    m = await createMarket(t.database.db);
    [buyer, seller, otherSeller] = await Promise.all([signIn(t, m.buyer), signIn(t, m.sellerA), signIn(t, m.sellerB)]);
    // Seller A ships paid orders at once (no "Onayla" step in these tests).
    await setAutoOrderApproval(t, seller, true);
  });

  const db = () => t.database.db;
  const postReview = (
    cookie: string | undefined,
    orderId: string,
    payload: object = { rating: 4, comment: 'Hızlı kargo.' },
  ) => callApi(t, 'POST', `/api/orders/${orderId}/review`, { cookie, payload });
  const editReview = (cookie: string, id: string, payload: object) =>
    callApi(t, 'PATCH', `/api/reviews/${id}`, { cookie, payload });
  const reply = (cookie: string, id: string, text: string) =>
    callApi(t, 'POST', `/api/reviews/${id}/reply`, { cookie, payload: { reply: text } });
  const orderReview = (cookie: string, orderId: string) =>
    callApi(t, 'GET', `/api/orders/${orderId}/review`, { cookie });

  /** Seller A's order, paid through the real checkout and sandbox bank. */
  async function paidOrder() {
    const body = await checkoutBody(t, buyer, [{ listingId: m.listingA.id, quantity: 1 }]);
    const res = await postCheckout(t, buyer, randomUUID(), body);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json() as CheckoutResult;
    expect((await payWithSandbox(t, buyer, placed.paymentUrl)).statusCode).toBe(303);
    const [order] = await db().select().from(orders).where(eq(orders.groupId, placed.groupId));
    return order;
  }

  /** An order of seller A's in a given status, inserted directly (the status matrix and averages). */
  const orderIn = (status: string, buyerId = m.buyer.id) =>
    createOrderFixture(db(), { buyerId, sellerId: m.sellerA.id, status }).then((f) => f.order);

  it('after delivery confirmation the buyer rates the seller once; the seller is notified with a link to the store page', async () => {
    const order = await paidOrder();
    const early = await postReview(buyer, order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: 'INVALID_STATUS_TRANSITION', message: rm.errors.notEligible });
    expect((await orderReview(buyer, order.id)).json()).toEqual({ review: null, canReview: false, canReply: false });

    const shipped = await callApi(t, 'POST', `/api/orders/${order.id}/ship`, {
      cookie: seller,
      payload: { cargoCompany: 'aras', trackingNumber: 'ARS-123456' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const confirmed = await callApi(t, 'POST', `/api/orders/${order.id}/confirm-delivery`, {
      cookie: buyer,
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await orderReview(buyer, order.id)).json()).toMatchObject({ review: null, canReview: true });

    const res = await postReview(buyer, order.id, { rating: 5, comment: '  Ürünler eksiksiz geldi.  ' });
    expect(res.statusCode, res.body).toBe(201);
    const review = res.json();
    expect(review).toMatchObject({
      orderId: order.id,
      rating: 5,
      comment: 'Ürünler eksiksiz geldi.',
      buyerHandle: m.buyer.handle,
      reply: null,
      editableUntil: new Date(t.clock.now().getTime() + 14 * DAY_MS).toISOString(),
    });

    const notes = await db().select().from(notifications).where(eq(notifications.userId, m.sellerA.id));
    const note = notes.find((n) => n.type === 'review_received');
    expect(note).toMatchObject({
      title: rm.notification.title,
      message: rm.notification.message(order.orderNumber, 5),
      relatedId: order.id,
      actionUrl: `/magaza/${m.sellerA.handle}#degerlendirmeler`,
    });

    const again = await postReview(buyer, order.id, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'CONFLICT', message: rm.errors.alreadyReviewed });
    expect(await db().select().from(reviews).where(eq(reviews.orderId, order.id))).toHaveLength(1);

    expect((await orderReview(buyer, order.id)).json()).toMatchObject({ canReview: true, canReply: false });
    expect((await orderReview(seller, order.id)).json()).toMatchObject({
      review: { id: review.id },
      canReview: false,
      canReply: true,
    });
    expect((await orderReview(otherSeller, order.id)).statusCode).toBe(404);
  });

  it('only orders whose money reached the seller can be rated (confirmed, released, partly refunded, completed)', async () => {
    const order = await orderIn('paid_escrow');
    const outcomes: Record<string, number> = {};
    for (const status of orderStatuses) {
      await db().update(orders).set({ status }).where(eq(orders.id, order.id));
      const res = await postReview(buyer, order.id);
      outcomes[status] = res.statusCode;
      if (res.statusCode === 409) expect(res.json().error.message).toBe(rm.errors.notEligible);
      await db().delete(reviews).where(eq(reviews.orderId, order.id));
    }
    expect(outcomes).toEqual(
      Object.fromEntries(
        orderStatuses.map((s) => [s, (releasedOrderStatuses as readonly string[]).includes(s) ? 201 : 409]),
      ),
    );
  });

  it("nobody rates someone else's order: another store gets 404, the seller its own store 403, a visitor 401", async () => {
    const order = await orderIn('delivery_confirmed');
    const other = await postReview(otherSeller, order.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('ORDER_NOT_FOUND');
    const own = await postReview(seller, order.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toEqual({ code: 'FORBIDDEN', message: rm.errors.ownStore });
    expect((await postReview(undefined, order.id)).statusCode).toBe(401);
    expect((await postReview(buyer, randomUUID())).statusCode).toBe(404);
    expect(await db().select().from(reviews).where(eq(reviews.orderId, order.id))).toEqual([]);
  });

  it('checks stars and the comment with Turkish messages', async () => {
    const order = await orderIn('completed');
    for (const rating of [0, 6, 3.5, '5', null]) {
      const res = await postReview(buyer, order.id, { rating, comment: '' });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.body).toContain(rm.validation.ratingRequired);
    }
    const long = await postReview(buyer, order.id, { rating: 3, comment: 'ı'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(rm.validation.commentTooLong);
    const longest = await postReview(buyer, order.id, { rating: 3, comment: 'ı'.repeat(1000) });
    expect(longest.statusCode, longest.body).toBe(201);
    const noComment = await postReview(buyer, (await orderIn('released')).id, { rating: 2 });
    expect(noComment.statusCode, noComment.body).toBe(201);
    expect(noComment.json().comment).toBe('');
  });

  it('the buyer edits the review for 14 days, nobody else ever', async () => {
    // Sessions end 7 days after sign-in (real time), so the review is written in the clock's past instead.
    const start = t.clock.now().getTime();
    t.clock.set(new Date(start - 14 * DAY_MS + 60_000));
    const order = await orderIn('delivery_confirmed');
    const created = (await postReview(buyer, order.id, { rating: 2, comment: 'Geç geldi.' })).json();

    t.clock.set(new Date(start)); // 13 days, 23 hours and 59 minutes later
    const edited = await editReview(buyer, created.id, { rating: 4, comment: 'Satıcı sorunu çözdü.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 4, comment: 'Satıcı sorunu çözdü.', createdAt: created.createdAt });
    expect(edited.json().updatedAt).toBe(t.clock.now().toISOString());

    const bySeller = await editReview(seller, created.id, { rating: 5 });
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json().error.message).toBe(rm.errors.notYourReview);
    expect((await editReview(otherSeller, created.id, { rating: 5 })).statusCode).toBe(403);
    expect((await editReview(buyer, created.id, { rating: 9 })).statusCode).toBe(400);
    expect((await editReview(buyer, randomUUID(), { rating: 5 })).statusCode).toBe(404);

    t.clock.advance(60_000); // exactly 14 days
    const late = await editReview(buyer, created.id, { rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({ code: 'CONFLICT', message: rm.errors.editWindowClosed });
    expect((await orderReview(buyer, order.id)).json()).toMatchObject({ review: { rating: 4 }, canReview: false });
  });

  it('the seller answers once; the buyer and other stores cannot', async () => {
    const order = await orderIn('delivery_confirmed');
    const created = (await postReview(buyer, order.id)).json();
    expect((await reply(buyer, created.id, 'Ben de cevap vereyim')).json().error.message).toBe(rm.errors.notYourStore);
    expect((await reply(otherSeller, created.id, 'Araya giriyorum')).statusCode).toBe(403);
    const empty = await reply(seller, created.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(rm.validation.replyRequired);
    expect((await reply(seller, created.id, 'x'.repeat(1001))).body).toContain(rm.validation.replyTooLong);

    const answered = await reply(seller, created.id, 'Teşekkür ederiz, yine bekleriz.');
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      reply: 'Teşekkür ederiz, yine bekleriz.',
      repliedAt: t.clock.now().toISOString(),
    });
    const twice = await reply(seller, created.id, 'Bir daha');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual({ code: 'CONFLICT', message: rm.errors.alreadyReplied });
    expect((await orderReview(seller, order.id)).json()).toMatchObject({ canReply: false });
  });

  describe('ratings and the store page', () => {
    /** Seller A rated 5, 4, 4 and 4 by four orders of two buyers: 4.25, shown rounded half up as 4.3. */
    async function rateSellerA() {
      const secondBuyer = await createUser(db(), { name: 'İkinci Alıcı' });
      const second = await signIn(t, secondBuyer);
      const given: [string, string, number][] = [
        [buyer, m.buyer.id, 5],
        [buyer, m.buyer.id, 4],
        [second, secondBuyer.id, 4],
        [second, secondBuyer.id, 4],
      ];
      for (const [cookie, buyerId, rating] of given) {
        const order = await orderIn('delivery_confirmed', buyerId);
        t.clock.advance(60_000);
        expect((await postReview(cookie, order.id, { rating, comment: `${rating} yıldız` })).statusCode).toBe(201);
      }
    }

    const productPage = async (cookie?: string) => {
      const res = await callApi(t, 'GET', `/api/marketplace/products/${m.listingA.productId}`, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    it("offers carry the seller's exact average and count; unrated sellers none", async () => {
      const before = (await productPage(buyer)).offers[0];
      expect(before).toMatchObject({ sellerRating: null, sellerReviewCount: 0, sellerSlug: m.sellerA.handle });
      await rateSellerA();
      expect((await productPage(buyer)).offers[0]).toMatchObject({ sellerRating: 4.3, sellerReviewCount: 4 });
      // Visitors see ratings too (only prices are for members).
      expect((await productPage()).offers[0]).toMatchObject({ sellerRating: 4.3, priceKurus: null });
      const b = await callApi(t, 'GET', `/api/marketplace/products/${m.listingB.productId}`, { cookie: buyer });
      expect(b.json().offers[0]).toMatchObject({ sellerRating: null, sellerReviewCount: 0 });
      expect(rm.ratingSummary(4.3, 4)).toBe('4,3 (4)');

      const store = await callApi(t, 'GET', `/api/stores/${m.sellerA.handle}`);
      expect(store.json().rating).toEqual({ average: 4.3, count: 4 });
    });

    it("shows the store's name, member since, rating, reviews (paginated, newest first) and active listings", async () => {
      await rateSellerA();
      const visitor = await callApi(t, 'GET', `/api/stores/${m.sellerA.handle}`);
      expect(visitor.statusCode, visitor.body).toBe(200);
      expect(visitor.json()).toEqual({
        id: m.sellerA.id,
        slug: m.sellerA.handle,
        handle: m.sellerA.handle,
        name: 'Satıcı A Optik',
        city: null,
        memberSince: expect.any(String),
        rating: { average: 4.3, count: 4 },
        isOwner: false,
      });
      expect((await callApi(t, 'GET', `/api/stores/${m.sellerA.handle}`, { cookie: seller })).json().isOwner).toBe(
        true,
      );

      const list = (await callApi(t, 'GET', `/api/stores/${m.sellerA.handle}/reviews`)).json();
      expect(list).toMatchObject({ total: 4, page: 1, pageCount: 1 });
      expect(list.items.map((r: { rating: number }) => r.rating)).toEqual([4, 4, 4, 5]);
      expect(list.items.every((r: { canReply: boolean }) => !r.canReply)).toBe(true);
      const owned = (await callApi(t, 'GET', `/api/stores/${m.sellerA.handle}/reviews`, { cookie: seller })).json();
      expect(owned.items.every((r: { canReply: boolean }) => r.canReply)).toBe(true);
      const page2 = (await callApi(t, 'GET', `/api/stores/${m.sellerA.handle}/reviews?page=2`)).json();
      expect(page2).toMatchObject({ items: [], total: 4, page: 2 });

      const asVisitor = (await callApi(t, 'GET', `/api/stores/${m.sellerA.handle}/listings`)).json();
      expect(asVisitor).toMatchObject({ total: 1, pricesVisible: false });
      expect(asVisitor.items[0]).toMatchObject({ listingId: m.listingA.id, priceKurus: null });
      const asMember = (await callApi(t, 'GET', `/api/stores/${m.sellerA.handle}/listings`, { cookie: buyer })).json();
      expect(asMember.items[0]).toMatchObject({ listingId: m.listingA.id, priceKurus: 40_000 });
    });

    it('answers 404 for an unknown slug, an odd one and an admin account', async () => {
      const admin = await createUser(db(), { role: 'admin', publicSlug: 'yonetim' });
      for (const slug of ['yok-boyle-magaza', 'Büyük Harf', 'yonetim']) {
        const res = await callApi(t, 'GET', `/api/stores/${encodeURIComponent(slug)}`);
        expect(res.statusCode, slug).toBe(404);
        expect(res.json().error.message).toBe(rm.errors.storeNotFound);
      }
      expect(admin.role).toBe('admin');
      expect((await callApi(t, 'GET', `/api/stores/yonetim/listings`)).statusCode).toBe(404);
    });
  });

  it('lists every catalogue brand with its active listing count and initials, in Turkish order', async () => {
    const [cizgi, dalga, cam] = await Promise.all(
      ['Çizgi Işık', 'Dalga', 'Cam Ustası'].map((brand) => createCatalogueProduct(db(), { brand })),
    );
    await createListing(db(), m.sellerA, cizgi);
    await createListing(db(), m.sellerB, cizgi);
    await createListing(db(), m.sellerB, cizgi, { status: 'Yayında Değil' });
    await createListing(db(), m.sellerA, dalga, { status: 'Yayında Değil' });
    await createCatalogueProduct(db(), { brand: 'Önerilen Marka', status: 'pending' });
    void cam;

    const res = await callApi(t, 'GET', '/api/marketplace/brands');
    expect(res.statusCode, res.body).toBe(200);
    const brands: { name: string; initials: string; listingCount: number }[] = res.json().brands;
    const mine = brands.filter((b) => ['Cam Ustası', 'Çizgi Işık', 'Dalga', 'Önerilen Marka'].includes(b.name));
    expect(mine).toEqual([
      { name: 'Cam Ustası', initials: 'CU', listingCount: 0 },
      { name: 'Çizgi Işık', initials: 'ÇI', listingCount: 2 },
      { name: 'Dalga', initials: 'DA', listingCount: 0 },
    ]);
  });
});
