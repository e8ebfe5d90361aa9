import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';

/**
 * Who to tell: the lookups that mails and notifications need, in lib/ because many features send
 * them (admin notifications, order and dispute mails).
 */

/** Every admin who is not banned (what is meant for "the admins" goes to each). */
export async function findActiveAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.banned, false)));
  return rows.map((r) => r.id);
}

/** The name, e-mail and public handle of each of these accounts (a store's contacts), in no order. */
export async function findUserContacts(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, name: users.name, handle: users.publicHandle })
    .from(users)
    .where(inArray(users.id, ids));
}
