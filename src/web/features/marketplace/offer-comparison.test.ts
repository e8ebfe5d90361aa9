import { describe, expect, it } from 'vitest';
import type { ProductOffer } from '#shared/schemas/marketplace.ts';
import { compareOffers, defaultOfferFilters } from './offer-comparison.ts';

let next = 0;
function offer(fields: Partial<ProductOffer>): ProductOffer {
  next += 1;
  return {
    listingId: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    productId: '11111111-1111-4111-8111-111111111111',
    marka: 'Acuvue',
    modelKodu: 'Oasys',
    name: 'Günlük Lens',
    kategori: 'lens',
    altKategori: 'kontakt',
    renk: 'Standart',
    barcode: null,
    imageUrl: null,
    thumbnailUrl: null,
    priceKurus: 100_000,
    discountPercent: null,
    finalPriceKurus: 100_000,
    stock: 10,
    handlingDays: 2,
    minOrderQty: 1,
    miad: null,
    isPromoted: false,
    sellerId: 'seller',
    sellerHandle: 'optik',
    sellerSlug: 'optik',
    createdAt: '2026-01-15T09:00:00.000Z',
    sellerRating: null,
    sellerReviewCount: 0,
    ...fields,
  };
}

const cheapSlow = offer({ sellerHandle: 'ucuz', finalPriceKurus: 90_000, handlingDays: 5, sellerRating: 3.5 });
const dearFast = offer({ sellerHandle: 'hizli', finalPriceKurus: 450_000, handlingDays: 1, sellerRating: 4.8 });
const midUnrated = offer({ sellerHandle: 'yeni', finalPriceKurus: 200_000, handlingDays: 3, sellerRating: null });
const farAway = offer({ sellerHandle: 'uzak', finalPriceKurus: 800_000, handlingDays: 12, sellerRating: 4.2 });
const all = [dearFast, midUnrated, farAway, cheapSlow];
const handles = (offers: ProductOffer[]) => offers.map((o) => o.sellerHandle);

describe('compareOffers', () => {
  it('keeps every offer by default, cheapest first (the slider ends mean no limit)', () => {
    expect(handles(compareOffers(all, defaultOfferFilters, null))).toEqual(['ucuz', 'yeni', 'hizli', 'uzak']);
  });

  it('sorts by delivery time and by rating (unrated sellers last)', () => {
    expect(handles(compareOffers(all, { ...defaultOfferFilters, sort: 'delivery' }, null))).toEqual([
      'hizli',
      'yeni',
      'ucuz',
      'uzak',
    ]);
    expect(handles(compareOffers(all, { ...defaultOfferFilters, sort: 'rating' }, null))).toEqual([
      'hizli',
      'uzak',
      'ucuz',
      'yeni',
    ]);
  });

  it('filters by the highest price, the longest delivery and the lowest rating', () => {
    expect(handles(compareOffers(all, { ...defaultOfferFilters, maxPriceLira: 2000 }, null))).toEqual(['ucuz', 'yeni']);
    expect(handles(compareOffers(all, { ...defaultOfferFilters, maxDeliveryDays: 3 }, null))).toEqual([
      'yeni',
      'hizli',
    ]);
    expect(handles(compareOffers(all, { ...defaultOfferFilters, minRating: 4 }, null))).toEqual(['hizli', 'uzak']);
    expect(handles(compareOffers(all, { ...defaultOfferFilters, minRating: 4.5, maxDeliveryDays: 1 }, null))).toEqual([
      'hizli',
    ]);
  });

  it('puts the highlighted offer first when it passes the filters', () => {
    expect(handles(compareOffers(all, defaultOfferFilters, farAway.listingId))).toEqual([
      'uzak',
      'ucuz',
      'yeni',
      'hizli',
    ]);
    expect(handles(compareOffers(all, { ...defaultOfferFilters, maxDeliveryDays: 3 }, farAway.listingId))).toEqual([
      'yeni',
      'hizli',
    ]);
  });

  it('ignores the price bound for visitors, whose offers carry no prices', () => {
    const hidden = all.map((o) => ({ ...o, priceKurus: null, finalPriceKurus: null }));
    expect(compareOffers(hidden, { ...defaultOfferFilters, maxPriceLira: 100 }, null)).toHaveLength(4);
  });

  it('keeps sold-out offers last in every order', () => {
    const soldOut = offer({
      sellerHandle: 'tukendi',
      finalPriceKurus: 1_000,
      handlingDays: 1,
      sellerRating: 5,
      stock: 0,
    });
    for (const sort of ['price', 'delivery', 'rating'] as const) {
      expect(handles(compareOffers([soldOut, ...all], { ...defaultOfferFilters, sort }, null)).at(-1)).toBe('tukendi');
    }
  });

  it('does not change the list it was given', () => {
    const given = [...all];
    compareOffers(given, { ...defaultOfferFilters, sort: 'rating' }, cheapSlow.listingId);
    expect(given).toEqual(all);
  });
});
