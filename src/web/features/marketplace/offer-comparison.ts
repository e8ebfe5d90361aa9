import type { ProductOffer } from '#shared/schemas/marketplace.ts';

/** The comparison's price slider runs 0–5000 TL and its delivery slider to 7 days (spec part 2 §2); their top ends mean "no limit". */
export const OFFER_PRICE_LIMIT_LIRA = 5000;
export const OFFER_DELIVERY_LIMIT_DAYS = 7;
export const offerRatingOptions = [0, 3, 4, 4.5] as const;
export const offerSorts = ['price', 'delivery', 'rating'] as const;
export type OfferSort = (typeof offerSorts)[number];

export interface OfferFilters {
  maxPriceLira: number;
  maxDeliveryDays: number;
  minRating: number;
  sort: OfferSort;
}

export const defaultOfferFilters: OfferFilters = {
  maxPriceLira: OFFER_PRICE_LIMIT_LIRA,
  maxDeliveryDays: OFFER_DELIVERY_LIMIT_DAYS,
  minRating: 0,
  sort: 'price',
};

/** Unknown values (null) always go last. */
function nullsLast(a: number | null, b: number | null, compare: (a: number, b: number) => number): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compare(a, b);
}
const ascending = (a: number | null, b: number | null) => nullsLast(a, b, (x, y) => x - y);
const descending = (a: number | null, b: number | null) => nullsLast(a, b, (x, y) => y - x);

const orders: Record<OfferSort, ((a: ProductOffer, b: ProductOffer) => number)[]> = {
  price: [(a, b) => ascending(a.finalPriceKurus, b.finalPriceKurus), (a, b) => a.handlingDays - b.handlingDays],
  delivery: [(a, b) => a.handlingDays - b.handlingDays, (a, b) => ascending(a.finalPriceKurus, b.finalPriceKurus)],
  // Highest rating first; unrated sellers last.
  rating: [
    (a, b) => descending(a.sellerRating, b.sellerRating),
    (a, b) => ascending(a.finalPriceKurus, b.finalPriceKurus),
  ],
};

/**
 * The offers that pass the comparison filters, in the chosen order with sold-out ones last; the offer the visitor came
 * for (a listing id in the address) leads when it passes. Prices are unknown (null) to visitors,
 * so the price bound only narrows members' lists.
 */
export function compareOffers(
  offers: readonly ProductOffer[],
  filters: OfferFilters,
  highlightedId: string | null,
): ProductOffer[] {
  const kept = offers.filter(
    (offer) =>
      (filters.maxPriceLira >= OFFER_PRICE_LIMIT_LIRA ||
        offer.finalPriceKurus === null ||
        offer.finalPriceKurus <= filters.maxPriceLira * 100) &&
      (filters.maxDeliveryDays >= OFFER_DELIVERY_LIMIT_DAYS || offer.handlingDays <= filters.maxDeliveryDays) &&
      (filters.minRating <= 0 || (offer.sellerRating !== null && offer.sellerRating >= filters.minRating)),
  );
  const sorted = kept.sort((a, b) => {
    // Offers that cannot be bought now (no stock) stay at the end whatever the order.
    if (a.stock > 0 !== b.stock > 0) return a.stock > 0 ? -1 : 1;
    for (const compare of orders[filters.sort]) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return a.listingId.localeCompare(b.listingId);
  });
  const lead = sorted.findIndex((offer) => offer.listingId === highlightedId);
  return lead > 0 ? [sorted[lead], ...sorted.slice(0, lead), ...sorted.slice(lead + 1)] : sorted;
}
