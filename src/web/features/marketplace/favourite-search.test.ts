import { describe, expect, it } from 'vitest';
import type { FavouriteItem } from '#shared/schemas/favourites.ts';
import { matchesSearch } from './favourite-search.ts';

const item: FavouriteItem = {
  productId: '11111111-1111-4111-8111-111111111111',
  brand: 'Ray-Ban',
  modelCode: 'RB2140',
  name: 'Wayfarer Işıklı Güneş Gözlüğü',
  category: 'gunes-gozlugu',
  subcategory: 'erkek',
  thumbnailUrl: null,
  offerCount: 1,
  lowestPriceKurus: 345_000,
  favouritedAt: '2026-01-15T09:00:00.000Z',
};

describe('matchesSearch', () => {
  it('matches brand, model and name without regard to case or Turkish letters', () => {
    expect(matchesSearch(item, 'ray-ban')).toBe(true);
    expect(matchesSearch(item, 'rb2140')).toBe(true);
    expect(matchesSearch(item, 'IŞIKLI')).toBe(true);
    expect(matchesSearch(item, 'isikli gunes')).toBe(true);
  });

  it('matches the Turkish category names and needs every word', () => {
    expect(matchesSearch(item, 'güneş gözlüğü erkek')).toBe(true);
    expect(matchesSearch(item, 'wayfarer kadın')).toBe(false);
    expect(matchesSearch(item, 'oakley')).toBe(false);
  });

  it('a blank search keeps everything', () => {
    expect(matchesSearch(item, '   ')).toBe(true);
  });
});
