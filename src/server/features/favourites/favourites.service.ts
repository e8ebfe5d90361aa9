import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { discountedPrice } from '#shared/money.ts';
import { FAVOURITES_MAX, type FavouriteIds, type FavouriteList } from '#shared/schemas/favourites.ts';
import { listingImageUrl } from '#shared/schemas/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import {
  countFavourites,
  deleteFavourite,
  findApprovedProductId,
  findCheapestOffers,
  insertFavourite,
  isFavourite,
  listFavouriteProductIds,
  listFavouriteProducts,
  lockFavouritesOf,
} from './favourites.repo.ts';

/** The signed-in member whose favourites are read or changed. */
export interface Member {
  id: string;
}

/** The member's favourite products with their best current offer, newest favourite first. */
export async function listFavourites(ctx: ServiceContext, member: Member): Promise<FavouriteList> {
  const products = await listFavouriteProducts(ctx.db, member.id);
  const offers = new Map(
    (
      await findCheapestOffers(
        ctx.db,
        products.map((p) => p.productId),
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
export async function listFavouriteIds(ctx: ServiceContext, member: Member): Promise<FavouriteIds> {
  return { productIds: await listFavouriteProductIds(ctx.db, member.id) };
}

/** Adds an approved catalogue product to the member's favourites; adding it again changes nothing. */
export async function addFavourite(ctx: ServiceContext, member: Member, productId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await findApprovedProductId(tx, productId))) throw new AppError('PRODUCT_NOT_FOUND');
    // Two tabs adding at once must not both pass the limit check.
    await lockFavouritesOf(tx, member.id);
    if (await isFavourite(tx, member.id, productId)) return;
    if ((await countFavourites(tx, member.id)) >= FAVOURITES_MAX) {
      throw new AppError('LIMIT_REACHED', marketplaceMessages.favourites.limitReached(FAVOURITES_MAX));
    }
    await insertFavourite(tx, member.id, productId, ctx.clock.now());
  });
}

/** Removes a product from the member's favourites; removing one that is not there changes nothing. */
export async function removeFavourite(ctx: ServiceContext, member: Member, productId: string): Promise<void> {
  await deleteFavourite(ctx.db, member.id, productId);
}
