import { reviewMessages as m } from '#shared/messages/reviews.tr.ts';
import type { StoreReviewList } from '#shared/schemas/reviews.ts';
import type { StoreListingList, StoreProfile } from '#shared/schemas/stores.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { listStoreListings, viewerOf } from '../marketplace/index.ts';
import { listStoreReviews, ratingsOfStores } from '../reviews/index.ts';
import { findStoreBySlug } from './stores.repo.ts';

async function storeAt(ctx: ServiceContext, slug: string) {
  const store = await findStoreBySlug(ctx.db, slug);
  if (!store) throw new AppError('NOT_FOUND', m.errors.storeNotFound);
  return store;
}

/** /magaza/:slug: the store's name, city, member since, rating, and whether the viewer is its owner. */
export async function getStore(ctx: ServiceContext, slug: string): Promise<StoreProfile> {
  const store = await storeAt(ctx, slug);
  const ratings = await ratingsOfStores(ctx.db, [store.id]);
  return {
    id: store.id,
    slug,
    handle: store.handle,
    name: store.storeName ?? store.accountName,
    city: store.city,
    memberSince: store.createdAt.toISOString(),
    rating: ratings.get(store.id)!,
    isOwner: ctx.user?.id === store.id,
  };
}

export async function getStoreReviews(ctx: ServiceContext, slug: string, page: number): Promise<StoreReviewList> {
  const store = await storeAt(ctx, slug);
  return listStoreReviews(ctx, { sellerId: store.id, page });
}

export async function getStoreListings(ctx: ServiceContext, slug: string, page: number): Promise<StoreListingList> {
  const store = await storeAt(ctx, slug);
  return listStoreListings(ctx, { sellerId: store.id, page, viewer: viewerOf(ctx.user) });
}
