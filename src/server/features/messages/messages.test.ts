import sharp from 'sharp';
import { and, eq, or } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messagingMessages as mm } from '#shared/messages/messages.tr.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { photosMultipartBody, testPng } from '../../../../test/photos.ts';
import { callApi, createOrderFixture, createUser, signIn } from '../../../../test/factories.ts';
import { createMarket, createStore } from '../../../../test/trading.ts';
import { listings } from '../../db/schema/listings.ts';
import { messages, messageThreads } from '../../db/schema/messages.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { MESSAGE_SEND_LIMIT } from './messages.routes.ts';

type Market = Awaited<ReturnType<typeof createMarket>>;

const png = () => testPng({ r: 20, g: 90, b: 200 });

describeEachDatabase('messages between stores', (kind) => {
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

  const open = (cookie: string, payload: object) => callApi(t, 'POST', '/api/messages/threads', { cookie, payload });
  const send = (cookie: string, threadId: string, body: string) =>
    callApi(t, 'POST', `/api/messages/threads/${threadId}/messages`, { cookie, payload: { body } });
  const thread = (cookie: string, threadId: string) =>
    callApi(t, 'GET', `/api/messages/threads/${threadId}`, { cookie });
  const unread = async (cookie: string) =>
    (await callApi(t, 'GET', '/api/messages/unread-count', { cookie })).json().count as number;

  const threadsOf = (userId: string) =>
    t.database.db
      .select()
      .from(messageThreads)
      .where(or(eq(messageThreads.storeAId, userId), eq(messageThreads.storeBId, userId)));
  const messagesIn = (threadId: string) => t.database.db.select().from(messages).where(eq(messages.threadId, threadId));

  async function listingThread(cookie = buyerCookie) {
    const res = await open(cookie, { listingId: m.listingA.id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  }

  async function order(status = 'paid_escrow') {
    const { order } = await createOrderFixture(t.database.db, { buyerId: m.buyer.id, sellerId: m.sellerA.id, status });
    return order;
  }

  describe('opening a thread', () => {
    it('about a listing opens one thread with its seller; asking again (from either side) reopens it', async () => {
      const first = await listingThread();
      expect(await listingThread()).toBe(first);
      const rows = await threadsOf(m.buyer.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ listingId: m.listingA.id, startedBy: m.buyer.id, lastMessageAt: null });
      expect([rows[0].storeAId, rows[0].storeBId].sort()).toEqual([m.buyer.id, m.sellerA.id].sort());
      // The thread is about the listing: its title, price and product are shown.
      const detail = (await thread(buyerCookie, first)).json();
      expect(detail.subject).toMatchObject({ kind: 'listing', listingId: m.listingA.id, priceKurus: 40_000 });
      expect(detail.other).toEqual({ id: m.sellerA.id, handle: m.sellerA.handle });
      expect(detail.canWrite).toBe(true);
    });

    it('about another listing or an order makes another thread of the same pair', async () => {
      const aboutListing = await listingThread();
      const o = await order();
      const res = await open(sellerCookie, { orderId: o.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).not.toBe(aboutListing);
      const again = await open(buyerCookie, { orderId: o.id });
      expect(again.json().id).toBe(res.json().id);
      const detail = (await thread(buyerCookie, res.json().id)).json();
      expect(detail.subject).toMatchObject({ kind: 'order', orderId: o.id, orderNumber: o.orderNumber, role: 'buyer' });
      expect((await thread(sellerCookie, res.json().id)).json().subject.role).toBe('seller');
    });

    it("refuses a store's own listing, someone else's order and unknown subjects", async () => {
      const own = await open(sellerCookie, { listingId: m.listingA.id });
      expect(own.statusCode).toBe(403);
      expect(own.json().error.message).toBe(mm.errors.ownStore);
      const o = await order();
      const third = await signIn(t, m.sellerB);
      expect((await open(third, { orderId: o.id })).statusCode).toBe(404);
      expect((await open(buyerCookie, { listingId: crypto.randomUUID() })).statusCode).toBe(404);
      const neither = await open(buyerCookie, {});
      expect(neither.statusCode).toBe(400);
      expect(await threadsOf(m.buyer.id)).toHaveLength(0);
    });
  });

  describe('sending and reading', () => {
    it('delivers a message, notifies the other store and counts it unread until the thread is read', async () => {
      const id = await listingThread();
      const res = await send(buyerCookie, id, '  Bu çerçevenin siyahı var mı?  ');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ body: 'Bu çerçevenin siyahı var mı?', isMine: true, readAt: null });

      const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, m.sellerA.id));
      expect(note).toMatchObject({
        type: 'message_new',
        title: mm.notification.title,
        message: `@${m.buyer.handle}: Bu çerçevenin siyahı var mı?`,
        relatedId: id,
        actionUrl: `/mesajlar/${id}`,
      });
      expect(await unread(sellerCookie)).toBe(1);
      expect(await unread(buyerCookie)).toBe(0);

      const list = (await callApi(t, 'GET', '/api/messages/threads', { cookie: sellerCookie })).json();
      expect(list.items).toEqual([
        expect.objectContaining({
          id,
          other: { id: m.buyer.id, handle: m.buyer.handle },
          unreadCount: 1,
          lastMessage: expect.objectContaining({ body: 'Bu çerçevenin siyahı var mı?', isMine: false }),
        }),
      ]);

      // Reading the thread does not mark it; the read endpoint does, and the sender sees the receipt.
      await thread(sellerCookie, id);
      expect(await unread(sellerCookie)).toBe(1);
      t.clock.advance(60_000);
      const read = await callApi(t, 'POST', `/api/messages/threads/${id}/read`, { cookie: sellerCookie });
      expect(read.statusCode).toBe(204);
      expect(await unread(sellerCookie)).toBe(0);
      const seen = (await thread(buyerCookie, id)).json().messages[0];
      expect(seen.readAt).toBe(t.clock.now().toISOString());
    });

    it('answering reads the other side, notifies the first sender and orders the list by activity', async () => {
      const first = await listingThread();
      await send(buyerCookie, first, 'Merhaba');
      t.clock.advance(1000);
      const o = await order();
      const second = (await open(buyerCookie, { orderId: o.id })).json().id;
      await send(buyerCookie, second, 'Kargo ne zaman?');
      expect(await unread(sellerCookie)).toBe(2);
      t.clock.advance(1000);
      expect((await send(sellerCookie, first, 'Merhaba, buyurun')).statusCode).toBe(201);
      expect(await unread(sellerCookie)).toBe(1);
      expect(await unread(buyerCookie)).toBe(1);
      const list = (await callApi(t, 'GET', '/api/messages/threads', { cookie: buyerCookie })).json();
      expect(list.items.map((i: { id: string }) => i.id)).toEqual([first, second]);
      expect(list.items[0]).toMatchObject({ unreadCount: 1, lastMessage: { body: 'Merhaba, buyurun', isMine: false } });
      const toBuyer = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, m.buyer.id), eq(notifications.type, 'message_new')));
      expect(toBuyer).toHaveLength(1);
    });

    it("shows each thread's subject in the list; a deleted listing leaves its thread", async () => {
      const aboutListing = await listingThread();
      await send(buyerCookie, aboutListing, 'İlan sorusu');
      const o = await order();
      const aboutOrder = (await open(buyerCookie, { orderId: o.id })).json().id;
      await send(buyerCookie, aboutOrder, 'Sipariş sorusu');
      const subjects = async () =>
        Object.fromEntries(
          (await callApi(t, 'GET', '/api/messages/threads', { cookie: sellerCookie }))
            .json()
            .items.map((i: { id: string; subject: object }) => [i.id, i.subject]),
        );
      expect(await subjects()).toEqual({
        [aboutListing]: expect.objectContaining({ kind: 'listing', listingId: m.listingA.id, priceKurus: 40_000 }),
        [aboutOrder]: expect.objectContaining({ kind: 'order', orderNumber: o.orderNumber, role: 'seller' }),
      });
      await t.database.db.delete(listings).where(eq(listings.id, m.listingA.id));
      expect((await subjects())[aboutListing]).toEqual({
        kind: 'listing',
        listingId: null,
        productId: null,
        title: null,
        thumbnailUrl: null,
        priceKurus: null,
      });
      // Asking about the deleted listing again is refused; the old thread stays readable.
      expect((await open(buyerCookie, { listingId: m.listingA.id })).statusCode).toBe(404);
      expect((await thread(buyerCookie, aboutListing)).json().messages).toHaveLength(1);
    });

    it('keeps threads without messages out of both lists', async () => {
      await listingThread();
      for (const cookie of [buyerCookie, sellerCookie]) {
        expect((await callApi(t, 'GET', '/api/messages/threads', { cookie })).json()).toEqual({ items: [] });
      }
    });

    it('refuses an empty or too long text with the shared Turkish messages', async () => {
      const id = await listingThread();
      const empty = await send(buyerCookie, id, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain(mm.validation.bodyRequired);
      const long = await send(buyerCookie, id, 'a'.repeat(2001));
      expect(long.statusCode).toBe(400);
      expect(long.body).toContain(mm.validation.bodyTooLong);
      expect((await send(buyerCookie, id, 'a'.repeat(2000))).statusCode).toBe(201);
      expect(await messagesIn(id)).toHaveLength(1);
      // The notification quotes the start of a long message.
      const [note] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, m.sellerA.id), eq(notifications.relatedId, id)));
      expect(note.message).toBe(`@${m.buyer.handle}: ${'a'.repeat(119)}…`);
    });

    it('stops a member who floods, with a Turkish message, counted per member', async () => {
      const id = await listingThread();
      for (let i = 0; i < MESSAGE_SEND_LIMIT.max; i += 1) {
        expect((await send(buyerCookie, id, `Mesaj ${i}`)).statusCode).toBe(201);
      }
      const refused = await send(buyerCookie, id, 'Bir tane daha');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(mm.errors.rateLimited);
      // The other store is not limited by the first one's flood.
      expect((await send(sellerCookie, id, 'Yanıt')).statusCode).toBe(201);
      t.clock.advance(MESSAGE_SEND_LIMIT.windowMs + 1000);
      expect((await send(buyerCookie, id, 'Sonra')).statusCode).toBe(201);
    });
  });

  describe('who may read', () => {
    it('answers 404 to a third store on every thread route', async () => {
      const id = await listingThread();
      await send(buyerCookie, id, 'Merhaba');
      const third = await signIn(t, m.sellerB);
      for (const res of [
        await thread(third, id),
        await send(third, id, 'Ben de'),
        await callApi(t, 'POST', `/api/messages/threads/${id}/read`, { cookie: third }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe(mm.errors.threadNotFound);
      }
      expect((await callApi(t, 'GET', '/api/messages/threads', { cookie: third })).json().items).toEqual([]);
      expect(await unread(third)).toBe(0);
    });

    it("lets an admin read (not write) a disputed order's thread, and nothing else", async () => {
      const admin = await createUser(t.database.db, { role: 'admin' });
      const adminCookie = await signIn(t, admin);
      const listing = await listingThread();
      await send(buyerCookie, listing, 'İlan sorusu');
      const o = await order('shipped');
      const id = (await open(buyerCookie, { orderId: o.id })).json().id;
      await send(buyerCookie, id, 'Ürün kırık geldi');

      // Not disputed yet: the admin is a stranger.
      expect((await thread(adminCookie, id)).statusCode).toBe(404);
      expect((await callApi(t, 'GET', `/api/messages/orders/${o.id}`, { cookie: adminCookie })).statusCode).toBe(404);

      const reported = await callApi(t, 'POST', `/api/orders/${o.id}/dispute`, {
        cookie: buyerCookie,
        payload: { reason: 'damaged', description: 'Çerçeve kırık geldi.' },
      });
      expect(reported.statusCode, reported.body).toBe(201);

      const read = await thread(adminCookie, id);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ canWrite: false, subject: { kind: 'order', role: 'admin' } });
      expect(
        read
          .json()
          .stores.map((s: { id: string }) => s.id)
          .sort(),
      ).toEqual([m.buyer.id, m.sellerA.id].sort());
      const byOrder = await callApi(t, 'GET', `/api/messages/orders/${o.id}`, { cookie: adminCookie });
      expect(byOrder.json().thread.messages.map((x: { body: string }) => x.body)).toEqual(['Ürün kırık geldi']);
      const write = await send(adminCookie, id, 'Yönetici');
      expect(write.statusCode).toBe(403);
      expect(write.json().error.message).toBe(mm.readOnly);
      expect((await callApi(t, 'POST', `/api/messages/threads/${id}/read`, { cookie: adminCookie })).statusCode).toBe(
        403,
      );
      // Reading does not mark anything read for the seller.
      expect(await unread(sellerCookie)).toBe(2);
      // The listing thread of the same pair stays private.
      expect((await thread(adminCookie, listing)).statusCode).toBe(404);
    });

    it("gives an order's parties its thread (null before anyone wrote) and nobody else", async () => {
      const o = await order();
      const path = `/api/messages/orders/${o.id}`;
      expect((await callApi(t, 'GET', path, { cookie: sellerCookie })).json()).toEqual({ thread: null });
      const id = (await open(sellerCookie, { orderId: o.id })).json().id;
      await send(sellerCookie, id, 'Siparişiniz hazır');
      expect((await callApi(t, 'GET', path, { cookie: buyerCookie })).json().thread.id).toBe(id);
      const other = await createStore(t.database.db, 'Başka Optik');
      expect((await callApi(t, 'GET', path, { cookie: await signIn(t, other) })).statusCode).toBe(404);
    });
  });

  describe('attachments', () => {
    const postMultipart = (cookie: string, id: string, body: ReturnType<typeof photosMultipartBody>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/messages/threads/${id}/messages`,
        headers: { cookie, origin: 'http://localhost:3000', ...body.headers },
        payload: body.payload,
      });

    it('stores up to 3 images re-encoded and serves them to the thread only', async () => {
      const id = await listingThread();
      const body = photosMultipartBody({ body: 'Fotoğraflar ekte' }, [
        { name: 'on.png', content: await png() },
        { name: 'yan.png', content: await png() },
      ]);
      const res = await postMultipart(buyerCookie, id, body);
      expect(res.statusCode, res.body).toBe(201);
      const files: string[] = res.json().attachments;
      expect(files).toHaveLength(2);
      const path = `/api/messages/threads/${id}/attachments/${files[0]}`;
      for (const cookie of [buyerCookie, sellerCookie]) {
        const image = await callApi(t, 'GET', path, { cookie });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
        expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
      }
      const third = await signIn(t, m.sellerB);
      expect((await callApi(t, 'GET', path, { cookie: third })).statusCode).toBe(404);
      // A file of another thread is not served through this one.
      const o = await order();
      const other = (await open(buyerCookie, { orderId: o.id })).json().id;
      expect(
        (await callApi(t, 'GET', `/api/messages/threads/${other}/attachments/${files[0]}`, { cookie: buyerCookie }))
          .statusCode,
      ).toBe(404);
    });

    it('keeps a 2,000-character text of multi-byte letters whole next to an image', async () => {
      const id = await listingThread();
      // ₺ and € take 3 bytes in UTF-8: 2,000 characters here are about 4.7 KB.
      const text = '₺€ğİ😀'.repeat(400).slice(0, 2000);
      const res = await postMultipart(
        buyerCookie,
        id,
        photosMultipartBody({ body: text }, [{ name: 'on.png', content: await png() }]),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().body).toBe(text);
    });

    it('refuses a fourth image and a file that is no image, storing no message', async () => {
      const id = await listingThread();
      const four = await Promise.all([1, 2, 3, 4].map(async (i) => ({ name: `p${i}.png`, content: await png() })));
      const tooMany = await postMultipart(buyerCookie, id, photosMultipartBody({ body: 'Dört fotoğraf' }, four));
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.body).toContain(mm.validation.tooManyAttachments);
      const notImage = await postMultipart(
        buyerCookie,
        id,
        photosMultipartBody({ body: 'Metin' }, [{ name: 'x.png', content: Buffer.from('not an image at all') }]),
      );
      expect(notImage.statusCode).toBe(415);
      expect(await messagesIn(id)).toHaveLength(0);
    });
  });
});
