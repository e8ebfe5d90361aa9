import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { BuyerOrderList, SellerOrderList } from '#shared/schemas/orders.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { callApi, createOrderFixture, createUser, signIn } from '../../../../test/factories.ts';
import { userApplications } from '../../db/schema/applications.ts';

interface Member {
  id: string;
  cookie: string;
}

async function member(t: TestAppHandle, fields: { name: string; publicHandle: string }): Promise<Member> {
  const user = await createUser(t.database.db, fields);
  return { id: user.id, cookie: await signIn(t, user) };
}

/** The store's approved application: the name its store page shows (and the search finds). */
async function approveStoreName(t: TestAppHandle, userId: string, storeName: string) {
  await t.database.db.insert(userApplications).values({
    storeName,
    authorizedPerson: 'Mehmet Kaya',
    email: `basvuru-${userId}@ornek-optik.com.tr`,
    phone: '05321234567',
    taxNumber: '1234567890',
    city: 'İstanbul',
    status: 'approved',
    submittedAt: t.clock.now(),
    createdUserId: userId,
  });
}

describeEachDatabase('finding and printing orders', (kind) => {
  const t = useTestApp(kind);
  let buyer: Member;
  let istanbulSeller: Member;
  let otherSeller: Member;
  let stranger: Member;
  let lensOrder: { id: string; orderNumber: string };
  let frameOrder: { id: string; orderNumber: string };
  let strangerOrder: { id: string; orderNumber: string };

  const buyerFinds = async (cookie: string, q: string) => {
    const res = await callApi(t, 'GET', `/api/orders?q=${encodeURIComponent(q)}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BuyerOrderList>().orders.map((o) => o.id);
  };
  const sellerFinds = async (cookie: string, q: string) => {
    const res = await callApi(t, 'GET', `/api/seller/orders?q=${encodeURIComponent(q)}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return [...new Set(res.json<SellerOrderList>().rows.map((r) => r.orderId))];
  };

  beforeAll(async () => {
    t.clock.reset();
    const tag = `${process.pid}${kind}`;
    buyer = await member(t, { name: 'Ayşe Yılmaz', publicHandle: `gorusoptik${tag}` });
    istanbulSeller = await member(t, { name: 'Ali Veli', publicHandle: `istanbuloptik${tag}` });
    otherSeller = await member(t, { name: 'Bursa Gözlük', publicHandle: `bursagozluk${tag}` });
    stranger = await member(t, { name: 'Can Demir', publicHandle: `yabanci${tag}` });
    await approveStoreName(t, istanbulSeller.id, 'İstanbul Merkez Optik');
    await approveStoreName(t, buyer.id, 'Görüş Işık Optik');
    const db = t.database.db;
    ({ order: lensOrder } = await createOrderFixture(db, {
      buyerId: buyer.id,
      sellerId: istanbulSeller.id,
      lines: [{ marka: 'IŞIK', modelKodu: 'Progresif Cam' }],
    }));
    ({ order: frameOrder } = await createOrderFixture(db, {
      buyerId: buyer.id,
      sellerId: otherSeller.id,
      lines: [{ marka: 'Ray-Ban', modelKodu: 'RB2140' }],
    }));
    // Another buyer's order with the same product from the same seller: never in the buyer's results.
    ({ order: strangerOrder } = await createOrderFixture(db, {
      buyerId: stranger.id,
      sellerId: istanbulSeller.id,
      lines: [{ marka: 'IŞIK', modelKodu: 'Progresif Cam' }],
    }));
  });

  describe('the buyer’s /siparislerim', () => {
    it('finds an order by its number, with or without "#" and in any case', async () => {
      expect(await buyerFinds(buyer.cookie, `#${lensOrder.orderNumber}`)).toEqual([lensOrder.id]);
      expect(await buyerFinds(buyer.cookie, frameOrder.orderNumber.toLowerCase())).toEqual([frameOrder.id]);
    });

    it('finds orders by the seller’s store name with Turkish casing, and by its @handle', async () => {
      expect(await buyerFinds(buyer.cookie, 'istanbul merkez')).toEqual([lensOrder.id]);
      expect(await buyerFinds(buyer.cookie, 'İSTANBUL')).toEqual([lensOrder.id]);
      expect(await buyerFinds(buyer.cookie, '@bursagozluk')).toEqual([frameOrder.id]);
    });

    it('finds orders by a product of their lines, "ışık" finding "IŞIK"', async () => {
      expect(await buyerFinds(buyer.cookie, 'ışık')).toEqual([lensOrder.id]);
      expect(await buyerFinds(buyer.cookie, 'rb2140')).toEqual([frameOrder.id]);
    });

    it('lists only the buyer’s own orders, counted and paged as without a search', async () => {
      const res = await callApi(t, 'GET', '/api/orders?q=optik&page=1&pageSize=1', { cookie: buyer.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json<BuyerOrderList>();
      expect(list.total).toBe(1);
      expect(list.orders.map((o) => o.id)).toEqual([lensOrder.id]);
      expect(await buyerFinds(buyer.cookie, strangerOrder.orderNumber)).toEqual([]);
      expect(await buyerFinds(buyer.cookie, 'yok-boyle-bir-sey')).toEqual([]);
    });

    it('takes "%" and "_" literally and treats a blank search as none', async () => {
      expect(await buyerFinds(buyer.cookie, '%')).toEqual([]);
      expect(await buyerFinds(buyer.cookie, '   ')).toHaveLength(2);
    });

    it('refuses a search longer than 100 characters with a Turkish 400', async () => {
      const res = await callApi(t, 'GET', `/api/orders?q=${'a'.repeat(101)}`, { cookie: buyer.cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(tradingMessages.orders.search.tooLong);
    });
  });

  describe('the seller’s orders tab', () => {
    it('finds the seller’s orders by the buying store’s name in any Turkish casing, number and product', async () => {
      expect(await sellerFinds(istanbulSeller.cookie, 'GÖRÜŞ IŞIK')).toEqual([lensOrder.id]);
      expect(await sellerFinds(istanbulSeller.cookie, 'görüş ışık')).toEqual([lensOrder.id]);
      expect(await sellerFinds(istanbulSeller.cookie, `#${lensOrder.orderNumber}`)).toEqual([lensOrder.id]);
      expect(await sellerFinds(istanbulSeller.cookie, 'progresif')).toHaveLength(2);
    });

    it('finds none of another seller’s orders, and combines the search with the other filters', async () => {
      expect(await sellerFinds(otherSeller.cookie, lensOrder.orderNumber)).toEqual([]);
      expect(await sellerFinds(otherSeller.cookie, 'ray-ban')).toEqual([frameOrder.id]);
      const res = await callApi(t, 'GET', '/api/seller/orders?q=ray-ban&status=shipped', {
        cookie: otherSeller.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SellerOrderList>()).toMatchObject({ rows: [], total: 0, allOrders: 1 });
    });

    it('refuses a search longer than 100 characters with a Turkish 400', async () => {
      const res = await callApi(t, 'GET', `/api/seller/orders?q=${'ş'.repeat(101)}`, {
        cookie: istanbulSeller.cookie,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(tradingMessages.orders.search.tooLong);
    });
  });

  describe('the seller’s packing slip', () => {
    const slip = (cookie: string | undefined, id = lensOrder.id) =>
      callApi(t, 'GET', `/api/seller/orders/${id}/packing-slip`, cookie ? { cookie } : {});

    it('is a PDF of the seller’s own order with the delivery address and lines, in Turkish letters and without prices', async () => {
      const res = await slip(istanbulSeller.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${tradingMessages.orders.packingSlip.fileName(lensOrder.orderNumber)}"`,
      );
      const raw = res.rawPayload.toString('latin1');
      expect(raw.startsWith('%PDF-')).toBe(true);
      expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
      // The embedded fonts' ToUnicode maps list every character printed: the address's and the
      // brand's Turkish letters (Ş U+015E, İ U+0130) are there; "₺" (U+20BA) is not, as no price is.
      const cmaps = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
        .map((match) => {
          try {
            return inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
          } catch {
            return '';
          }
        })
        .filter((text) => text.includes('begincmap'))
        .join('\n')
        .toLowerCase();
      expect(cmaps).toContain('<015e>');
      expect(cmaps).toContain('<0130>');
      expect(cmaps).not.toContain('<20ba>');
    });

    it('is given to an admin as the seller would get it', async () => {
      const admin = await createUser(t.database.db, { role: 'admin' });
      const res = await slip(await signIn(t, admin));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain(lensOrder.orderNumber);
    });

    it('is refused to another store, to the order’s buyer and to visitors', async () => {
      expect((await slip(otherSeller.cookie)).statusCode).toBe(404);
      expect((await slip(buyer.cookie)).statusCode).toBe(404);
      expect((await slip(undefined)).statusCode).toBe(401);
    });
  });
});
