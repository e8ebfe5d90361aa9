import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { listings } from '../../db/schema/listings.ts';
import { users } from '../../db/schema/users.ts';
import { ESCROW_ACCOUNT } from '../../lib/ledger.ts';

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

/** Credit balance of the escrow account (credits are negative amounts). */
export async function sumEscrowHeld(db: Db): Promise<number> {
  const [row] = await db
    .select({ held: sql<string>`coalesce(-sum(${ledgerEntries.amountKurus}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, ESCROW_ACCOUNT));
  return Number(row.held);
}
