import { insertBenchOrders } from '../bench-orders.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { insertUserWithPassword } from '../../src/server/features/auth/auth.repo.ts';
import { hashPassword } from '../../src/server/lib/passwords.ts';
import { Buyer, BUYER_EMAIL_DOMAIN, BUYER_PASSWORD } from './trading.ts';
import { fmtInt } from './settings.ts';

/** The bench: the seller panel at scale (PostgreSQL): the orders list and the account movements. */
/** Orders of the one seller the seller rows read (issue 11: 100,000). */
export const SELLER_ORDERS = 100_000;
export const SELLER_ID = 'bench-seller-orders';
export const SELLER_BUYER_ID = 'bench-seller-buyer';
export const SELLER_IBAN = 'TR330006100519786457841326';

export interface SellerPlan {
  seller: Buyer;
  orders: number;
}

/** Writes the seller (who signs in like the buyers), their one buyer and the orders; before the server starts. */
export async function prepareSellerOrders(databaseUrl: string): Promise<SellerPlan> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  const seller = {
    id: SELLER_ID,
    name: 'Satıcı Optik Bench',
    email: `satici@${BUYER_EMAIL_DOMAIN}`,
    emailVerified: true,
    role: 'store_owner',
    publicHandle: 'benchsatici',
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  try {
    const passwordHash = await hashPassword(BUYER_PASSWORD);
    await insertUserWithPassword(database.db, seller, passwordHash);
    await insertUserWithPassword(
      database.db,
      {
        id: SELLER_BUYER_ID,
        name: 'Alıcı Optik Bench',
        email: `alici-siparis@${BUYER_EMAIL_DOMAIN}`,
        emailVerified: true,
        role: 'store_owner',
        publicHandle: 'benchalici',
        createdAt: new Date(),
        updatedAt: new Date(),
      },
      passwordHash,
    );
  } finally {
    await database.close();
  }
  console.error(`[bench] writing ${fmtInt(SELLER_ORDERS)} orders of one seller, with their ledger journals`);
  const started = Date.now();
  await insertBenchOrders(databaseUrl, {
    sellerId: SELLER_ID,
    buyerId: SELLER_BUYER_ID,
    count: SELLER_ORDERS,
    iban: SELLER_IBAN,
  });
  console.error(`[bench]   written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    // Its own address block: the buyers sign in from 10.77.x.x, the event members from 10.78.x.x.
    seller: { id: seller.id, email: seller.email, forwardedFor: '10.79.0.1', cookie: '', checkouts: 0 },
    orders: SELLER_ORDERS,
  };
}

/** The orders list must count every order of the seller and show a page of them. */
export function sellerOrdersProblem(body: string, orders: number): string | null {
  const list = JSON.parse(body) as { rows?: unknown[]; allOrders?: number };
  if (list.allOrders !== orders) return `allOrders is ${list.allOrders}, expected ${orders}`;
  return list.rows?.length ? null : 'no rows';
}

/** The movements must show a page, many paid-out orders, and a summary that adds up. */
export function movementsProblem(body: string): string | null {
  const m = JSON.parse(body) as {
    rows?: unknown[];
    counts?: { pending: number; paid: number };
    summary?: { count: number };
  };
  if (!m.rows?.length) return 'no rows';
  if (!m.counts || m.counts.paid < 1000 || m.summary?.count !== m.counts.pending + m.counts.paid) {
    return `unexpected counts ${JSON.stringify(m.counts)} / summary ${JSON.stringify(m.summary)}`;
  }
  return null;
}
