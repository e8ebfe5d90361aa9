import { and, count, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/listings.ts';
import { users } from '../../db/schema/users.ts';

export async function countActiveListings(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.status, 'Aktif'), gt(listings.stock, 0)));
  return row.n;
}

export async function countMembers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(ne(users.role, 'admin'), eq(users.banned, false)));
  return row.n;
}
