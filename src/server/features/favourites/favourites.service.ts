import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { discountedPrice } from '#shared/money.ts';
import { FAVOURITES_MAX, type FavouriteIds, type FavouriteList } from '#shared/schemas/favourites.ts';
import { listingImageUrl } from '#shared/schemas/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../db/client.ts';
import type { MemberContext } from '../../lib/context.ts';
import {
  countFavourites,
  deleteFavourite,
  findApprovedProductId,
  findCheapestOffers,
  findPriceDropAudience,
  insertFavourite,
  isFavourite,
  listFavouriteProductIds,
  listFavouriteProducts,
  lockFavouritesOf,
} from './favourites.repo.ts';

/** The member's favourite products with their best current offer, newest favourite first. */
export async function listFavourites(ctx: MemberContext): Promise<FavouriteList> {
  const products = await listFavouriteProducts(ctx.db, ctx.user.id);
  const offers = new Map(
    (
      await findCheapestOffers(
        ctx.db,
        products.map((p) => p.productId),
        ctx.clock.now(),
      )
    ).map((o) => [o.productId, o]),
  );
  return {
    items: products.map((product) => {
      const offer = offers.get(product.productId);
      return {
        ...product,
        thumbnailUrl: listingImageUrl(offer?.thumbnailKey ?? null),
        offerCount: offer?.offerCount ?? 0,
        lowestPriceKurus: offer ? discountedPrice(offer.priceKurus, offer.discountPercent) : null,
        favouritedAt: product.favouritedAt.toISOString(),
      };
    }),
  };
}

/** Ids of the member's favourite products: what every heart on a page needs. */
export async function listFavouriteIds(ctx: MemberContext): Promise<FavouriteIds> {
  return { productIds: await listFavouriteProductIds(ctx.db, ctx.user.id) };
}

/** Adds an approved catalogue product to the member's favourites; adding it again changes nothing. */
export async function addFavourite(ctx: MemberContext, productId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await findApprovedProductId(tx, productId))) throw new AppError('PRODUCT_NOT_FOUND');
    // Two tabs adding at once must not both pass the limit check.
    await lockFavouritesOf(tx, ctx.user.id);
    if (await isFavourite(tx, ctx.user.id, productId)) return;
    if ((await countFavourites(tx, ctx.user.id)) >= FAVOURITES_MAX) {
      throw new AppError('LIMIT_REACHED', marketplaceMessages.favourites.limitReached(FAVOURITES_MAX));
    }
    await insertFavourite(tx, ctx.user.id, productId, ctx.clock.now());
  });
}

/** Removes a product from the member's favourites; removing one that is not there changes nothing. */
export async function removeFavourite(ctx: MemberContext, productId: string): Promise<void> {
  await deleteFavourite(ctx.db, ctx.user.id, productId);
}

/**
 * The members to tell, in the price change's transaction, that a listing of a product they favour
 * got cheaper (see findPriceDropAudience: their toggle on, at most once per listing since `since`).
 */
export async function findPriceDropRecipients(
  tx: Db,
  target: { productId: string; listingId: string; sellerId: string; since: Date },
): Promise<string[]> {
  return findPriceDropAudience(tx, target);
}
