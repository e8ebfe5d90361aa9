import { inArray, sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '../../src/server/db/client.ts';
import { listings as listingsTable } from '../../src/server/db/schema/listings.ts';
import { insertUserWithPassword } from '../../src/server/features/auth/auth.repo.ts';
import { CHECKOUT_LIMIT } from '../../src/server/features/checkout/checkout.routes.ts';
import { hashPassword } from '../../src/server/lib/passwords.ts';
import { Target } from './load.ts';
import { BenchError, WARMUP_SECONDS } from './settings.ts';

/** The bench: trading (PostgreSQL): the cart quote and the checkout write path. */
/** Closed-loop workers of the purchase run: each buys, waits for its purchase to end, buys again. */
export const PURCHASE_WORKERS = 20;
/** More purchases/s than this machine serves; the buyers are counted from it so none hits the checkout limit. */
export const PURCHASE_RATE_CEILING = 400;
export const MIN_BUYERS = 200;
/** Members whose sessions the quote load rotates over. */
export const QUOTE_BUYERS = 20;
export const SIGN_IN_CONCURRENCY = 4;
/** Issue 21: the quote ≥ 5 % of the baseline and ≥ 50 % of its floor (as many plain queries on bare Fastify). */
export const QUOTE_TARGET_PERCENT = 5;
export const QUOTE_FLOOR_TARGET_PERCENT = 50;
export const CHECKOUT_TARGET_PERCENT = 5;
/** Issue 21: the server's CPU time per paid checkout (all 7 requests, and the work they start). */
export const CPU_PER_PURCHASE_TARGET_MS = 10;
/** HTTP requests of one purchase (see purchase()). */
export const REQUESTS_PER_PURCHASE = 7;
/**
 * PostgreSQL queries of one purchase once the caches are warm (a cached session runs none),
 * whatever the number of sellers in the cart; test/bench-floors.test.ts counts them and fails when
 * the count changes, so a query added to the checkout, the bank's pages or the callback is seen.
 */
export const QUERIES_PER_PURCHASE = 54;
export const BUYER_EMAIL_DOMAIN = 'alici.bench.optistok.local';
export const BUYER_PASSWORD = 'Bench-Alici-2026!';
/** A stock the run cannot exhaust (each purchase takes one of every cart line). */
export const CART_STOCK = 10_000_000;
/** The bank's pages are another site in real life: its callback post comes from there, without our cookie. */
export const BANK_ORIGIN = 'https://bank.example';
export const successCard = { cardHolder: 'Ayşe Yılmaz', cardNumber: '5528790000000008', expiry: '12/30', cvc: '123' };
export const deliveryAddress = {
  full_name: 'Ayşe Yılmaz',
  address: 'Bağdat Caddesi No: 12 D: 3',
  city: 'İstanbul',
  district: 'Kadıköy',
  postal_code: '34710',
  phone: '0532 111 22 33',
};

export interface Buyer {
  id: string;
  email: string;
  /** The address the buyer signs in from (X-Forwarded-For), so the per-address sign-in limit is not shared. */
  forwardedFor: string;
  /** The session's cookie header, once signed in. */
  cookie: string;
  /** Checkouts started so far in this run (the product allows CHECKOUT_LIMIT.max per window). */
  checkouts: number;
}

export interface TradingPlan {
  buyers: Buyer[];
  lines: { listingId: string; quantity: number }[];
  sellers: number;
  /** Round-robin position of the next buyer. */
  next: number;
}

export interface PurchaseTarget {
  endpoint: string;
  origin: string;
  workers: number;
  plan: TradingPlan;
  /** The checkout body, priced by a quote before the run (prices do not change during it). */
  checkoutBody: string;
}

export type Step = Target | PurchaseTarget;
export const isPurchaseTarget = (step: Step): step is PurchaseTarget => 'plan' in step;

/** Enough buyers that none starts more checkouts than the per-member limit allows within its window. */
export function buyerCountFor(seconds: number): number {
  // The pre-flight purchase, the warm-up and the run; the quote load starts no checkout.
  const purchases = PURCHASE_RATE_CEILING * (seconds + WARMUP_SECONDS + 1);
  return Math.max(MIN_BUYERS, Math.ceil(purchases / CHECKOUT_LIMIT.max));
}

/**
 * Writes the buyers (as the generator writes sellers, but with a password, through the auth repo)
 * and picks the cart: 2 + 2 + 1 active listings of 3 generated sellers, sold by the unit, whose stock
 * is then raised so the run cannot sell out. Runs before the server starts.
 */
export async function prepareTrading(databaseUrl: string, buyerCount: number): Promise<TradingPlan> {
  console.error(`[bench] creating ${buyerCount} buyers and the trading cart`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const passwordHash = await hashPassword(BUYER_PASSWORD);
    const buyers: Buyer[] = [];
    for (let i = 0; i < buyerCount; i++) {
      const n = String(i + 1).padStart(4, '0');
      const user = {
        id: `bench-buyer-${n}`,
        name: `Alıcı Optik ${n}`,
        email: `alici-${n}@${BUYER_EMAIL_DOMAIN}`,
        emailVerified: true,
        role: 'store_owner',
        createdAt: new Date(),
        updatedAt: new Date(),
      };
      await insertUserWithPassword(database.db, user, passwordHash);
      buyers.push({
        id: user.id,
        email: user.email,
        forwardedFor: `10.77.${i >> 8}.${i & 255}`,
        cookie: '',
        checkouts: 0,
      });
    }
    const candidates = await selectRows<{ id: string; seller_id: string }>(
      database.db,
      sql`with sellers as (
            select seller_id from listings
             where status = 'Aktif' and min_order_qty = 1 and stock > 0
             group by seller_id having count(*) >= 2
             order by seller_id limit 3)
          select l.id, l.seller_id from listings l join sellers s on s.seller_id = l.seller_id
           where l.status = 'Aktif' and l.min_order_qty = 1 and l.stock > 0
           order by l.seller_id, l.id`,
    );
    const bySeller = new Map<string, string[]>();
    for (const row of candidates) bySeller.set(row.seller_id, [...(bySeller.get(row.seller_id) ?? []), row.id]);
    const perSeller = [2, 2, 1];
    const sellerIds = [...bySeller.keys()];
    if (sellerIds.length < perSeller.length)
      throw new BenchError('the generated data has no 3 sellers with 2 active listings each');
    const listingIds = perSeller.flatMap((count, i) => bySeller.get(sellerIds[i])!.slice(0, count));
    await database.db.update(listingsTable).set({ stock: CART_STOCK }).where(inArray(listingsTable.id, listingIds));
    return {
      buyers,
      lines: listingIds.map((listingId) => ({ listingId, quantity: 1 })),
      sellers: perSeller.length,
      next: 0,
    };
  } finally {
    await database.close();
  }
}

/** The next buyer with a checkout left under the per-member limit; the run stops if none has one. */
export function nextBuyer(plan: TradingPlan): Buyer {
  for (let tried = 0; tried < plan.buyers.length; tried++) {
    const buyer = plan.buyers[plan.next];
    plan.next = (plan.next + 1) % plan.buyers.length;
    if (buyer.checkouts < CHECKOUT_LIMIT.max) {
      buyer.checkouts++;
      return buyer;
    }
  }
  throw new BenchError(
    `all ${plan.buyers.length} buyers used their ${CHECKOUT_LIMIT.max} checkouts: more than ${PURCHASE_RATE_CEILING} purchases/s; raise PURCHASE_RATE_CEILING`,
  );
}
