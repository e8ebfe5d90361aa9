import { categoryLabel, subcategoryLabel } from '#shared/categories.ts';
import type { FavouriteItem } from '#shared/schemas/favourites.ts';
import { foldTurkish } from '#shared/turkish-fold.ts';

/** Every word typed must appear in the brand, model, name or Turkish category names, ignoring case and Turkish letters. */
export function matchesSearch(item: FavouriteItem, query: string): boolean {
  const words = foldTurkish(query).split(/\s+/).filter(Boolean);
  const text = foldTurkish(
    [
      item.brand,
      item.modelCode,
      item.name,
      categoryLabel(item.category),
      subcategoryLabel(item.category, item.subcategory) ?? '',
    ].join(' '),
  );
  return words.every((word) => text.includes(word));
}
