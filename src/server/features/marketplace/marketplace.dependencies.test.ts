import { describe, expect, it } from 'vitest';
import { listingState } from '../../../../test/factories.ts';
import { stockPatchOf, type ListingScope } from './marketplace.dependencies.ts';

const scope = (fields: Partial<ListingScope> = {}): ListingScope => ({
  productIds: null,
  brands: [],
  inStock: false,
  promoted: false,
  ...fields,
});

// Noon of 31 March 2027 in Turkey.
const visitor = { scope: scope(), priceSort: false, pricesVisible: false, now: new Date('2027-03-31T09:00:00Z') };
const member = { ...visitor, pricesVisible: true };

describe('which listing changes a cached page can take as a patch', () => {
  it('adds a sale or a restock on the same side of zero to the card', () => {
    expect(stockPatchOf({ before: listingState(), after: listingState({ stock: 4 }) }, visitor)).toEqual({
      productId: 'p1',
      stockDelta: -1,
    });
    expect(stockPatchOf({ before: listingState(), after: listingState({ stock: 25 }) }, member)).toEqual({
      productId: 'p1',
      stockDelta: 20,
    });
  });

  it('adds nothing for a listing the card does not sum: miat passed, or outside the filters', () => {
    const expired = {
      before: listingState({ miad: '2027-03-30', stock: 5 }),
      after: listingState({ miad: '2027-03-30', stock: 4 }),
    };
    expect(stockPatchOf(expired, visitor)).toEqual({ productId: 'p1', stockDelta: 0 });
    const onTheDay = {
      before: listingState({ miad: '2027-03-31' }),
      after: listingState({ miad: '2027-03-31', stock: 4 }),
    };
    expect(stockPatchOf(onTheDay, visitor)?.stockDelta).toBe(-1);
    const otherBrand = { ...visitor, scope: scope({ brands: ['Oakley'] }) };
    expect(stockPatchOf({ before: listingState(), after: listingState({ stock: 4 }) }, otherBrand)?.stockDelta).toBe(0);
  });

  it('takes a price change only where no price is shown, filtered or sorted by', () => {
    const change = { before: listingState(), after: listingState({ priceKurus: 90_000, stock: 4 }) };
    expect(stockPatchOf(change, visitor)?.stockDelta).toBe(-1);
    expect(stockPatchOf(change, member)).toBeNull();
    expect(stockPatchOf(change, { ...visitor, scope: scope({ maxFinalKurus: 95_000 }) })).toBeNull();
  });

  it('takes nothing else: selling out, a new picture or seller, status, a new listing, an unannounced digest', () => {
    expect(stockPatchOf({ before: listingState(), after: listingState({ stock: 0 }) }, visitor)).toBeNull();
    expect(
      stockPatchOf({ before: listingState(), after: listingState({ stock: 4, cardKey: 'beef0000' }) }, visitor),
    ).toBeNull();
    expect(
      stockPatchOf({ before: listingState(), after: listingState({ status: 'Yayında Değil' }) }, visitor),
    ).toBeNull();
    expect(stockPatchOf({ before: null, after: listingState() }, visitor)).toBeNull();
    expect(
      stockPatchOf(
        { before: listingState({ cardKey: null }), after: listingState({ cardKey: null, stock: 4 }) },
        visitor,
      ),
    ).toBeNull();
    expect(
      stockPatchOf({ before: listingState(), after: listingState({ isPromoted: true, stock: 4 }) }, visitor),
    ).toBeNull();
  });
});
