import { z } from './zod-tr.ts';

/** Most products one member may keep as favourites. */
export const FAVOURITES_MAX = 500;

export const favouriteParamsSchema = z.object({ productId: z.uuid({ error: 'Geçersiz ürün numarası' }) });

export const favouriteIdsSchema = z.object({ productIds: z.array(z.uuid()) });
export type FavouriteIds = z.infer<typeof favouriteIdsSchema>;

/** A favourite product with its best current offer. */
export const favouriteItemSchema = z.object({
  productId: z.uuid(),
  brand: z.string(),
  modelCode: z.string(),
  name: z.string(),
  category: z.string(),
  subcategory: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Active offers with stock. */
  offerCount: z.number().int(),
  /** Lowest final price among them; null when none. */
  lowestPriceKurus: z.number().int().nullable(),
  favouritedAt: z.iso.datetime(),
});
export type FavouriteItem = z.infer<typeof favouriteItemSchema>;

export const favouriteListSchema = z.object({ items: z.array(favouriteItemSchema) });
export type FavouriteList = z.infer<typeof favouriteListSchema>;
