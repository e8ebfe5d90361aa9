import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userApplications } from '../db/schema/applications.ts';
import { users } from '../db/schema/users.ts';

/**
 * A store's registered company (its approved application): the billing defaults and address
 * prefill. Here, not in a feature, because checkout, payments and invoices all read it.
 */
export async function findBuyerStore(db: Db, userId: string) {
  const [row] = await db
    .select({
      fullName: users.name,
      phone: users.phone,
      email: users.email,
      handle: users.publicHandle,
      storeName: userApplications.storeName,
      taxNumber: userApplications.taxNumber,
      utsNumber: userApplications.utsNumber,
      city: userApplications.city,
      district: userApplications.district,
      applicationPhone: userApplications.phone,
    })
    .from(users)
    .leftJoin(
      userApplications,
      and(eq(userApplications.createdUserId, users.id), eq(userApplications.status, 'approved')),
    )
    .where(eq(users.id, userId))
    .orderBy(desc(userApplications.submittedAt))
    .limit(1);
  return row ?? null;
}
