import { describe, expect, it } from 'vitest';
import type { CartItem } from '#shared/cart.ts';
import type { QuotedLine } from '#shared/schemas/checkout.ts';
import { fixAllItems, fixItem, toCartLines, withQuotedStock } from './cart-quote.ts';
import { addItem, countCartUnits, parseCart, removeItem, setItemQuantity } from './cart-store.ts';

const lens: CartItem = {
  id: '0b9f5a52-7c1e-4a57-9a0d-3d2f6c1e8b11',
  marka: 'Acuvue',
  model_kodu: 'Oasys 1-Day',
  fiyat: 115_000,
  quantity: 2,
  maxStock: 5,
  images: [],
  seller_id: 'nlfer0demo',
};
const frame: CartItem = {
  ...lens,
  id: '5c2d8e3a-1b4f-4e6a-8c7d-9e0f1a2b3c44',
  marka: 'Ray-Ban',
  model_kodu: 'RB2140',
  quantity: 1,
  maxStock: 1,
};

describe('parseCart', () => {
  it('reads stored items in the spec’s shape', () => {
    expect(parseCart(JSON.stringify([lens, frame]))).toEqual([lens, frame]);
  });

  it('treats missing, corrupt or malformed storage as an empty cart', () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart('')).toEqual([]);
    expect(parseCart('{bozuk')).toEqual([]);
    expect(parseCart(JSON.stringify({ items: [lens] }))).toEqual([]);
    expect(parseCart(JSON.stringify([{ ...lens, quantity: 0 }]))).toEqual([]);
    expect(parseCart(JSON.stringify([{ ...lens, fiyat: '1150,00' }]))).toEqual([]);
  });

  it('drops a malformed item and keeps the others', () => {
    expect(parseCart(JSON.stringify([{ ...lens, quantity: 1.5 }, frame, null, { ...lens, fiyat: null }]))).toEqual([
      frame,
    ]);
  });
});

describe('addItem', () => {
  it('adds a new offer at the end', () => {
    expect(addItem([lens], frame)).toEqual({ ok: true, items: [lens, frame] });
  });

  it('raises the quantity of an offer already in the cart, keeping its place and taking its latest details', () => {
    const change = addItem([lens, frame], { ...lens, quantity: 3, fiyat: 110_000 });
    expect(change).toEqual({ ok: true, items: [{ ...lens, quantity: 5, fiyat: 110_000 }, frame] });
  });

  it('refuses when the total would pass the stock, changing nothing', () => {
    const items = [lens];
    expect(addItem(items, { ...lens, quantity: 4 })).toEqual({ ok: false, maxStock: 5 });
    expect(addItem([], { ...frame, quantity: 2 })).toEqual({ ok: false, maxStock: 1 });
    expect(items).toEqual([lens]);
  });

  it('checks the total against the latest stock of the offer', () => {
    expect(addItem([lens], { ...lens, quantity: 1, maxStock: 2 })).toEqual({ ok: false, maxStock: 2 });
  });

  it('adds whole units only, and a total of zero or less removes the offer', () => {
    expect(addItem([], { ...lens, quantity: 2.7 })).toEqual({ ok: true, items: [lens] });
    expect(addItem([lens, frame], { ...lens, quantity: -2 })).toEqual({ ok: true, items: [frame] });
    expect(addItem([frame], { ...lens, quantity: 0 })).toEqual({ ok: true, items: [frame] });
  });
});

describe('setItemQuantity', () => {
  it('sets the quantity within the stock', () => {
    expect(setItemQuantity([lens, frame], lens.id, 5)).toEqual({ ok: true, items: [{ ...lens, quantity: 5 }, frame] });
  });

  it('removes the item at zero or less', () => {
    expect(setItemQuantity([lens, frame], lens.id, 0)).toEqual({ ok: true, items: [frame] });
    expect(setItemQuantity([lens, frame], frame.id, -3)).toEqual({ ok: true, items: [lens] });
  });

  it('refuses more than the stock', () => {
    expect(setItemQuantity([lens], lens.id, 6)).toEqual({ ok: false, maxStock: 5 });
  });

  it('cuts a fraction before checking (0.5 removes, 5.5 is 5), and ignores what is not a number', () => {
    expect(setItemQuantity([lens, frame], lens.id, 0.5)).toEqual({ ok: true, items: [frame] });
    expect(setItemQuantity([lens], lens.id, 5.5)).toEqual({ ok: true, items: [{ ...lens, quantity: 5 }] });
    expect(setItemQuantity([lens], lens.id, Number.NaN)).toEqual({ ok: true, items: [lens] });
  });

  it('leaves the cart as it is for an offer that is not in it', () => {
    expect(setItemQuantity([lens], frame.id, 1)).toEqual({ ok: true, items: [lens] });
  });
});

/** The server's quote of a cart item, as it is unless a test says otherwise. */
function quoted(item: CartItem, patch: Partial<QuotedLine> = {}): QuotedLine {
  return {
    listingId: item.id,
    productId: '9d6c1f0e-2b3a-4c5d-8e7f-0a1b2c3d4e5f',
    marka: item.marka,
    modelKodu: item.model_kodu,
    name: `${item.marka} ${item.model_kodu}`,
    thumbnailUrl: null,
    sellerId: item.seller_id,
    sellerHandle: 'demo',
    sellerSlug: 'demo',
    quantity: item.quantity,
    unitPriceKurus: item.fiyat,
    seenUnitPriceKurus: item.fiyat,
    lineTotalKurus: item.fiyat * item.quantity,
    stock: item.maxStock,
    minOrderQty: 1,
    problems: [],
    ...patch,
  };
}

describe('removeItem and countCartUnits', () => {
  it('takes one offer out and leaves the others in order', () => {
    expect(removeItem([lens, frame], lens.id)).toEqual([frame]);
    expect(removeItem([lens], frame.id)).toEqual([lens]);
  });

  it('counts units, not lines (the header badge)', () => {
    expect(countCartUnits([])).toBe(0);
    expect(countCartUnits([lens, frame])).toBe(3);
  });
});

describe('toCartLines', () => {
  it('sends the offer, the quantity and the price the buyer saw', () => {
    expect(toCartLines([lens, frame])).toEqual([
      { listingId: lens.id, quantity: 2, seenUnitPriceKurus: 115_000 },
      { listingId: frame.id, quantity: 1, seenUnitPriceKurus: 115_000 },
    ]);
  });
});

describe('fixItem', () => {
  it('removes an offer that is gone, switched off or the buyer’s own', () => {
    expect(fixItem([lens, frame], quoted(lens, { problems: ['unavailable'], productId: null }))).toEqual([frame]);
    expect(fixItem([lens, frame], quoted(lens, { problems: ['own_offer'] }))).toEqual([frame]);
  });

  it('accepts a changed price as the price seen', () => {
    const line = quoted(lens, { unitPriceKurus: 99_990, problems: ['price_changed'] });
    expect(fixItem([lens, frame], line)).toEqual([{ ...lens, fiyat: 99_990 }, frame]);
  });

  it('lowers the quantity to the stock left and remembers that stock; sold out removes', () => {
    expect(fixItem([lens], quoted(lens, { stock: 1, problems: ['insufficient_stock'] }))).toEqual([
      { ...lens, quantity: 1, maxStock: 1 },
    ]);
    expect(fixItem([lens, frame], quoted(lens, { stock: 0, problems: ['insufficient_stock'] }))).toEqual([frame]);
  });

  it('raises the quantity to the seller’s minimum, or removes the offer when the stock cannot reach it', () => {
    expect(fixItem([lens], quoted(lens, { minOrderQty: 4, problems: ['below_minimum'] }))).toEqual([
      { ...lens, quantity: 4 },
    ]);
    expect(fixItem([lens], quoted(lens, { minOrderQty: 6, stock: 5, problems: ['below_minimum'] }))).toEqual([]);
  });

  it('fixes several problems of one line together', () => {
    const line = quoted(lens, { unitPriceKurus: 120_000, stock: 1, problems: ['price_changed', 'insufficient_stock'] });
    expect(fixItem([lens], line)).toEqual([{ ...lens, fiyat: 120_000, quantity: 1, maxStock: 1 }]);
  });

  it('leaves a line without problems, and an offer not in the cart, as they are', () => {
    expect(fixItem([lens], quoted(lens, { stock: 1 }))).toEqual([lens]);
    expect(fixItem([lens], quoted(frame, { problems: ['unavailable'] }))).toEqual([lens]);
  });
});

describe('fixAllItems', () => {
  it('applies every line’s fix at once', () => {
    const lines = [
      quoted(lens, { unitPriceKurus: 100_000, problems: ['price_changed'] }),
      quoted(frame, { problems: ['unavailable'] }),
    ];
    expect(fixAllItems([lens, frame], lines)).toEqual([{ ...lens, fiyat: 100_000 }]);
  });
});

describe('withQuotedStock', () => {
  it('brings the stored stock up to the server’s', () => {
    expect(withQuotedStock([lens, frame], [quoted(lens, { stock: 9 }), quoted(frame)])).toEqual([
      { ...lens, maxStock: 9 },
      frame,
    ]);
  });

  it('returns the same array when nothing differs or the offer is gone', () => {
    const items = [lens, frame];
    expect(withQuotedStock(items, [quoted(lens), quoted(frame)])).toBe(items);
    expect(withQuotedStock(items, [quoted(lens, { productId: null, stock: 0, problems: ['unavailable'] })])).toBe(
      items,
    );
  });
});
