import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingProfileMessages as b, invoiceMessages as im } from '#shared/messages/invoices.tr.ts';
import type { BillingProfile, OrderInvoice } from '#shared/schemas/invoices.ts';
import type { AdminOrderList } from '#shared/schemas/admin-orders.ts';
import type { BuyerOrderDetail, SellerOrderDetail } from '#shared/schemas/orders.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { testOrigin, useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import {
  callApi,
  createOrderFixture,
  createUser,
  freshIp,
  outboxTo,
  signIn,
  type TestUser,
} from '../../../../test/factories.ts';
import { checkoutBody, createMarket, postCheckout } from '../../../../test/trading.ts';
import { userApplications } from '../../db/schema/applications.ts';
import { orderInvoices } from '../../db/schema/invoices.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { orderEvents, orderGroups, orders } from '../../db/schema/orders.ts';
import { multipartBody, pdfBytes, pngBytes, tempUploadsDir } from '../applications/applications.fixtures.ts';
import { remindMissingInvoices } from './invoices.service.ts';

const DAY_MS = 24 * 3600_000;
const ETTN = '3f2b8c1e-5a4d-4e6f-9b21-7c8d9e0f1a2b';
const xmlBytes = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
);

const validProfile = {
  companyTitle: 'Işık Optik Gözlük Ticaret Ltd. Şti.',
  taxOffice: 'Karşıyaka',
  address: 'Cemal Gürsel Cad. No: 12 D: 3',
  city: 'İzmir',
  district: 'Karşıyaka',
  isEInvoiceUser: true,
};

interface Store extends TestUser {
  cookie: string;
}

let taxCounter = 0;
async function approvedStore(t: TestAppHandle, name: string): Promise<Store & { taxNumber: string }> {
  const user = await createUser(t.database.db, { name });
  taxCounter += 1;
  const taxNumber = String(4000000000 + process.pid * 100 + taxCounter).slice(0, 10);
  await t.database.db.insert(userApplications).values({
    storeName: `${name} Ltd.`,
    authorizedPerson: name,
    email: user.email,
    phone: '05321234567',
    taxNumber,
    city: 'Ankara',
    district: 'Çankaya',
    status: 'approved',
    submittedAt: t.clock.now(),
    createdUserId: user.id,
  });
  return { ...user, taxNumber, cookie: await signIn(t, user) };
}

function uploadInvoice(
  t: TestAppHandle,
  cookie: string,
  orderId: string,
  fields: Record<string, string | undefined>,
  files: { field: string; name: string; bytes: Uint8Array }[],
) {
  return multipartBody(fields, files).then(({ payload, contentType }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/invoice`,
      headers: { 'content-type': contentType, origin: testOrigin, cookie, 'user-agent': 'vitest-browser' },
      payload,
      remoteAddress: freshIp(),
    }),
  );
}

const validFields = (over: Record<string, string> = {}) => ({
  invoiceNumber: 'ABC2026000000123',
  invoiceDate: '2026-01-20',
  ettn: ETTN,
  ...over,
});
const pdfFile = { field: 'pdf', name: 'fatura.pdf', bytes: pdfBytes };
const xmlFile = { field: 'xml', name: 'fatura.xml', bytes: xmlBytes };

describeEachDatabase('invoices', (kind) => {
  const uploads = tempUploadsDir();
  const t = useTestApp(kind, { env: { UPLOADS_DIR: uploads }, clockStart: new Date('2026-01-20T09:00:00Z') });
  beforeEach(() => t.clock.reset());
  const storedInvoiceFiles = () => {
    try {
      return readdirSync(`${uploads}/invoices`);
    } catch {
      return [];
    }
  };

  describe('billing profile', () => {
    it('shows the approved application as defaults until the store saves its own', async () => {
      const store = await approvedStore(t, 'Varsayılan Optik');
      const res = await callApi(t, 'GET', '/api/me/billing-profile', { cookie: store.cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<BillingProfile>()).toEqual({
        companyTitle: 'Varsayılan Optik Ltd.',
        taxOffice: '',
        address: '',
        city: 'Ankara',
        district: 'Çankaya',
        isEInvoiceUser: false,
        taxNumber: store.taxNumber,
        isSaved: false,
      });
    });

    it('saves a valid profile; the tax number stays the application’s', async () => {
      const store = await approvedStore(t, 'Kayıtlı Optik');
      const res = await callApi(t, 'PUT', '/api/me/billing-profile', {
        cookie: store.cookie,
        payload: { ...validProfile, taxNumber: '9999999999' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const again = await callApi(t, 'GET', '/api/me/billing-profile', { cookie: store.cookie });
      expect(again.json<BillingProfile>()).toEqual({ ...validProfile, taxNumber: store.taxNumber, isSaved: true });
    });

    it('refuses an invalid profile with Turkish messages and keeps the saved one', async () => {
      const store = await approvedStore(t, 'Hatalı Optik');
      await callApi(t, 'PUT', '/api/me/billing-profile', { cookie: store.cookie, payload: validProfile });
      for (const [patch, message] of [
        [{ companyTitle: 'A' }, b.companyTitleMin],
        [{ taxOffice: '' }, b.taxOfficeMin],
        [{ address: 'Kısa' }, b.addressMin],
        [{ city: 'Atlantis' }, b.cityInvalid],
      ] as const) {
        const res = await callApi(t, 'PUT', '/api/me/billing-profile', {
          cookie: store.cookie,
          payload: { ...validProfile, ...patch },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain(message);
      }
      const after = await callApi(t, 'GET', '/api/me/billing-profile', { cookie: store.cookie });
      expect(after.json<BillingProfile>()).toMatchObject(validProfile);
    });

    it('needs a signed-in member', async () => {
      expect((await callApi(t, 'GET', '/api/me/billing-profile')).statusCode).toBe(401);
    });
  });

  describe('checkout', () => {
    it('shows the billing party and snapshots it onto the group and its orders', async () => {
      const m = await createMarket(t.database.db);
      const cookie = await signIn(t, m.buyer);
      const saved = await callApi(t, 'PUT', '/api/me/billing-profile', { cookie, payload: validProfile });
      expect(saved.statusCode, saved.body).toBe(200);
      const profile = await callApi(t, 'GET', '/api/checkout/profile', { cookie });
      expect(profile.json().billing).toMatchObject({
        companyName: validProfile.companyTitle,
        taxOffice: validProfile.taxOffice,
        address: validProfile.address,
        isEInvoiceUser: true,
      });

      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const res = await postCheckout(t, cookie, crypto.randomUUID(), body);
      expect(res.statusCode, res.body).toBe(201);
      const expected = {
        companyName: validProfile.companyTitle,
        taxOffice: validProfile.taxOffice,
        address: validProfile.address,
        city: validProfile.city,
        district: validProfile.district,
        isEInvoiceUser: true,
      };
      const [group] = await t.database.db.select().from(orderGroups).where(eq(orderGroups.id, res.json().groupId));
      expect(group.billingParty).toMatchObject(expected);
      const placed = await t.database.db.select().from(orders).where(eq(orders.groupId, group.id));
      for (const o of placed) expect(o.billingParty).toMatchObject(expected);

      // A later edit does not reach the placed order.
      await callApi(t, 'PUT', '/api/me/billing-profile', {
        cookie,
        payload: { ...validProfile, companyTitle: 'Yeni Unvan A.Ş.' },
      });
      const [still] = await t.database.db.select().from(orderGroups).where(eq(orderGroups.id, group.id));
      expect(still.billingParty.companyName).toBe(validProfile.companyTitle);
    });
  });

  describe('the invoice of an order', () => {
    let buyer: Store & { taxNumber: string };
    let seller: Store;
    let stranger: Store;
    let admin: Store;

    beforeAll(async () => {
      buyer = await approvedStore(t, 'Alıcı Optik');
      seller = await approvedStore(t, 'Satıcı Optik');
      stranger = await approvedStore(t, 'Üçüncü Optik');
      const adminUser = await createUser(t.database.db, { role: 'admin' });
      admin = { ...adminUser, cookie: await signIn(t, adminUser) };
    });

    async function paidOrder(status = 'paid_escrow') {
      const { order } = await createOrderFixture(t.database.db, {
        buyerId: buyer.id,
        sellerId: seller.id,
        status,
        createdAt: new Date('2026-01-19T10:00:00Z'),
      });
      await t.database.db
        .update(orders)
        .set({
          billingParty: {
            companyName: 'Alıcı Optik Ltd.',
            taxNumber: buyer.taxNumber,
            city: 'Ankara',
            district: 'Çankaya',
            taxOffice: 'Çankaya',
            address: 'Atatürk Bulvarı No: 1',
            isEInvoiceUser: false,
          },
        })
        .where(eq(orders.id, order.id));
      return order;
    }

    it('the seller sees the buyer’s billing party and the lines’ VAT on a paid order', async () => {
      const order = await paidOrder();
      const res = await callApi(t, 'GET', `/api/seller/orders/${order.id}`, { cookie: seller.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json<SellerOrderDetail>();
      expect(detail.billingParty).toMatchObject({ companyName: 'Alıcı Optik Ltd.', taxOffice: 'Çankaya' });
      expect(detail.items[0]).toMatchObject({ vatRateBp: 2000 });
      expect(detail.items[0].vatKurus).toBeGreaterThan(0);
      expect(detail.invoice).toBeNull();
      // Another store cannot open it as a seller.
      expect((await callApi(t, 'GET', `/api/seller/orders/${order.id}`, { cookie: stranger.cookie })).statusCode).toBe(
        404,
      );
    });

    it('the seller uploads it; the buyer is told and downloads it; a third store cannot; an admin can', async () => {
      const order = await paidOrder('shipped');
      const res = await uploadInvoice(t, seller.cookie, order.id, validFields({ invoiceNumber: 'abc2026000000123' }), [
        pdfFile,
        xmlFile,
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<OrderInvoice>()).toMatchObject({
        invoiceNumber: 'ABC2026000000123',
        invoiceDate: '2026-01-20',
        ettn: ETTN,
        hasXml: true,
        canReplace: true,
      });

      const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.map((e) => e.action)).toContain('invoice_uploaded');
      const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
      expect(told.filter((n) => n.type === 'invoice_uploaded' && n.relatedId === order.id)).toHaveLength(1);
      const mails = (await outboxTo(t.database.db, buyer.email)).filter((x) => x.subject.includes('Fatura'));
      expect(mails.some((x) => x.text.includes(`/siparislerim/${order.id}`))).toBe(true);

      const detail = await callApi(t, 'GET', `/api/orders/${order.id}`, { cookie: buyer.cookie });
      expect(detail.json<BuyerOrderDetail>().invoice).toMatchObject({ invoiceNumber: 'ABC2026000000123' });

      for (const who of [stranger]) {
        const denied = await callApi(t, 'GET', `/api/orders/${order.id}/invoice/pdf`, { cookie: who.cookie });
        expect(denied.statusCode).toBe(404);
        expect(denied.body).not.toContain('%PDF');
      }
      expect((await callApi(t, 'GET', `/api/orders/${order.id}/invoice/pdf`)).statusCode).toBe(401);

      const asAdmin = await callApi(t, 'GET', `/api/orders/${order.id}/invoice/pdf`, { cookie: admin.cookie });
      expect(asAdmin.statusCode).toBe(200);
      // The admin's look does not fix the invoice; the buyer's download does.
      const pdf = await callApi(t, 'GET', `/api/orders/${order.id}/invoice/pdf`, { cookie: buyer.cookie });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain('fatura-ABC2026000000123.pdf');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      expect(pdf.rawPayload.equals(pdfBytes)).toBe(true);
      const xml = await callApi(t, 'GET', `/api/orders/${order.id}/invoice/xml`, { cookie: seller.cookie });
      expect(xml.statusCode).toBe(200);
      expect(xml.headers['content-type']).toContain('application/xml');

      const again = await uploadInvoice(t, seller.cookie, order.id, validFields(), [pdfFile]);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().error.message).toBe(im.alreadyDownloaded);
    });

    it('may be replaced before the buyer downloads it; the old files go', async () => {
      const order = await paidOrder();
      const before = storedInvoiceFiles().length;
      expect((await uploadInvoice(t, seller.cookie, order.id, validFields(), [pdfFile, xmlFile])).statusCode).toBe(200);
      expect(storedInvoiceFiles()).toHaveLength(before + 2);
      const res = await uploadInvoice(t, seller.cookie, order.id, validFields({ invoiceNumber: 'ABC2026000000124' }), [
        pdfFile,
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<OrderInvoice>()).toMatchObject({ invoiceNumber: 'ABC2026000000124', hasXml: false });
      expect(storedInvoiceFiles()).toHaveLength(before + 1);
      const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['invoice_uploaded', 'invoice_replaced']));
    });

    it('refuses a wrong file, number, date or ETTN with Turkish messages and changes nothing', async () => {
      const order = await paidOrder();
      const before = storedInvoiceFiles().length;
      const cases: [Record<string, string>, { field: string; name: string; bytes: Uint8Array }[], number, string][] = [
        [validFields(), [], 400, im.pdfRequired],
        [validFields(), [{ field: 'pdf', name: 'fatura.pdf', bytes: pngBytes }], 400, im.pdfType],
        [validFields(), [{ field: 'pdf', name: 'fatura.png', bytes: pdfBytes }], 400, im.pdfType],
        [validFields(), [pdfFile, { field: 'xml', name: 'fatura.xml', bytes: pdfBytes }], 400, im.xmlType],
        [validFields({ ettn: 'not-a-uuid' }), [pdfFile], 400, im.ettnInvalid],
        [validFields({ invoiceNumber: 'AB12' }), [pdfFile], 400, im.invoiceNumberInvalid],
        [validFields({ invoiceDate: '2026-02-30' }), [pdfFile], 400, im.invoiceDateInvalid],
        [validFields({ invoiceDate: '2026-01-21' }), [pdfFile], 400, im.invoiceDateFuture],
        [validFields({ invoiceDate: '2026-01-18' }), [pdfFile], 400, im.invoiceDateBeforeOrder],
        [
          validFields(),
          [{ field: 'pdf', name: 'fatura.pdf', bytes: Buffer.concat([pdfBytes, Buffer.alloc(10 * 1024 * 1024)]) }],
          413,
          im.tooLarge,
        ],
      ];
      for (const [fields, files, status, message] of cases) {
        const res = await uploadInvoice(t, seller.cookie, order.id, fields, files);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().error.message).toBe(message);
      }
      expect(await t.database.db.select().from(orderInvoices).where(eq(orderInvoices.orderId, order.id))).toEqual([]);
      expect(storedInvoiceFiles()).toHaveLength(before);
      expect(readdirSync(`${uploads}/.tmp`)).toEqual([]);
    });

    it('only the seller, and only on a paid order', async () => {
      const order = await paidOrder();
      for (const who of [buyer, stranger, admin]) {
        const res = await uploadInvoice(t, who.cookie, order.id, validFields(), [pdfFile]);
        expect(res.statusCode).toBe(404);
      }
      const unpaid = await paidOrder('awaiting_payment');
      const res = await uploadInvoice(t, seller.cookie, unpaid.id, validFields(), [pdfFile]);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(im.notInvoiceable);
    });

    it('the admin orders desk filters the paid orders without an invoice ("Faturasız")', async () => {
      const missing = await paidOrder('shipped');
      const invoiced = await paidOrder('delivery_confirmed');
      const unpaid = await paidOrder('awaiting_payment');
      expect((await uploadInvoice(t, seller.cookie, invoiced.id, validFields(), [pdfFile])).statusCode).toBe(200);
      const list = async (query: string) => {
        const res = await callApi(t, 'GET', `/api/admin/orders?${query}`, { cookie: admin.cookie });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<AdminOrderList>().orders.map((o) => o.id);
      };
      const withoutInvoice = await list(`invoice=missing&q=${encodeURIComponent(seller.email)}`);
      expect(withoutInvoice).toContain(missing.id);
      expect(withoutInvoice).not.toContain(invoiced.id);
      expect(withoutInvoice).not.toContain(unpaid.id);
      expect(
        await list(`invoice=missing&status=delivery_confirmed&q=${encodeURIComponent(seller.email)}`),
      ).not.toContain(invoiced.id);
      expect(await list(`q=${encodeURIComponent(seller.email)}`)).toEqual(
        expect.arrayContaining([missing.id, invoiced.id]),
      );
      expect((await callApi(t, 'GET', '/api/admin/orders?invoice=missing', { cookie: seller.cookie })).statusCode).toBe(
        403,
      );
    });

    it('reminds the seller once, invoiceReminderDays after shipping, only while the invoice is missing', async () => {
      const order = await paidOrder('shipped');
      const invoiced = await paidOrder('shipped');
      const shippedAt = t.clock.now();
      await t.database.db.update(orders).set({ shippedAt }).where(eq(orders.id, order.id));
      await t.database.db.update(orders).set({ shippedAt }).where(eq(orders.id, invoiced.id));
      expect((await uploadInvoice(t, seller.cookie, invoiced.id, validFields(), [pdfFile])).statusCode).toBe(200);

      const reminders = async () =>
        (await t.database.db.select().from(notifications).where(eq(notifications.userId, seller.id))).filter(
          (n) => n.type === 'invoice_reminder' && (n.relatedId === order.id || n.relatedId === invoiced.id),
        );
      t.clock.set(new Date(shippedAt.getTime() + 2 * DAY_MS - 60_000));
      await remindMissingInvoices(t.database.db, t.clock);
      expect(await reminders()).toEqual([]);
      t.clock.set(new Date(shippedAt.getTime() + 2 * DAY_MS + 60_000));
      await remindMissingInvoices(t.database.db, t.clock);
      await remindMissingInvoices(t.database.db, t.clock);
      t.clock.advance(5 * DAY_MS);
      await remindMissingInvoices(t.database.db, t.clock);
      expect((await reminders()).map((n) => n.relatedId)).toEqual([order.id]);
      const mails = (await outboxTo(t.database.db, seller.email)).filter((x) =>
        x.subject.includes('Fatura yüklenmedi'),
      );
      expect(mails).toHaveLength(1);
    });

    it('also reminds about an order delivered or disputed since it shipped, never about a refunded one', async () => {
      const delivered = await paidOrder('delivery_confirmed');
      const disputed = await paidOrder('disputed');
      const refunded = await paidOrder('refunded');
      const shippedAt = t.clock.now();
      for (const o of [delivered, disputed, refunded]) {
        await t.database.db.update(orders).set({ shippedAt }).where(eq(orders.id, o.id));
      }
      t.clock.set(new Date(shippedAt.getTime() + 3 * DAY_MS));
      await remindMissingInvoices(t.database.db, t.clock);
      const reminded = (await t.database.db.select().from(notifications).where(eq(notifications.userId, seller.id)))
        .filter((x) => x.type === 'invoice_reminder')
        .map((x) => x.relatedId);
      expect(reminded).toEqual(expect.arrayContaining([delivered.id, disputed.id]));
      expect(reminded).not.toContain(refunded.id);
    });
  });
});
