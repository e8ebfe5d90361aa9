import { and, asc, count, desc, eq, gt, gte, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueProducts } from '../../db/schema/catalogue.ts';
import { favourites } from '../../db/schema/favourites.ts';
import { listings } from '../../db/schema/listings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { userSettings } from '../../db/schema/user-settings.ts';
import { users } from '../../db/schema/users.ts';
import { miadSellableSql } from '../../lib/miad-sql.ts';
import { finalPriceSql } from '../../lib/money-sql.ts';

export async function findApprovedProductId(db: Db, productId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: catalogueProducts.id })
    .from(catalogueProducts)
    .where(and(eq(catalogueProducts.id, productId), eq(catalogueProducts.status, 'approved')));
  return row?.id ?? null;
}

/** Serialises a member's favourite changes until the transaction ends (the limit check depends on it). */
export async function lockFavouritesOf(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`favourites:${userId}`}))`);
}

export async function isFavourite(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ productId: favourites.productId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
  return row !== undefined;
}

export async function countFavourites(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favourites).where(eq(favourites.userId, userId));
  return row.n;
}

export async function insertFavourite(db: Db, userId: string, productId: string, createdAt: Date): Promise<void> {
  await db.insert(favourites).values({ userId, productId, createdAt }).onConflictDoNothing();
}

export async function deleteFavourite(db: Db, userId: string, productId: string): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
}

export async function listFavouriteProductIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: favourites.productId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), asc(favourites.productId));
  return rows.map((row) => row.productId);
}

/** The member's favourite products that are in the catalogue, newest favourite first. */
export async function listFavouriteProducts(db: Db, userId: string) {
  return db
    .select({
      productId: catalogueProducts.id,
      brand: catalogueProducts.brand,
      modelCode: catalogueProducts.modelCode,
      name: catalogueProducts.name,
      category: catalogueProducts.category,
      subcategory: catalogueProducts.subcategory,
      favouritedAt: favourites.createdAt,
    })
    .from(favourites)
    .innerJoin(
      catalogueProducts,
      and(eq(catalogueProducts.id, favourites.productId), eq(catalogueProducts.status, 'approved')),
    )
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), asc(favourites.productId));
}

/**
 * For each product, its cheapest offer that can be bought at `now` ('Aktif', in stock, within its
 * miat) and how many such offers there are, cheapest by the final (discounted) price.
 */
export async function findCheapestOffers(db: Db, productIds: string[], now: Date) {
  if (productIds.length === 0) return [];
  return db
    .selectDistinctOn([listings.productId], {
      productId: sql<string>`${listings.productId}`,
      priceKurus: listings.priceKurus,
      discountPercent: listings.discountPercent,
      thumbnailKey: listings.thumbnailKey,
      offerCount: sql<number>`count(*) over (partition by ${listings.productId})`.mapWith(Number),
    })
    .from(listings)
    .where(
      and(
        inArray(listings.productId, productIds),
        eq(listings.status, 'Aktif'),
        gt(listings.stock, 0),
        miadSellableSql(listings.miad, now),
      ),
    )
    .orderBy(
      listings.productId,
      finalPriceSql(listings.priceKurus, listings.discountPercent),
      asc(listings.createdAt),
      asc(listings.id),
    );
}

/**
 * Who is told that a listing of this product got cheaper: members (not banned) who favour the
 * product, not the listing's seller, whose "Fiyat Değişikliği Bildirimleri" is on (no settings row:
 * the default, on) and who were not yet told about this listing since `since` (the day's start).
 * The caller holds the listing's row lock, so concurrent edits of one listing see each other's rows.
 */
export async function findPriceDropAudience(
  tx: Db,
  target: { productId: string; listingId: string; sellerId: string; since: Date },
): Promise<string[]> {
  const rows = await tx
    .select({ id: favourites.userId })
    .from(favourites)
    .innerJoin(users, eq(users.id, favourites.userId))
    .leftJoin(userSettings, eq(userSettings.userId, favourites.userId))
    .where(
      and(
        eq(favourites.productId, target.productId),
        ne(favourites.userId, target.sellerId),
        eq(users.banned, false),
        sql`coalesce(${userSettings.priceChangeNotifications}, true)`,
        notExists(
          tx
            .select({ one: sql`1` })
            .from(notifications)
            .where(
              and(
                eq(notifications.userId, favourites.userId),
                eq(notifications.type, 'price_dropped'),
                eq(notifications.relatedId, target.listingId),
                gte(notifications.createdAt, target.since),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(favourites.userId));
  return rows.map((r) => r.id);
}
