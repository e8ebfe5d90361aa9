import { pageSchema } from './common.ts';
import { listingCardSchema } from './marketplace.ts';
import { storeRatingSchema } from './reviews.ts';
import { z } from './zod-tr.ts';

/** Active listings per page on a store page. */
export const STORE_LISTINGS_PAGE_SIZE = 12;

/** /magaza/:slug; a slug no store has, whatever its shape, is answered "not found", not "invalid". */
export const storeParamsSchema = z.object({ slug: z.string().max(100) });

export const storePageQuerySchema = z.object({ page: pageSchema });

/** A store's public page: who it is, since when, and its rating. */
export const storeProfileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  handle: z.string().nullable(),
  /** The store's name from its approved application (the account name otherwise). */
  name: z.string(),
  city: z.string().nullable(),
  memberSince: z.iso.datetime(),
  rating: storeRatingSchema,
  /** The signed-in member is this store. */
  isOwner: z.boolean(),
});
export type StoreProfile = z.infer<typeof storeProfileSchema>;

/** A page of a store's active listings (prices for members only, as everywhere). */
export const storeListingListSchema = z.object({
  items: z.array(listingCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  pricesVisible: z.boolean(),
});
export type StoreListingList = z.infer<typeof storeListingListSchema>;
