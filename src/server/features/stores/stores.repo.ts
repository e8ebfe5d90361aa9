import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userApplications } from '../../db/schema/applications.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The store at a slug (never an admin or a banned account), with the name and city of its
 * approved application when it came through one.
 */
export async function findStoreBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: users.id,
      slug: users.publicSlug,
      handle: users.publicHandle,
      accountName: users.name,
      storeName: userApplications.storeName,
      city: userApplications.city,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(
      userApplications,
      and(eq(userApplications.createdUserId, users.id), eq(userApplications.status, 'approved')),
    )
    .where(and(eq(users.publicSlug, slug), ne(users.role, 'admin'), eq(users.banned, false)))
    .orderBy(desc(userApplications.submittedAt))
    .limit(1);
  return row ?? null;
}
