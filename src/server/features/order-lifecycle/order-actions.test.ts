import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createUser, signIn } from '../../../../test/factories.ts';
import { checkoutBody, createMarket, payWithSandbox, postCheckout } from '../../../../test/trading.ts';
import { orders } from '../../db/schema/orders.ts';

type Market = Awaited<ReturnType<typeof createMarket>>;

describeEachDatabase('order actions', (kind) => {
  const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '100000' } });
  const s = {} as { m: Market; buyer: string; seller: string; admin: string };

  beforeEach(async () => {
    t.clock.reset();
    s.m = await createMarket(t.database.db, { a: { stock: 10 } });
    const admin = await createUser(t.database.db, { role: 'admin' });
    [s.buyer, s.seller, s.admin] = await Promise.all([signIn(t, s.m.buyer), signIn(t, s.m.sellerA), signIn(t, admin)]);
  });

  /** Seller A's order (automatic approval off, the default), paid through the real checkout and sandbox bank. */
  async function paidOrderId(): Promise<string> {
    const body = await checkoutBody(t, s.buyer, [{ listingId: s.m.listingA.id, quantity: 1 }]);
    const placed = (await postCheckout(t, s.buyer, randomUUID(), body)).json() as CheckoutResult;
    expect((await payWithSandbox(t, s.buyer, placed.paymentUrl)).statusCode).toBe(303);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.groupId, placed.groupId));
    return order.id;
  }

  /** What each view answers as the order's actions: the buyer's list and detail, the seller's list and detail, the admin desk. */
  async function actionsOf(id: string) {
    const get = async (path: string, cookie: string) => {
      const res = await callApi(t, 'GET', path, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const buyerList = await get('/api/orders?page=1&pageSize=10', s.buyer);
    const buyerDetail = await get(`/api/orders/${id}`, s.buyer);
    const sellerList = await get('/api/seller/orders', s.seller);
    const sellerDetail = await get(`/api/seller/orders/${id}`, s.seller);
    const admin = await get(`/api/admin/orders/${id}`, s.admin);
    const buyer = buyerList.orders.find((o: { id: string }) => o.id === id).actions;
    const seller = sellerList.rows.find((r: { orderId: string }) => r.orderId === id).actions;
    // The list and the detail answer the same.
    expect(buyerDetail.actions).toEqual(buyer);
    expect(sellerDetail.actions).toEqual(seller);
    return { buyer, seller, admin: admin.actions };
  }

  /** What the buyer's and the seller's views (list and detail alike) say the order is, besides its actions. */
  async function factsOf(id: string) {
    const get = async (path: string, cookie: string) => (await callApi(t, 'GET', path, { cookie })).json();
    const buyerList = (await get('/api/orders?page=1&pageSize=10', s.buyer)).orders.find(
      (o: { id: string }) => o.id === id,
    );
    const buyerDetail = await get(`/api/orders/${id}`, s.buyer);
    const sellerList = (await get('/api/seller/orders', s.seller)).rows.find(
      (r: { orderId: string }) => r.orderId === id,
    );
    const sellerDetail = await get(`/api/seller/orders/${id}`, s.seller);
    const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
    const buyerKeys = ['awaitingAcceptance', 'hasDispute', 'isReviewable'];
    const sellerKeys = ['awaitingAcceptance', 'hasDispute'];
    expect(pick(buyerDetail, buyerKeys)).toEqual(pick(buyerList, buyerKeys));
    expect(pick(sellerDetail, sellerKeys)).toEqual(pick(sellerList, sellerKeys));
    return { buyer: pick(buyerList, buyerKeys), seller: pick(sellerList, sellerKeys) };
  }

  const post = (path: string, cookie: string, payload: object = {}) => callApi(t, 'POST', path, { cookie, payload });
  const shipment = { cargoCompany: 'aras', trackingNumber: 'ARS-123456' };

  it('a paid order awaiting approval: the seller may accept (not ship), the buyer may only dispute', async () => {
    const id = await paidOrderId();
    expect(await actionsOf(id)).toEqual({ buyer: ['dispute'], seller: ['accept'], admin: [] });
    // What the lists leave out, the endpoints refuse; neither side may use the other's verbs.
    expect((await post(`/api/orders/${id}/ship`, s.seller, shipment)).statusCode).toBe(409);
    expect((await post(`/api/orders/${id}/accept`, s.buyer)).statusCode).toBe(404);
    expect((await post(`/api/orders/${id}/confirm-delivery`, s.seller)).statusCode).toBe(404);
    // Confirmation is for goods that were shipped: it would release the money at once.
    const early = await post(`/api/orders/${id}/confirm-delivery`, s.buyer);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: 'INVALID_STATUS_TRANSITION', message: tm.fulfilment.notShippedYet });
  });

  it('after acceptance the seller sees ship and the buyer still cannot confirm; once shipped the seller sees nothing and the buyer may confirm or dispute', async () => {
    const id = await paidOrderId();
    expect((await post(`/api/orders/${id}/accept`, s.seller)).statusCode).toBe(200);
    expect(await actionsOf(id)).toEqual({ buyer: ['dispute'], seller: ['ship'], admin: [] });
    expect((await post(`/api/orders/${id}/accept`, s.seller)).statusCode).toBe(409);
    expect((await post(`/api/orders/${id}/confirm-delivery`, s.buyer)).statusCode).toBe(409);
    const [accepted] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(accepted).toMatchObject({ status: 'paid_escrow', deliveryConfirmedAt: null, releasedAt: null });

    expect((await post(`/api/orders/${id}/ship`, s.seller, shipment)).statusCode).toBe(200);
    expect(await actionsOf(id)).toEqual({ buyer: ['confirmDelivery', 'dispute'], seller: [], admin: [] });
    expect((await post(`/api/orders/${id}/ship`, s.seller, shipment)).statusCode).toBe(409);

    expect((await post(`/api/orders/${id}/confirm-delivery`, s.buyer)).statusCode).toBe(200);
    expect(await actionsOf(id)).toEqual({ buyer: [], seller: [], admin: [] });
    expect(
      (
        await post(`/api/orders/${id}/dispute`, s.buyer, {
          reason: 'damaged',
          description: 'Kırık geldi, iki çerçeve.',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('a disputed order: only the admin may decide, and the decision leaves no verb', async () => {
    const id = await paidOrderId();
    const report = { reason: 'damaged', description: 'Çerçevelerin ikisi de kırık geldi.' };
    expect((await post(`/api/orders/${id}/dispute`, s.buyer, report)).statusCode).toBe(201);
    expect(await actionsOf(id)).toEqual({
      buyer: [],
      seller: [],
      admin: ['refundFully', 'refundPartly', 'releaseDisputed'],
    });
    expect((await post(`/api/orders/${id}/confirm-delivery`, s.buyer)).statusCode).toBe(409);

    const decide = { decision: 'release', reason: 'Ürün sağlam teslim edilmiş.' };
    const decided = await post(`/api/admin/disputes/${id}/decide`, s.admin, decide);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await actionsOf(id)).toEqual({ buyer: [], seller: [], admin: [] });
    expect((await post(`/api/admin/disputes/${id}/decide`, s.admin, decide)).statusCode).toBe(409);
  });

  it('the views say whether the order awaits approval, has a dispute and may be rated, from the server', async () => {
    const id = await paidOrderId();
    expect(await factsOf(id)).toEqual({
      buyer: { awaitingAcceptance: true, hasDispute: false, isReviewable: false },
      seller: { awaitingAcceptance: true, hasDispute: false },
    });

    expect((await post(`/api/orders/${id}/accept`, s.seller)).statusCode).toBe(200);
    expect(await factsOf(id)).toEqual({
      buyer: { awaitingAcceptance: false, hasDispute: false, isReviewable: false },
      seller: { awaitingAcceptance: false, hasDispute: false },
    });

    const report = { reason: 'damaged', description: 'Çerçevelerin ikisi de kırık geldi.' };
    expect((await post(`/api/orders/${id}/dispute`, s.buyer, report)).statusCode).toBe(201);
    expect(await factsOf(id)).toEqual({
      buyer: { awaitingAcceptance: false, hasDispute: true, isReviewable: false },
      seller: { awaitingAcceptance: false, hasDispute: true },
    });

    // A decided dispute stays on the order (its outcome is still shown); released money makes it reviewable.
    const decide = { decision: 'release', reason: 'Ürün sağlam teslim edilmiş.' };
    expect((await post(`/api/admin/disputes/${id}/decide`, s.admin, decide)).statusCode).toBe(200);
    expect(await factsOf(id)).toEqual({
      buyer: { awaitingAcceptance: false, hasDispute: true, isReviewable: true },
      seller: { awaitingAcceptance: false, hasDispute: true },
    });
  });

  it('an order never disputed has no dispute, also once its delivery is confirmed and it may be rated', async () => {
    const id = await paidOrderId();
    expect((await post(`/api/orders/${id}/accept`, s.seller)).statusCode).toBe(200);
    expect((await post(`/api/orders/${id}/ship`, s.seller, shipment)).statusCode).toBe(200);
    expect((await post(`/api/orders/${id}/confirm-delivery`, s.buyer)).statusCode).toBe(200);
    expect(await factsOf(id)).toEqual({
      buyer: { awaitingAcceptance: false, hasDispute: false, isReviewable: true },
      seller: { awaitingAcceptance: false, hasDispute: false },
    });
  });
});
