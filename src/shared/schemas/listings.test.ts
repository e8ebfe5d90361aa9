import { describe, expect, it } from 'vitest';
import { listingMessages } from '../messages/listings.tr.ts';
import { todayInTurkey } from '../dates.ts';
import { createListingFormSchema, listingTypeLabel, type ListingFormFields } from './listings.ts';

/** The form's "today" is the app clock's, never the machine's. */
const NOW = new Date('2026-06-10T09:00:00Z');
const listingFormSchema = createListingFormSchema(() => NOW);

const v = listingMessages.validation;

const valid: ListingFormFields = {
  productId: '0b7c4f5e-5d1a-4c39-9a53-4c6f0e2b7a11',
  requiresExpiry: false,
  stock: '12',
  price: '249.90',
  miad: null,
  handlingDays: '2',
  minOrderQty: '1',
  discountPercent: '',
  isPromoted: false,
};

function firstMessage(fields: Partial<ListingFormFields>) {
  const result = listingFormSchema.safeParse({ ...valid, ...fields });
  return result.success ? null : result.error.issues[0].message;
}

function dayOffset(days: number) {
  return todayInTurkey(new Date(NOW.getTime() + days * 86_400_000));
}

describe('the product form schema', () => {
  it('turns the typed form into the listing input, lira into kuruş', () => {
    expect(listingFormSchema.parse({ ...valid, price: '1.234,50', discountPercent: '15', isPromoted: true })).toEqual({
      productId: valid.productId,
      stock: 12,
      priceKurus: 123_450,
      miad: null,
      handlingDays: 2,
      minOrderQty: 1,
      discountPercent: 15,
      isPromoted: true,
    });
    expect(listingFormSchema.parse(valid).priceKurus).toBe(24_990);
  });

  it.each([
    ['1350,75', 135_075],
    ['1.350,75', 135_075],
    ['₺ 1.350,75', 135_075],
    ['1.350,75 TL', 135_075],
    ['1350.75', 135_075],
    ['1.350', 135_000],
  ])('reads the price %j the one Turkish way (%s kuruş)', (price, kurus) => {
    expect(listingFormSchema.parse({ ...valid, price }).priceKurus).toBe(kurus);
  });

  it('reads grouped whole quantities ("1.000")', () => {
    const parsed = listingFormSchema.parse({ ...valid, stock: '1.000', minOrderQty: '1 000', handlingDays: ' 3 ' });
    expect([parsed.stock, parsed.minOrderQty, parsed.handlingDays]).toEqual([1000, 1000, 3]);
  });

  it.each([
    ['no product', { productId: '' }, v.productRequired],
    ['an empty stock', { stock: '' }, v.stockInvalid],
    ['a negative stock', { stock: '-1' }, v.stockInvalid],
    ['a fractional stock', { stock: '2.5' }, v.stockInvalid],
    ['an empty price', { price: '' }, v.priceInvalid],
    ['a price of 0', { price: '0' }, v.priceInvalid],
    ['a price with three decimals', { price: '1,005' }, v.priceInvalid],
    ['a price written the English way', { price: '1,350.75' }, v.priceInvalid],
    ['a price in words', { price: 'bin lira' }, v.priceInvalid],
    ['a stock with letters', { stock: '12 adet' }, v.stockInvalid],
    ['0 handling days', { handlingDays: '0' }, v.handlingDaysInvalid],
    ['a minimum order of 0', { minOrderQty: '0' }, v.minOrderInvalid],
    ['a discount of 95 %', { discountPercent: '95' }, v.discountInvalid],
  ])('refuses %s with the spec’s message', (_name, fields, message) => {
    expect(firstMessage(fields)).toBe(message);
  });

  it('requires an expiry date when the product needs one, and refuses today or the past', () => {
    expect(firstMessage({ requiresExpiry: true })).toBe('Lens ve solüsyon ürünleri için miat tarihi zorunludur.');
    expect(firstMessage({ requiresExpiry: true, miad: dayOffset(0) })).toBe('Miat tarihi bugünden sonra olmalıdır.');
    expect(firstMessage({ miad: dayOffset(-3) })).toBe(v.expiryPast);
    expect(firstMessage({ requiresExpiry: true, miad: dayOffset(2) })).toBeNull();
  });

  it('names the type by subcategory, else by category', () => {
    expect(listingTypeLabel('lens', 'kontakt')).toBe('Kontakt Lens');
    expect(listingTypeLabel('cocuk-gozlugu', null)).toBe('Çocuk Gözlüğü');
  });
});
