import { and, desc, eq, sql } from 'drizzle-orm';
import { preparedPerDatabase, type Db } from '../db/client.ts';
import { userApplications } from '../db/schema/applications.ts';
import { users } from '../db/schema/users.ts';

/**
 * A store's registered company (its approved application): the billing defaults and address
 * prefill. Here, not in a feature, because checkout, payments and invoices all read it.
 */
export async function findBuyerStore(db: Db, userId: string) {
  // Prepared once per database: the checkout, the payment start and the invoices each ask it.
  const [row] = await buyerStoreQuery(db).execute({ userId });
  return row ?? null;
}

const buyerStoreQuery = preparedPerDatabase((db: Db) =>
  db
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
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(desc(userApplications.submittedAt))
    .limit(1)
    .prepare('find_buyer_store'),
);
