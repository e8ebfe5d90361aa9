import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderEvents, orders } from '../../db/schema/orders.ts';

/**
 * Marks on the order what the ledger just recorded (released_at, or the refunded total) and adds
 * a timeline event, in the journal's transaction.
 */
export async function recordMoneyMoved(
  tx: Db,
  orderId: string,
  kind: 'release' | 'refund',
  amountKurus: number,
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set(
      kind === 'release'
        ? { releasedAt: now, updatedAt: now }
        : { refundedKurus: sql`${orders.refundedKurus} + ${amountKurus}`, updatedAt: now },
    )
    .where(eq(orders.id, orderId));
  await tx.insert(orderEvents).values({
    orderId,
    actorId: null,
    action: kind === 'release' ? 'money_released' : 'money_refunded',
    details: { amountKurus },
    createdAt: now,
  });
}
