import { describe, expect, it } from 'vitest';
import type { CartItem } from '#shared/schemas/cart.ts';
import { addItem, parseCart, setItemQuantity } from './cart-store.ts';

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
