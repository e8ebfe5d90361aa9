import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { formatGs1, parseGs1, toGtin14 } from '#shared/gs1.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { utsMessages as um } from '#shared/messages/uts.tr.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import type { UtsReport, UtsTrackedLines } from '#shared/schemas/uts.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createCatalogueProduct, createListing, createUser, signIn } from '../../../../test/factories.ts';
import {
  checkoutBody,
  createStore,
  payWithSandbox,
  postCheckout,
  quote,
  setAutoOrderApproval,
} from '../../../../test/trading.ts';
import { userApplications } from '../../db/schema/applications.ts';
import { orderEvents, orderItems, orders } from '../../db/schema/orders.ts';
import { utsTransfers } from '../../db/schema/uts.ts';

const BUYER_UTS = '1234567890123';
const SELLER_UTS = '9876543210987';
/** yyyy-MM of a moment in Turkish time. */
const monthOf = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit' }).format(at);

describeEachDatabase('ÜTS transfer data', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.reset());

  async function approvedApplication(userId: string, storeName: string, utsNumber: string | null) {
    await t.database.db.insert(userApplications).values({
      storeName,
      authorizedPerson: 'Ayşe Yılmaz',
      email: `a${randomUUID()}@optik.test`,
      phone: '05321112233',
      taxNumber: String(Math.floor(Math.random() * 9e9 + 1e9)),
      utsNumber,
      city: 'İstanbul',
      status: 'approved',
      submittedAt: t.clock.now(),
      createdUserId: userId,
    });
  }

  /** A seller with a contact lens (tracked) and sunglasses (untracked); a buyer with an ÜTS number and one without. */
  async function market() {
    const db = t.database.db;
    const seller = await createStore(db, 'Lens Satıcı');
    const buyer = await createStore(db, 'Alıcı Optik');
    const plainBuyer = await createStore(db, 'Numarasız Optik');
    await approvedApplication(seller.id, 'Lens Satıcı Optik Ltd. Şti.', SELLER_UTS);
    await approvedApplication(buyer.id, 'Alıcı Optik Ltd. Şti.', BUYER_UTS);
    await approvedApplication(plainBuyer.id, 'Numarasız Optik', null);
    const lensProduct = await createCatalogueProduct(db, {
      category: 'lens',
      subcategory: 'kontakt',
      name: 'Günlük Kontakt Lens',
    });
    const lens = await createListing(db, seller, lensProduct, { priceKurus: 40_000, stock: 20 });
    const sun = await createListing(db, seller, await createCatalogueProduct(db), { priceKurus: 90_000, stock: 5 });
    await setAutoOrderApproval(t, await signIn(t, seller), true);
    return { seller, buyer, plainBuyer, lens, sun, lensBarcode: lensProduct.barcode! };
  }

  async function paidOrder(buyer: { email: string }, lines: { listingId: string; quantity: number }[]) {
    const cookie = await signIn(t, buyer as never);
    const body = await checkoutBody(t, cookie, lines);
    const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
    expect((await payWithSandbox(t, cookie, placed.paymentUrl)).statusCode).toBe(303);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.groupId, placed.groupId));
    return order!;
  }

  const shipment = { cargoCompany: 'aras', trackingNumber: 'ARS-123456' };

  it('the seller ships a tracked line only with its units; refusals change nothing; both sides list, export and tick', async () => {
    const db = t.database.db;
    const m = await market();
    const order = await paidOrder(m.buyer, [
      { listingId: m.lens.id, quantity: 3 },
      { listingId: m.sun.id, quantity: 1 },
    ]);
    const seller = await signIn(t, m.seller);
    const lines = await callApi(t, 'GET', `/api/orders/${order.id}/uts/lines`, { cookie: seller });
    expect(lines.statusCode, lines.body).toBe(200);
    const tracked = lines.json<UtsTrackedLines>().lines;
    expect(tracked).toHaveLength(1);
    expect(tracked[0]).toMatchObject({ productName: 'Günlük Kontakt Lens', barcode: m.lensBarcode, quantity: 3 });
    const lensLineId = tracked[0]!.orderLineId;
    const [sunLine] = await db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.listingId, m.sun.id)));
    // The buyer may not read the seller's dialog lines.
    const buyer = await signIn(t, m.buyer);
    expect((await callApi(t, 'GET', `/api/orders/${order.id}/uts/lines`, { cookie: buyer })).statusCode).toBe(404);

    const gtin = toGtin14(m.lensBarcode);
    const scanned = parseGs1(formatGs1({ gtin, expiry: '2028-12-31', lot: 'LOT42' }));
    expect(scanned.ok).toBe(true);
    const ship = (utsUnits?: unknown) =>
      callApi(t, 'POST', `/api/orders/${order.id}/ship`, { cookie: seller, payload: { ...shipment, utsUnits } });
    const refusals: [unknown, string][] = [
      [undefined, um.ship.unitsMissing('Günlük Kontakt Lens')],
      [
        [{ orderLineId: lensLineId, units: [{ gtin: '04006381333931', lot: 'L1', quantity: 3 }] }],
        um.ship.gtinMismatch('Günlük Kontakt Lens'),
      ],
      [
        [{ orderLineId: lensLineId, units: [{ gtin, lot: 'L1', quantity: 2 }] }],
        um.ship.quantityMismatch('Günlük Kontakt Lens', 2, 3),
      ],
      [[{ orderLineId: lensLineId, units: [{ gtin, quantity: 3 }] }], um.ship.lotOrSerialRequired],
      [[{ orderLineId: lensLineId, units: [{ gtin, serial: 'S1', quantity: 3 }] }], um.ship.serialQuantityOne],
      [
        [
          { orderLineId: lensLineId, units: [{ gtin, lot: 'L1', quantity: 3 }] },
          { orderLineId: sunLine!.id, units: [{ gtin, lot: 'L1', quantity: 1 }] },
        ],
        um.ship.unitsForUntrackedLine,
      ],
      [
        [
          {
            orderLineId: lensLineId,
            units: [
              { gtin, serial: 'S1', quantity: 1 },
              { gtin, serial: 'S1', quantity: 1 },
              { gtin, lot: 'L', quantity: 1 },
            ],
          },
        ],
        um.ship.serialDuplicate,
      ],
    ];
    for (const [utsUnits, message] of refusals) {
      const res = await ship(utsUnits);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const [still] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(still!.status).toBe('paid_escrow');
    expect(still!.shippedAt).toBeNull();
    expect(await db.select().from(utsTransfers).where(eq(utsTransfers.orderId, order.id))).toEqual([]);

    // A catalogue EAN-13 as typed is the same product number as the box's GTIN-14.
    const shipped = await ship([
      {
        orderLineId: lensLineId,
        units: [
          { ...(scanned.ok ? scanned.data : {}), quantity: 2 },
          { gtin: m.lensBarcode, serial: 'SN-0001', expiry: '2029-01-31', quantity: 1 },
        ],
      },
    ]);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const stored = await db.select().from(utsTransfers).where(eq(utsTransfers.orderId, order.id));
    expect(stored.map((r) => [r.gtin, r.lot, r.serial, r.expiry, r.quantity]).sort()).toEqual(
      [
        [gtin, 'LOT42', null, '2028-12-31', 2],
        [gtin, null, 'SN-0001', '2029-01-31', 1],
      ].sort(),
    );

    const month = monthOf(t.clock.now());
    const verme = await callApi(t, 'GET', `/api/me/uts/verme?ay=${month}`, { cookie: seller });
    expect(verme.statusCode, verme.body).toBe(200);
    const vermeRows = verme.json<UtsReport>().rows;
    expect(vermeRows).toHaveLength(2);
    expect(vermeRows[0]).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      counterpartyTitle: 'Alıcı Optik Ltd. Şti.',
      counterpartyUtsNumber: BUYER_UTS,
      productName: 'Günlük Kontakt Lens',
      gtin,
      lot: 'LOT42',
      quantity: 2,
      notifiedAt: null,
    });
    const alma = (await callApi(t, 'GET', `/api/me/uts/alma?ay=${month}`, { cookie: buyer })).json<UtsReport>();
    expect(alma.rows).toHaveLength(2);
    expect(alma.rows[1]).toMatchObject({
      counterpartyTitle: 'Lens Satıcı Optik Ltd. Şti.',
      counterpartyUtsNumber: SELLER_UTS,
      serial: 'SN-0001',
      expiry: '2029-01-31',
    });
    // Each side sees only its own direction.
    expect(
      (await callApi(t, 'GET', `/api/me/uts/alma?ay=${month}`, { cookie: seller })).json<UtsReport>().rows,
    ).toEqual([]);
    expect(
      (await callApi(t, 'GET', '/api/me/uts/verme?ay=2020-01', { cookie: seller })).json<UtsReport>().rows,
    ).toEqual([]);
    const badMonth = await callApi(t, 'GET', '/api/me/uts/verme?ay=2026-13', { cookie: seller });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().error.message).toBe(um.monthInvalid);

    const csv = await callApi(t, 'GET', `/api/me/uts/verme.csv?ay=${month}`, { cookie: seller });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${um.csv.vermeFileName(month)}"`);
    const csvLines = csv.body.split('\r\n');
    expect(csvLines[0]).toBe(`\uFEFF${um.csv.vermeHeader.join(';')}`);
    expect(csvLines[1]).toContain(
      `;${order.orderNumber};Alıcı Optik Ltd. Şti.;${BUYER_UTS};Günlük Kontakt Lens;${gtin};LOT42;;31.12.2028;2;Hayır`,
    );

    // The tick: each side its own, once; a stranger's is refused.
    const tick = (cookie: string) => callApi(t, 'POST', `/api/orders/${order.id}/uts/bildirildi`, { cookie });
    const first = await tick(seller);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ orderId: order.id, side: 'verme' });
    t.clock.advance(60_000);
    const again = await tick(seller);
    expect(again.json().notifiedAt).toBe(first.json().notifiedAt);
    expect((await tick(buyer)).json()).toMatchObject({ side: 'alma' });
    const stranger = await signIn(t, m.plainBuyer);
    expect((await tick(stranger)).statusCode).toBe(404);
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.action === 'uts_verme_notified')).toHaveLength(1);
    expect(events.filter((e) => e.action === 'uts_alma_notified')).toHaveLength(1);
    const after = (await callApi(t, 'GET', `/api/me/uts/verme?ay=${month}`, { cookie: seller })).json<UtsReport>();
    expect(after.rows.every((r) => r.notifiedAt === first.json().notifiedAt)).toBe(true);
  });

  it('an order without tracked lines ships as before and cannot be ticked; the cart warns a store without an ÜTS number', async () => {
    const m = await market();
    const order = await paidOrder(m.buyer, [{ listingId: m.sun.id, quantity: 1 }]);
    const seller = await signIn(t, m.seller);
    const res = await callApi(t, 'POST', `/api/orders/${order.id}/ship`, { cookie: seller, payload: shipment });
    expect(res.statusCode, res.body).toBe(200);
    const tick = await callApi(t, 'POST', `/api/orders/${order.id}/uts/bildirildi`, { cookie: seller });
    expect(tick.statusCode).toBe(409);
    expect(tick.json().error.message).toBe(um.notAShippedOrder);

    const plain = await signIn(t, m.plainBuyer);
    const withUts = await signIn(t, m.buyer);
    expect((await quote(t, plain, [{ listingId: m.lens.id, quantity: 1 }])).isUtsNumberMissing).toBe(true);
    expect((await quote(t, plain, [{ listingId: m.sun.id, quantity: 1 }])).isUtsNumberMissing).toBe(false);
    expect((await quote(t, withUts, [{ listingId: m.lens.id, quantity: 1 }])).isUtsNumberMissing).toBe(false);
    // Warned, not blocked: the store without a number can still buy.
    const placed = await paidOrder(m.plainBuyer, [{ listingId: m.lens.id, quantity: 1 }]);
    expect(placed.status).toBe('paid_escrow');
  });

  it('the admin chooses the tracked categories among known ones; an untracked category needs no units', async () => {
    const m = await market();
    const admin = await signIn(t, await createUser(t.database.db, { role: 'admin' }));
    const current = (await callApi(t, 'GET', '/api/admin/settings', { cookie: admin })).json();
    expect(current.utsTrackedCategories).toEqual(['lens']);
    const { updatedAt: _u, updatedByName: _n, ...body } = current;
    const unknown = await callApi(t, 'PUT', '/api/admin/settings', {
      cookie: admin,
      payload: { ...body, utsTrackedCategories: ['lens', 'uzay'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(adminMessages.settings.utsCategoryUnknown);
    const saved = await callApi(t, 'PUT', '/api/admin/settings', {
      cookie: admin,
      payload: { ...body, utsTrackedCategories: ['gunes-gozlugu'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const order = await paidOrder(m.buyer, [{ listingId: m.lens.id, quantity: 1 }]);
      const seller = await signIn(t, m.seller);
      const res = await callApi(t, 'POST', `/api/orders/${order.id}/ship`, { cookie: seller, payload: shipment });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await callApi(t, 'PUT', '/api/admin/settings', {
        cookie: admin,
        payload: { ...body, utsTrackedCategories: ['lens'] },
      });
    }
  });
});
