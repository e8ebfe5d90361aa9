import { eq } from 'drizzle-orm';
import type { TestAppHandle } from '../../../../test/app.ts';
import { callApi, createUser, signIn } from '../../../../test/factories.ts';
import { listingEvents, listings } from '../../db/schema/listings.ts';

/** Test helpers of the listing tests (not a test file itself). */

export interface Seller {
  id: string;
  cookie: string;
}

/** A store owner, signed in. */
export async function signedInSeller(t: TestAppHandle): Promise<Seller> {
  const user = await createUser(t.database.db, { role: 'store_owner' });
  return { id: user.id, cookie: await signIn(t, user) };
}

/** A valid listing body for a product; fields override. */
export function listingBody(productId: string, fields: Record<string, unknown> = {}) {
  return { productId, stock: 12, priceKurus: 249_900, ...fields };
}

export function postListing(t: TestAppHandle, seller: Seller, body: object) {
  return callApi(t, 'POST', '/api/listings', { cookie: seller.cookie, payload: body });
}

export async function listingRow(t: TestAppHandle, id: string) {
  const [row] = await t.database.db.select().from(listings).where(eq(listings.id, id));
  return row ?? null;
}

export async function eventsOf(t: TestAppHandle, listingId: string) {
  const rows = await t.database.db
    .select()
    .from(listingEvents)
    .where(eq(listingEvents.listingId, listingId))
    .orderBy(listingEvents.createdAt);
  return rows.map((r) => ({ action: r.action, actorId: r.actorId, fromStatus: r.fromStatus, toStatus: r.toStatus }));
}

export function expectError(res: { statusCode: number; body: string }, status: number, code: string, message?: string) {
  const error = (JSON.parse(res.body) as { error: { code: string; message: string; fields?: Record<string, string> } })
    .error;
  if (res.statusCode !== status || error.code !== code || (message !== undefined && error.message !== message)) {
    throw new Error(`expected ${status} ${code} ${message ?? ''}, got ${res.statusCode} ${res.body}`);
  }
  return error;
}
