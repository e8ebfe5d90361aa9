import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { signIn } from '../../../../test/factories.ts';
import { checkoutBody, createMarket, payWithSandbox, postCheckout } from '../../../../test/trading.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { orders, providerJobs } from '../../db/schema/orders.ts';
import { sandboxBankOperations } from '../../db/schema/payments.ts';
import { ESCROW_ACCOUNT, SELLER_PAYABLE_ACCOUNT, WITHHOLDING_PAYABLE_ACCOUNT } from '../../lib/ledger.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import { enqueueProviderJob } from '../order-lifecycle/index.ts';
import { MAX_PROVIDER_ATTEMPTS, runProviderJobs } from './provider-jobs.service.ts';

describeEachDatabase('provider jobs', (kind) => {
  const t = useTestApp(kind);

  beforeEach(() => {
    t.clock.reset();
  });

  /** A paid order of one seller, and the id of that order. */
  async function paidOrder() {
    const m = await createMarket(t.database.db);
    const cookie = await signIn(t, m.buyer);
    const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
    const placed: CheckoutResult = (await postCheckout(t, cookie, randomUUID(), body)).json();
    await payWithSandbox(t, cookie, placed.paymentUrl);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.groupId, placed.groupId));
    return order;
  }

  /** The sandbox, except that approving fails the first `failures` times. */
  function flakyProvider(failures: number): PaymentProvider {
    let calls = 0;
    const real = t.app.payments;
    return {
      ...real,
      approveItem: async (input) => {
        calls++;
        if (calls <= failures) throw new Error('bank unreachable');
        return real.approveItem(input);
      },
    };
  }

  const deps = (provider: PaymentProvider) => ({ db: t.database.db, clock: t.clock, provider, log: t.app.log });

  const ledgerOf = (orderId: string) =>
    t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));

  it('retries a failed release with back-off and writes the journal only once the provider has said yes', async () => {
    const order = await paidOrder();
    const db = t.database.db;
    await db.transaction((tx) =>
      enqueueProviderJob(
        tx,
        { kind: 'release', orderId: order.id, amountKurus: order.totalKurus, reason: 'test' },
        t.clock.now(),
      ),
    );
    const provider = flakyProvider(2);
    expect(await runProviderJobs(deps(provider))).toBe(0);
    // Nothing moved in the ledger while the provider refused.
    expect((await ledgerOf(order.id)).filter((e) => e.account === SELLER_PAYABLE_ACCOUNT)).toEqual([]);
    const [waiting] = await db.select().from(providerJobs).where(eq(providerJobs.orderId, order.id));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'bank unreachable' });
    expect(waiting.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(30_000);
    // Not due yet: nothing is tried.
    expect(await runProviderJobs(deps(provider))).toBe(0);
    t.clock.advance(30_000);
    expect(await runProviderJobs(deps(provider))).toBe(0);
    t.clock.advance(60_000);
    expect(await runProviderJobs(deps(provider))).toBe(1);

    const entries = await ledgerOf(order.id);
    const escrowHeld = entries.filter((e) => e.account === ESCROW_ACCOUNT).reduce((s, e) => s - e.amountKurus, 0);
    expect(escrowHeld).toBe(0);
    const payable = -entries.filter((e) => e.account === SELLER_PAYABLE_ACCOUNT).reduce((s, e) => s + e.amountKurus, 0);
    const withheld = -entries
      .filter((e) => e.account === WITHHOLDING_PAYABLE_ACCOUNT)
      .reduce((s, e) => s + e.amountKurus, 0);
    expect(payable + withheld).toBe(order.totalKurus);
    const ops = await db
      .select()
      .from(sandboxBankOperations)
      .where(and(eq(sandboxBankOperations.kind, 'approve')));
    expect(ops.length).toBeGreaterThanOrEqual(1);
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after.releasedAt).not.toBeNull();
    // Done jobs are not run again.
    t.clock.advance(10 * 60_000);
    expect(await runProviderJobs(deps(provider))).toBe(0);
    expect((await ledgerOf(order.id)).filter((e) => e.account === SELLER_PAYABLE_ACCOUNT)).toHaveLength(1);
  });

  it('marks a job failed after the last attempt and never journals it', async () => {
    const order = await paidOrder();
    const db = t.database.db;
    await db.transaction((tx) =>
      enqueueProviderJob(
        tx,
        { kind: 'release', orderId: order.id, amountKurus: order.totalKurus, reason: 'test' },
        t.clock.now(),
      ),
    );
    const provider = flakyProvider(Number.POSITIVE_INFINITY);
    for (let i = 0; i < MAX_PROVIDER_ATTEMPTS; i++) {
      await runProviderJobs(deps(provider));
      t.clock.advance(24 * 60 * 60_000);
    }
    const [job] = await db.select().from(providerJobs).where(eq(providerJobs.orderId, order.id));
    expect(job).toMatchObject({ status: 'failed', attempts: MAX_PROVIDER_ATTEMPTS });
    expect((await ledgerOf(order.id)).filter((e) => e.account === SELLER_PAYABLE_ACCOUNT)).toEqual([]);
  });

  it('refunds part of an order: the provider refunds it, escrow gives it back, and the order records the amount', async () => {
    const order = await paidOrder();
    const db = t.database.db;
    await db.transaction((tx) =>
      enqueueProviderJob(tx, { kind: 'refund', orderId: order.id, amountKurus: 1_000, reason: 'test' }, t.clock.now()),
    );
    expect(await runProviderJobs(deps(t.app.payments))).toBe(1);
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after.refundedKurus).toBe(1_000);
    const escrowHeld = -(await ledgerOf(order.id))
      .filter((e) => e.account === ESCROW_ACCOUNT)
      .reduce((s, e) => s + e.amountKurus, 0);
    expect(escrowHeld).toBe(order.totalKurus - 1_000);
  });
});
