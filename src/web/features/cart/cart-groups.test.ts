import { describe, expect, it } from 'vitest';
import type { CartItem } from '#shared/cart.ts';
import type { CartQuote, QuotedLine } from '#shared/schemas/checkout.ts';
import { groupCartBySeller, linesWithProblems } from './cart-groups.ts';

const item = (id: string, seller: string, patch: Partial<CartItem> = {}): CartItem => ({
  id,
  marka: 'Ray-Ban',
  model_kodu: `RB-${id.slice(0, 4)}`,
  fiyat: 100_000,
  quantity: 1,
  maxStock: 5,
  images: [],
  seller_id: seller,
  ...patch,
});
const a1 = item('11111111-1111-4111-8111-111111111111', 'seller-a');
const b1 = item('22222222-2222-4222-8222-222222222222', 'seller-b');
const a2 = item('33333333-3333-4333-8333-333333333333', 'seller-a');

function line(of: CartItem, patch: Partial<QuotedLine> = {}): QuotedLine {
  return {
    listingId: of.id,
    productId: '44444444-4444-4444-8444-444444444444',
    marka: of.marka,
    modelKodu: of.model_kodu,
    name: of.model_kodu,
    thumbnailUrl: null,
    sellerId: of.seller_id,
    sellerHandle: of.seller_id === 'seller-a' ? 'aoptik' : 'boptik',
    sellerSlug: of.seller_id === 'seller-a' ? 'a-optik' : 'b-optik',
    quantity: of.quantity,
    unitPriceKurus: of.fiyat,
    seenUnitPriceKurus: of.fiyat,
    lineTotalKurus: of.fiyat * of.quantity,
    stock: of.maxStock,
    minOrderQty: 1,
    problems: [],
    ...patch,
  };
}

function quoteOf(lines: QuotedLine[], groups: { sellerId: string; subtotalKurus: number }[] = []): CartQuote {
  return {
    pricesVisible: true,
    isUtsNumberMissing: false,
    lines,
    price: {
      groups: groups.map((g) => ({
        sellerId: g.sellerId,
        sellerHandle: null,
        sellerSlug: null,
        listingIds: [],
        subtotalKurus: g.subtotalKurus,
        shippingKurus: 2500,
        isFreeShipping: false,
        untilFreeShippingKurus: 100_000 - g.subtotalKurus,
        vatKurus: 0,
        vatByRate: [],
        totalKurus: 0,
        discountKurus: 0,
        chargedKurus: 0,
      })),
      subtotalKurus: 0,
      shippingKurus: 0,
      vatKurus: 0,
      vatByRate: [],
      isVatIncluded: false,
      vatRateBp: 2000,
      totalKurus: 0,
      installments: 1,
      discountKurus: 0,
      chargedKurus: 0,
      installmentAmounts: [],
      plans: [],
    },
    settings: {
      shippingFeeKurus: 2500,
      freeShippingFromKurus: 100_000,
      escrowDays: 15,
      vatRateBp: 2000,
      pricesIncludeVat: false,
    },
    isReady: true,
  };
}

describe('groupCartBySeller', () => {
  it('groups items by seller in the order the sellers first appear, with the quote’s handle and group money', () => {
    const quote = quoteOf([line(a1), line(b1), line(a2)], [{ sellerId: 'seller-a', subtotalKurus: 200_000 }]);
    const groups = groupCartBySeller([a1, b1, a2], quote);
    expect(groups.map((g) => [g.sellerId, g.sellerHandle, g.entries.map((e) => e.item.id)])).toEqual([
      ['seller-a', 'aoptik', [a1.id, a2.id]],
      ['seller-b', 'boptik', [b1.id]],
    ]);
    expect(groups[0].price?.subtotalKurus).toBe(200_000);
    expect(groups[1].price).toBeNull();
  });

  it('uses the stored seller until the quote has answered, with no money', () => {
    const groups = groupCartBySeller([a1, b1], undefined);
    expect(groups.map((g) => [g.sellerId, g.sellerHandle, g.price])).toEqual([
      ['seller-a', null, null],
      ['seller-b', null, null],
    ]);
    expect(groups[0].entries[0].line).toBeUndefined();
  });

  it('puts offers that no longer exist (no seller in the quote) in their own group', () => {
    const gone = line(b1, { productId: null, sellerId: null, sellerHandle: null, problems: ['unavailable'] });
    const groups = groupCartBySeller([a1, b1], quoteOf([line(a1), gone]));
    expect(groups.map((g) => g.sellerId)).toEqual(['seller-a', null]);
    expect(groups[1].entries[0].line).toBe(gone);
  });
});

describe('linesWithProblems', () => {
  it('lists only the quoted lines with problems that are still in the cart', () => {
    const changed = line(a1, { problems: ['price_changed'], unitPriceKurus: 90_000 });
    const removed = line(a2, { problems: ['unavailable'] });
    expect(linesWithProblems([a1, b1], quoteOf([changed, line(b1), removed]))).toEqual([changed]);
    expect(linesWithProblems([a1], undefined)).toEqual([]);
  });

  it('leaves price changes out for visitors, who see no prices, and keeps their other problems', () => {
    const quote = {
      ...quoteOf([line(a1, { problems: ['price_changed'] }), line(b1, { problems: ['price_changed', 'unavailable'] })]),
      pricesVisible: false,
    };
    expect(linesWithProblems([a1, b1], quote).map((l) => [l.listingId, l.problems])).toEqual([
      [b1.id, ['unavailable']],
    ]);
    expect(groupCartBySeller([a1], quote)[0].entries[0].line?.problems).toEqual([]);
  });
});
