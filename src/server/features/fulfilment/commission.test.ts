import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import type { AccountMovements } from '#shared/schemas/payouts.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, signIn } from '../../../../test/factories.ts';
import {
  checkoutBody,
  createMarket,
  expectLedgerInvariants,
  payWithSandbox,
  postCheckout,
  setAutoOrderApproval,
} from '../../../../test/trading.ts';
import { platformSettings } from '../../db/schema/admin.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { orders } from '../../db/schema/orders.ts';
import { PLATFORM_COMMISSION_ACCOUNT, SELLER_PAYABLE_ACCOUNT } from '../../lib/ledger.ts';
import { releaseDueOrders } from './fulfilment.service.ts';
import { runProviderJobs } from './provider-jobs.service.ts';

describeEachDatabase('commission fixed at payment', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.reset());

  const setCommission = (commissionBp: number) =>
    t.database.db.update(platformSettings).set({ commissionBp }).where(eq(platformSettings.id, 1));

  it('raising the commission after a sale changes neither its release nor the seller’s pending figures', async () => {
    const db = t.database.db;
    const m = await createMarket(db);
    const [buyer, seller] = await Promise.all([signIn(t, m.buyer), signIn(t, m.sellerA)]);
    await setAutoOrderApproval(t, seller, true);
    await setCommission(500);
    try {
      const body = await checkoutBody(t, buyer, [{ listingId: m.listingA.id, quantity: 1 }]);
      const placed = (await postCheckout(t, buyer, randomUUID(), body)).json<CheckoutResult>();
      expect((await payWithSandbox(t, buyer, placed.paymentUrl)).statusCode).toBe(303);
      const [order] = await db.select().from(orders).where(eq(orders.groupId, placed.groupId));
      expect(order.commissionBp).toBe(500);
      const atFive = Math.round((order.totalKurus * 500) / 10_000);
      // The default 1 % withholding on the VAT-exclusive total (decision 041).
      const withheld = Math.round((order.totalKurus - order.vatKurus) / 100);

      // The admin raises the rate while the money is in escrow.
      await setCommission(1_000);
      const movements = (
        await callApi(t, 'GET', '/api/seller/account-movements', { cookie: seller })
      ).json<AccountMovements>();
      const pending = movements.rows.find((r) => r.orderId === order.id)!;
      expect(pending).toMatchObject({
        commissionKurus: atFive,
        withholdingKurus: withheld,
        amountPaidKurus: order.totalKurus - atFive - withheld,
      });

      const shipped = await callApi(t, 'POST', `/api/orders/${order.id}/ship`, {
        cookie: seller,
        payload: { cargoCompany: 'aras', trackingNumber: 'ARS-123456' },
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      // Past every release date (escrow and inspection), the sweep releases it at the order's rate.
      t.clock.advance(40 * 24 * 3600_000);
      await releaseDueOrders(db, t.clock, { appUrl: 'http://localhost:3000' });
      await runProviderJobs({ db, clock: t.clock, provider: t.app.payments, log: t.app.log });
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
      expect(entries.filter((e) => e.account === PLATFORM_COMMISSION_ACCOUNT).map((e) => e.amountKurus)).toEqual([
        -atFive,
      ]);
      expect(entries.filter((e) => e.account === SELLER_PAYABLE_ACCOUNT).map((e) => e.amountKurus)).toEqual([
        -(order.totalKurus - atFive - withheld),
      ]);
      await expectLedgerInvariants(db);
    } finally {
      await setCommission(0);
    }
  });
});
