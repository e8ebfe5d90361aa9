import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueProducts } from '../../db/schema/catalogue.ts';
import { listingEvents, listings } from '../../db/schema/listings.ts';
import type { StatusTarget } from '../../lib/transition.ts';

export type ListingRow = typeof listings.$inferSelect;
export type NewListing = typeof listings.$inferInsert;
export type CatalogueProductRow = typeof catalogueProducts.$inferSelect;

/** A listing with the barcode of its catalogue product (the seller list shows it). */
export interface ListingWithBarcode {
  listing: ListingRow;
  barcode: string | null;
}

const withBarcode = { listing: listings, barcode: catalogueProducts.barcode };

/** The seller's listings, newest first; `limit` for the dashboard's recent list. */
export async function findSellerListings(db: Db, sellerId: string, limit?: number): Promise<ListingWithBarcode[]> {
  const query = db
    .select(withBarcode)
    .from(listings)
    .leftJoin(catalogueProducts, eq(catalogueProducts.id, listings.productId))
    .where(eq(listings.sellerId, sellerId))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  return limit === undefined ? query : query.limit(limit);
}

/** One listing if it belongs to the seller; another seller's listing is as good as absent. */
export async function findOwnListing(
  db: Db,
  id: string,
  sellerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ListingRow | null> {
  const query = db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.sellerId, sellerId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findCatalogueProduct(db: Db, id: string): Promise<CatalogueProductRow | null> {
  const [row] = await db.select().from(catalogueProducts).where(eq(catalogueProducts.id, id));
  return row ?? null;
}

export async function insertListing(db: Db, values: NewListing): Promise<ListingRow> {
  const [row] = await db.insert(listings).values(values).returning();
  return row;
}

/** Updates the seller's own listing; null when there is no such listing of that seller. */
export async function updateOwnListing(
  db: Db,
  id: string,
  sellerId: string,
  values: Partial<NewListing>,
): Promise<ListingRow | null> {
  // A changed miat may fall within the notice period again, or pass again: its seller is told again.
  const isNewMiad = sql`${listings.miad} is distinct from ${values.miad}::date`;
  const miadNotifiedAt =
    values.miad === undefined
      ? {}
      : {
          miadNotifiedAt: sql`case when ${isNewMiad} then null else ${listings.miadNotifiedAt} end`,
          miadExpiredNotifiedAt: sql`case when ${isNewMiad} then null else ${listings.miadExpiredNotifiedAt} end`,
        };
  const [row] = await db
    .update(listings)
    .set({ ...values, ...miadNotifiedAt })
    .where(and(eq(listings.id, id), eq(listings.sellerId, sellerId)))
    .returning();
  return row ?? null;
}

/** The seller's own listings as a status-machine target: another seller's listing counts as missing. */
export function ownListings(sellerId: string): StatusTarget<typeof listings> {
  return { table: listings, scope: eq(listings.sellerId, sellerId) };
}

export async function deleteOwnListing(db: Db, id: string, sellerId: string): Promise<ListingRow | null> {
  const [row] = await db
    .delete(listings)
    .where(and(eq(listings.id, id), eq(listings.sellerId, sellerId)))
    .returning();
  return row ?? null;
}

export async function insertListingEvent(
  db: Db,
  event: {
    listingId: string;
    actorId: string;
    action: string;
    fromStatus?: string | null;
    toStatus?: string | null;
    createdAt: Date;
  },
) {
  await db.insert(listingEvents).values(event);
}

/** Total and active (durum Aktif) listings of a seller. */
export async function countSellerListings(db: Db, sellerId: string): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${listings.status} = 'Aktif')`.mapWith(Number),
    })
    .from(listings)
    .where(eq(listings.sellerId, sellerId));
  return { total: row.total, active: row.active };
}

/** The listings of a sale with their stock now (after it), for the low-stock check. */
export async function findListingStocks(tx: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: listings.id,
      sellerId: listings.sellerId,
      marka: listings.marka,
      modelKodu: listings.modelKodu,
      stock: listings.stock,
    })
    .from(listings)
    .where(inArray(listings.id, ids));
}

/**
 * Active listings with a miat that match `where` (the notice's own window and "not told yet"),
 * oldest miat first, locked for this transaction; rows another instance holds are skipped (SKIP LOCKED).
 */
function lockMiadListings(tx: Db, where: SQL, limit: number) {
  return tx
    .select({
      id: listings.id,
      sellerId: listings.sellerId,
      marka: listings.marka,
      modelKodu: listings.modelKodu,
      miad: listings.miad,
    })
    .from(listings)
    .where(and(isNotNull(listings.miad), eq(listings.status, 'Aktif'), where))
    .orderBy(asc(listings.miad), asc(listings.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Listings in stock whose miat is between `firstDay` and `lastDay` (both included), seller not told yet. */
export async function lockListingsExpiringBy(tx: Db, firstDay: string, lastDay: string, limit: number) {
  const window = and(
    gte(listings.miad, firstDay),
    lte(listings.miad, lastDay),
    isNull(listings.miadNotifiedAt),
    gt(listings.stock, 0),
  ) as SQL;
  return lockMiadListings(tx, window, limit);
}

export async function markMiadNotified(tx: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length > 0) await tx.update(listings).set({ miadNotifiedAt: now }).where(inArray(listings.id, ids));
}

/** Listings whose miat is before `today` (they no longer sell), seller not told so yet. */
export async function lockListingsExpiredBefore(tx: Db, today: string, limit: number) {
  return lockMiadListings(tx, and(lt(listings.miad, today), isNull(listings.miadExpiredNotifiedAt)) as SQL, limit);
}

/** The expiry notice was sent: the "within 30 days" notice is then past too. */
export async function markMiadExpiredNotified(tx: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(listings)
    .set({
      miadExpiredNotifiedAt: now,
      miadNotifiedAt: sql`coalesce(${listings.miadNotifiedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(inArray(listings.id, ids));
}
