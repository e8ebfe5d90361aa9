import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { disputeMessages as dm } from '#shared/messages/disputes.tr.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { photosMultipartBody, testPng } from '../../../../test/photos.ts';
import { callApi, createUser, outboxTo, signIn } from '../../../../test/factories.ts';
import { expectOrderButton } from '../../../../test/mail.ts';
import { orderPath, sellerOrderPath } from '#shared/site-paths.ts';
import {
  checkoutBody,
  createMarket,
  expectLedgerInvariants,
  payWithSandbox,
  postCheckout,
} from '../../../../test/trading.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { listings } from '../../db/schema/listings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { adminDisputes, orderEvents, orders, providerJobs } from '../../db/schema/orders.ts';
import { sandboxBankOperations } from '../../db/schema/payments.ts';
import { findOrderPaymentItem } from '../fulfilment/provider-jobs.repo.ts';
import { runProviderJobs } from '../fulfilment/provider-jobs.service.ts';
import { escalateDueDisputes } from './disputes-admin.service.ts';

type Market = Awaited<ReturnType<typeof createMarket>>;

const png = () => testPng({ r: 200, g: 30, b: 30 });
const DAY = 24 * 3600_000;

describeEachDatabase('disputes', (kind) => {
  const t = useTestApp(kind);
  let m: Market;
  let buyerCookie: string;
  let sellerCookie: string;

  beforeEach(async () => {
    t.clock.reset();
    m = await createMarket(t.database.db);
    buyerCookie = await signIn(t, m.buyer);
    sellerCookie = await signIn(t, m.sellerA);
  });

  /** A paid order of 2 × listing A (seller A), through checkout and the sandbox bank. */
  async function paidOrder() {
    const body = await checkoutBody(t, buyerCookie, [{ listingId: m.listingA.id, quantity: 2 }]);
    const res = await postCheckout(t, buyerCookie, randomUUID(), body);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json() as CheckoutResult;
    expect((await payWithSandbox(t, buyerCookie, placed.paymentUrl)).statusCode).toBe(303);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.groupId, placed.groupId));
    expect(order.status).toBe('paid_escrow');
    return order;
  }

  const report = (orderId: string, cookie: string | undefined = buyerCookie, payload: object = validReport) =>
    callApi(t, 'POST', `/api/orders/${orderId}/dispute`, { cookie, payload });
  const validReport = { reason: 'damaged', description: 'Çerçevelerin ikisi de kırık geldi.' };

  async function disputedOrder() {
    const order = await paidOrder();
    const res = await report(order.id);
    expect(res.statusCode, res.body).toBe(201);
    return order;
  }

  async function adminCookie() {
    const admin = await createUser(t.database.db, { role: 'admin' });
    return { admin, cookie: await signIn(t, admin) };
  }

  const runJobs = () =>
    runProviderJobs({ db: t.database.db, clock: t.clock, provider: t.app.payments, log: t.app.log });

  async function bankOperations(orderId: string) {
    const db = t.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    // Each order is one item of its group's payment; the item is the order's provider transaction.
    const item = await findOrderPaymentItem(db, orderId);
    const ops = await db
      .select()
      .from(sandboxBankOperations)
      .where(eq(sandboxBankOperations.providerTransactionId, item!.providerTransactionId));
    const jobs = await db.select().from(providerJobs).where(eq(providerJobs.orderId, orderId));
    return { order, ops, jobs };
  }

  const stockOf = async (id: string) =>
    (await t.database.db.select({ stock: listings.stock }).from(listings).where(eq(listings.id, id)))[0].stock;

  describe('reporting a problem', () => {
    it('moves a paid order to disputed, opens the dispute for 3 days and tells both sides', async () => {
      const order = await paidOrder();
      const res = await report(order.id);
      expect(res.statusCode, res.body).toBe(201);
      const now = t.clock.now();
      expect(res.json()).toMatchObject({
        orderId: order.id,
        reason: 'damaged',
        status: 'open',
        customerMessage: validReport.description,
        answerDueAt: new Date(now.getTime() + 3 * DAY).toISOString(),
      });

      const db = t.database.db;
      const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(after).toMatchObject({ status: 'disputed', disputeReason: 'damaged' });
      expect(after.refundRequestedAt?.toISOString()).toBe(now.toISOString());
      const [row] = await db.select().from(adminDisputes).where(eq(adminDisputes.orderId, order.id));
      expect(row.status).toBe('open');
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.map((e) => e.action)).toContain('dispute_opened');

      const notes = await db.select().from(notifications).where(eq(notifications.relatedId, order.id));
      const byType = Object.fromEntries(notes.map((n) => [n.type, n.userId]));
      expect(byType.dispute_reported).toBe(m.sellerA.id);
      expect(byType.dispute_created).toBe(m.buyer.id);
      const buyerNote = notes.find((n) => n.type === 'dispute_created')!;
      expect(buyerNote.message).toContain('yönetici tarafından incelenecek');

      const buyerMail = (await outboxTo(db, m.buyer.email)).find((r) => r.template === 'dispute_created')!;
      expectOrderButton(buyerMail, orderPath(order.id));
      const sellerMail = (await outboxTo(db, m.sellerA.email)).find((r) => r.template === 'dispute_created')!;
      expect(sellerMail.subject).toBe(dm.mail.reportedSubject(order.orderNumber));
      expect(sellerMail.text).toContain(dm.reasons.damaged);
      expectOrderButton(sellerMail, sellerOrderPath(order.id));
      // Nothing moves money until someone decides.
      expect((await bankOperations(order.id)).jobs).toEqual([]);
    });

    it('lets only the buyer report: the seller and another member get 404, a visitor 401', async () => {
      const order = await paidOrder();
      expect((await report(order.id, sellerCookie)).statusCode).toBe(404);
      expect((await report(order.id, await signIn(t, m.sellerB))).statusCode).toBe(404);
      const visitor = await callApi(t, 'POST', `/api/orders/${order.id}/dispute`, { payload: validReport });
      expect(visitor.statusCode).toBe(401);
      const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after.status).toBe('paid_escrow');
    });

    it('refuses a blank description, an unknown reason and a second report, with their Turkish texts', async () => {
      const order = await paidOrder();
      const blank = await report(order.id, buyerCookie, { reason: 'damaged', description: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.message).toBe(dm.descriptionRequired);
      const long = await report(order.id, buyerCookie, { reason: 'damaged', description: 'x'.repeat(2001) });
      expect(long.json().error.message).toBe(dm.descriptionTooLong);
      const reason = await report(order.id, buyerCookie, { reason: 'late', description: 'Geç geldi' });
      expect(reason.statusCode).toBe(400);
      expect(reason.json().error.message).toBe(dm.reasonRequired);

      expect((await report(order.id)).statusCode).toBe(201);
      const again = await report(order.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(dm.orderNotDisputable);
    });

    it("stops only the disputed order: the other seller's order of the same checkout stays in escrow", async () => {
      const body = await checkoutBody(t, buyerCookie, [
        { listingId: m.listingA.id, quantity: 1 },
        { listingId: m.listingB.id, quantity: 1 },
      ]);
      const placed = (await postCheckout(t, buyerCookie, randomUUID(), body)).json() as CheckoutResult;
      expect((await payWithSandbox(t, buyerCookie, placed.paymentUrl)).statusCode).toBe(303);
      const group = await t.database.db.select().from(orders).where(eq(orders.groupId, placed.groupId));
      const orderA = group.find((o) => o.sellerId === m.sellerA.id)!;
      const orderB = group.find((o) => o.sellerId === m.sellerB.id)!;
      expect((await report(orderA.id)).statusCode).toBe(201);
      const [afterB] = await t.database.db.select().from(orders).where(eq(orders.id, orderB.id));
      expect(afterB).toMatchObject({ status: 'paid_escrow', refundRequestedAt: null, disputeReason: null });
      expect(await stockOf(m.listingB.id)).toBe(2);
      // The disputed order keeps all its money in escrow; the other is untouched.
      await expectLedgerInvariants(t.database.db);
      expect((await callApi(t, 'GET', `/api/orders/${orderB.id}/dispute`, { cookie: buyerCookie })).statusCode).toBe(
        404,
      );
    });

    it('shows the dispute to its buyer and seller only', async () => {
      const order = await disputedOrder();
      const path = `/api/orders/${order.id}/dispute`;
      expect((await callApi(t, 'GET', path, { cookie: buyerCookie })).json().status).toBe('open');
      expect((await callApi(t, 'GET', path, { cookie: sellerCookie })).json().reason).toBe('damaged');
      expect((await callApi(t, 'GET', path, { cookie: await signIn(t, m.sellerB) })).statusCode).toBe(404);
    });
  });

  describe('seller answer and agreement', () => {
    const answer = (orderId: string, cookie: string, payload: object) =>
      callApi(t, 'POST', `/api/orders/${orderId}/dispute/answer`, { cookie, payload });

    it('lets only the seller answer, needs a statement and caps the offer at the escrowed amount', async () => {
      const order = await disputedOrder();
      expect((await answer(order.id, buyerCookie, { statement: 'Ben satıcıyım' })).statusCode).toBe(404);
      const blank = await answer(order.id, sellerCookie, { statement: ' ' });
      expect(blank.json().error.message).toBe(dm.statementRequired);
      const tooMuch = await answer(order.id, sellerCookie, {
        statement: 'İade ederim',
        offerKurus: order.totalKurus + 1,
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().error.message).toBe(dm.amountTooHigh);

      const ok = await answer(order.id, sellerCookie, { statement: 'Kargoda kırılmış olabilir.', offerKurus: 10_000 });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'seller_answered', sellerOfferKurus: 10_000 });
      expect((await answer(order.id, sellerCookie, { statement: 'Tekrar' })).statusCode).toBe(409);
    });

    it('resolves by agreement when the buyer accepts a partial offer: refund and release of the rest', async () => {
      const order = await disputedOrder();
      await answer(order.id, sellerCookie, { statement: 'Birini iade edelim.', offerKurus: 20_000 });
      const answered = (await outboxTo(t.database.db, m.buyer.email)).filter((r) => r.template === 'dispute_answered');
      for (const mail of answered) expectOrderButton(mail, orderPath(order.id));
      expect(answered.map((r) => r.text.includes('₺200,00 iade teklif ediyor'))).toContain(true);
      const accept = (cookie: string) => callApi(t, 'POST', `/api/orders/${order.id}/dispute/accept-offer`, { cookie });
      expect((await accept(sellerCookie)).statusCode).toBe(404);
      const res = await accept(buyerCookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'resolved', decision: 'partial_refund', decisionKurus: 20_000 });
      expect((await accept(buyerCookie)).statusCode).toBe(409);

      expect(await runJobs()).toBe(2);
      const { order: after, ops } = await bankOperations(order.id);
      expect(after).toMatchObject({ status: 'partially_refunded', refundedKurus: 20_000 });
      expect(after.releasedAt).not.toBeNull();
      expect(ops.filter((o) => o.kind === 'refund').map((o) => o.amountKurus)).toEqual([20_000]);
      expect(ops.filter((o) => o.kind === 'approve')).toHaveLength(1);
      await expectLedgerInvariants(t.database.db);
      // The buyer sees the refund on the order, in the list and the detail.
      const list = (await callApi(t, 'GET', '/api/orders', { cookie: buyerCookie })).json();
      expect(list.orders.find((o: { id: string }) => o.id === order.id)).toMatchObject({ refundedKurus: 20_000 });
      const detail = (await callApi(t, 'GET', `/api/orders/${order.id}`, { cookie: buyerCookie })).json();
      expect(detail).toMatchObject({ status: 'partially_refunded', refundedKurus: 20_000 });
    });

    it('refuses to accept when there is no offer', async () => {
      const order = await disputedOrder();
      await answer(order.id, sellerCookie, { statement: 'Ürün sağlam gönderildi.' });
      const res = await callApi(t, 'POST', `/api/orders/${order.id}/dispute/accept-offer`, { cookie: buyerCookie });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(dm.noOffer);
    });
  });

  describe('photos', () => {
    const postMultipart = (path: string, cookie: string, body: ReturnType<typeof photosMultipartBody>) =>
      callApi(t, 'POST', path, { cookie, ...body });

    it('stores up to 3 photos re-encoded, and serves them to the buyer, the seller and admins only', async () => {
      const order = await paidOrder();
      const body = photosMultipartBody(validReport, [
        { name: 'kirik.png', content: await png() },
        { name: 'kutu.png', content: await png() },
      ]);
      const res = await postMultipart(`/api/orders/${order.id}/dispute`, buyerCookie, body);
      expect(res.statusCode, res.body).toBe(201);
      const photos: string[] = res.json().customerPhotos;
      expect(photos).toHaveLength(2);
      const path = `/api/orders/${order.id}/dispute/photos/${photos[0]}`;
      const { cookie: admin } = await adminCookie();
      for (const cookie of [buyerCookie, sellerCookie, admin]) {
        const served = await callApi(t, 'GET', path, { cookie });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
      }
      expect((await callApi(t, 'GET', path, { cookie: await signIn(t, m.sellerB) })).statusCode).toBe(404);
      const unknown = `/api/orders/${order.id}/dispute/photos/${'0'.repeat(32)}`;
      expect((await callApi(t, 'GET', unknown, { cookie: buyerCookie })).statusCode).toBe(404);
    });

    it('refuses a fourth photo and a file that is no image, leaving the order as it was', async () => {
      const order = await paidOrder();
      const four = await Promise.all([1, 2, 3, 4].map(async (i) => ({ name: `p${i}.png`, content: await png() })));
      const tooMany = await postMultipart(
        `/api/orders/${order.id}/dispute`,
        buyerCookie,
        photosMultipartBody(validReport, four),
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.message).toBe(dm.tooManyPhotos);
      const fake = photosMultipartBody(validReport, [{ name: 'x.png', content: Buffer.from('not an image at all') }]);
      const notImage = await postMultipart(`/api/orders/${order.id}/dispute`, buyerCookie, fake);
      expect(notImage.statusCode).toBe(415);
      const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after.status).toBe('paid_escrow');
    });

    it("takes the seller's answer as a form with a photo and an offer", async () => {
      const order = await disputedOrder();
      const body = photosMultipartBody({ statement: 'Paketleme sağlamdı.', offerKurus: '5000' }, [
        { name: 'paket.png', content: await png() },
      ]);
      const res = await postMultipart(`/api/orders/${order.id}/dispute/answer`, sellerCookie, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'seller_answered', sellerOfferKurus: 5000 });
      expect(res.json().sellerPhotos).toHaveLength(1);
      const path = `/api/orders/${order.id}/dispute/photos/${res.json().sellerPhotos[0]}`;
      expect((await callApi(t, 'GET', path, { cookie: buyerCookie })).statusCode).toBe(200);
    });
  });

  describe('escalation sweep', () => {
    it('escalates an unanswered dispute after 3 days, once', async () => {
      const waitingAdmin = await createUser(t.database.db, { role: 'admin' });
      const order = await disputedOrder();
      const status = async () =>
        (await t.database.db.select().from(adminDisputes).where(eq(adminDisputes.orderId, order.id)))[0].status;
      t.clock.advance(3 * DAY - 1000);
      await escalateDueDisputes(t.database.db, t.clock);
      expect(await status()).toBe('open');
      t.clock.advance(1000);
      expect(await escalateDueDisputes(t.database.db, t.clock)).toBeGreaterThanOrEqual(1);
      expect(await status()).toBe('escalated');
      // A second sweep finds nothing left to move.
      expect(await escalateDueDisputes(t.database.db, t.clock)).toBe(0);
      const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.filter((e) => e.action === 'dispute_escalated')).toHaveLength(1);
      const { cookie } = await adminCookie();
      const list = await callApi(t, 'GET', '/api/admin/disputes', { cookie });
      expect(list.json().waiting).toBeGreaterThanOrEqual(1);
      expect(list.json().items.find((d: { orderId: string }) => d.orderId === order.id).status).toBe('escalated');
      // Both sides are told and mailed; the admins are told it waits for them.
      const db = t.database.db;
      const notesOf = (userId: string, type: string) =>
        db
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.userId, userId), eq(notifications.type, type), eq(notifications.relatedId, order.id)),
          );
      expect(await notesOf(m.buyer.id, 'dispute_escalated')).toHaveLength(1);
      expect(await notesOf(m.sellerA.id, 'dispute_escalated')).toHaveLength(1);
      expect(await notesOf(waitingAdmin.id, 'dispute_waiting')).toMatchObject([
        { title: dm.notifications.waitingTitle, actionUrl: `/admin/disputes?order=${order.id}` },
      ]);
      const mails = (await outboxTo(db, m.buyer.email)).filter((mail) => mail.template === 'dispute_escalated');
      expect(mails).toHaveLength(1);
    });

    it('escalates an answered dispute the buyer did not accept within 3 days of the answer', async () => {
      const order = await disputedOrder();
      t.clock.advance(2 * DAY);
      // Two days on, the seller signs in again (a session lapses after a day unused) and answers.
      const answer = await callApi(t, 'POST', `/api/orders/${order.id}/dispute/answer`, {
        cookie: await signIn(t, m.sellerA),
        payload: { statement: 'Teklifim var', offerKurus: 5_000 },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      t.clock.advance(2 * DAY);
      await escalateDueDisputes(t.database.db, t.clock);
      const status = async () =>
        (await t.database.db.select().from(adminDisputes).where(eq(adminDisputes.orderId, order.id)))[0].status;
      expect(await status()).toBe('seller_answered');
      t.clock.advance(DAY);
      await escalateDueDisputes(t.database.db, t.clock);
      expect(await status()).toBe('escalated');
    });
  });

  describe('admin decisions', () => {
    const decide = (orderId: string, cookie: string, payload: object) =>
      callApi(t, 'POST', `/api/admin/disputes/${orderId}/decide`, { cookie, payload });

    it('lets only admins see and decide', async () => {
      const order = await disputedOrder();
      const payload = { decision: 'release', reason: 'Kargo hasarı kanıtlanmadı' };
      expect((await decide(order.id, buyerCookie, payload)).statusCode).toBe(403);
      expect((await decide(order.id, sellerCookie, payload)).statusCode).toBe(403);
      expect((await callApi(t, 'GET', '/api/admin/disputes', { cookie: buyerCookie })).statusCode).toBe(403);
      expect((await callApi(t, 'GET', `/api/admin/disputes/${order.id}`, { cookie: sellerCookie })).statusCode).toBe(
        403,
      );
    });

    it('needs a reason, and a partial amount above zero and below the escrowed amount', async () => {
      const order = await disputedOrder();
      const { cookie } = await adminCookie();
      const noReason = await decide(order.id, cookie, { decision: 'release', reason: '  ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error.message).toBe(dm.decisionReasonRequired);
      for (const amountKurus of [undefined, order.totalKurus, order.totalKurus + 1]) {
        const res = await decide(order.id, cookie, { decision: 'partial_refund', amountKurus, reason: 'Kısmi' });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(dm.partialAmountRange);
      }
      expect(
        (await decide(order.id, cookie, { decision: 'partial_refund', amountKurus: 0, reason: 'x' })).statusCode,
      ).toBe(400);
      const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after.status).toBe('disputed');
    });

    it('refunds in full and returns the stock: order refunded, bank refund of the total, audit row, both told', async () => {
      const order = await disputedOrder();
      expect(await stockOf(m.listingA.id)).toBe(3);
      const { admin, cookie } = await adminCookie();
      const detail = await callApi(t, 'GET', `/api/admin/disputes/${order.id}`, { cookie });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json()).toMatchObject({
        escrowedKurus: order.totalKurus,
        customerMessage: validReport.description,
      });
      expect(detail.json().lines).toHaveLength(1);
      expect(detail.json().events.map((e: { action: string }) => e.action)).toContain('dispute_opened');

      const res = await decide(order.id, cookie, { decision: 'full_refund', reason: 'Ürün hasarlı', restock: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'resolved',
        decision: 'full_refund',
        decisionKurus: order.totalKurus,
      });
      expect(await stockOf(m.listingA.id)).toBe(5);

      expect(await runJobs()).toBe(1);
      const { order: after, ops } = await bankOperations(order.id);
      expect(after).toMatchObject({ status: 'refunded', refundedKurus: order.totalKurus, releasedAt: null });
      expect(ops.map((o) => [o.kind, o.amountKurus])).toEqual([['refund', order.totalKurus]]);
      await expectLedgerInvariants(t.database.db);

      const audit = await t.database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.actorId, admin.id), eq(adminAuditLog.action, 'dispute_decided')));
      expect(audit).toHaveLength(1);
      const told = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.relatedId, order.id), eq(notifications.type, 'dispute_resolved')));
      expect(told.map((n) => n.userId).sort()).toEqual([m.buyer.id, m.sellerA.id].sort());
      expect((await outboxTo(t.database.db, m.sellerA.email)).map((r) => r.template)).toContain('dispute_resolved');
    });

    it('releases to the seller: order released, bank approval, no refund, stock unchanged', async () => {
      const order = await disputedOrder();
      const { cookie } = await adminCookie();
      const res = await decide(order.id, cookie, { decision: 'release', reason: 'Teslim edildiği kanıtlandı' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await runJobs()).toBe(1);
      const { order: after, ops } = await bankOperations(order.id);
      expect(after).toMatchObject({ status: 'released', refundedKurus: 0 });
      expect(after.releasedAt).not.toBeNull();
      expect(ops.map((o) => o.kind)).toEqual(['approve']);
      expect(await stockOf(m.listingA.id)).toBe(3);
      await expectLedgerInvariants(t.database.db);
    });

    it('refunds part and releases the rest; a second decision is refused', async () => {
      const order = await disputedOrder();
      const { cookie } = await adminCookie();
      const res = await decide(order.id, cookie, {
        decision: 'partial_refund',
        amountKurus: 12_345,
        reason: 'Biri kırık',
      });
      expect(res.statusCode, res.body).toBe(200);
      const again = await decide(order.id, cookie, { decision: 'release', reason: 'Yeniden' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(dm.alreadyDecided);
      expect(await runJobs()).toBe(2);
      const { order: after, ops, jobs } = await bankOperations(order.id);
      expect(jobs.map((j) => [j.kind, j.amountKurus]).sort()).toEqual([
        ['refund', 12_345],
        ['release', order.totalKurus - 12_345],
      ]);
      expect(after).toMatchObject({ status: 'partially_refunded', refundedKurus: 12_345 });
      expect(ops.filter((o) => o.kind === 'refund').map((o) => o.amountKurus)).toEqual([12_345]);
      expect(ops.filter((o) => o.kind === 'approve')).toHaveLength(1);
      await expectLedgerInvariants(t.database.db);
      // The admin's analytics count the dispute as opened and resolved today.
      const today = (await callApi(t, 'GET', '/api/admin/analytics', { cookie })).json().trading.days.at(-1);
      expect(today.disputesOpened).toBeGreaterThanOrEqual(1);
      expect(today.disputesResolved).toBeGreaterThanOrEqual(1);
    });

    if (kind === 'postgres') {
      it('decides once when two admins decide at the same moment, and moves the money once', async () => {
        const order = await disputedOrder();
        const [a, b] = await Promise.all([adminCookie(), adminCookie()]);
        const results = await Promise.all([
          decide(order.id, a.cookie, { decision: 'full_refund', reason: 'Hasarlı' }),
          decide(order.id, b.cookie, { decision: 'release', reason: 'Sağlam' }),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        await runJobs();
        const { jobs, ops } = await bankOperations(order.id);
        expect(jobs).toHaveLength(1);
        expect(ops).toHaveLength(1);
        await expectLedgerInvariants(t.database.db);
      });
    }
  });
});
