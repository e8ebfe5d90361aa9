import { describe, expect, it } from 'vitest';
import { orderAmountLabel, orderAmountShown, type OrderAmountRow } from '#shared/order-amounts.ts';
import type { Installments } from '#shared/pricing.ts';
import { cartQuoteSchema, type CartQuote, type CartQuoteBody, type QuotedLine } from '#shared/schemas/checkout.ts';
import { createFakeShop, fakeFrames, fakeLenses, type FakeOffer } from '../../lib/test-support/fake-shop.ts';
import { chargedFor, differencesOf, plansOf, summaryOf } from './summary.ts';

const ids = {
  lens: '0b9f5a52-7c1e-4a57-9a0d-3d2f6c1e8b11',
  frame: '5c2d8e3a-1b4f-4e6a-8c7d-9e0f1a2b3c44',
  case: '7d3e9f4b-2c5a-4f7b-9d8e-0f1a2b3c4d55',
};

function line(overrides: Partial<QuotedLine> & Pick<QuotedLine, 'listingId'>): QuotedLine {
  return {
    productId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    marka: 'Acuvue',
    modelKodu: 'Oasys 1-Day',
    name: 'Acuvue Oasys 1-Day',
    thumbnailUrl: null,
    sellerId: 'nlfer0demo',
    sellerHandle: 'niluferlens',
    sellerSlug: 'nilufer-lens-merkezi',
    quantity: 2,
    unitPriceKurus: 115_000,
    seenUnitPriceKurus: 115_000,
    lineTotalKurus: 230_000,
    stock: 40,
    minOrderQty: 1,
    problems: [],
    ...overrides,
  };
}

// Deliberately odd figures that no client formula would produce: the summary must show the server's.
const quote: CartQuote = cartQuoteSchema.parse({
  pricesVisible: true,
  isUtsNumberMissing: false,
  lines: [
    line({ listingId: ids.lens }),
    line({
      listingId: ids.frame,
      marka: 'Ray-Ban',
      modelKodu: 'RB2140',
      sellerId: 'kdkoy0demo',
      sellerHandle: null,
      quantity: 1,
      unitPriceKurus: 345_000,
      seenUnitPriceKurus: 345_000,
      lineTotalKurus: 345_000,
    }),
    line({
      listingId: ids.case,
      marka: 'OptiStok',
      modelKodu: 'Kutu',
      sellerId: 'nlfer0demo',
      quantity: 3,
      lineTotalKurus: 13_500,
    }),
  ],
  price: {
    groups: [
      {
        sellerId: 'nlfer0demo',
        sellerHandle: 'niluferlens',
        sellerSlug: 'nilufer-lens-merkezi',
        listingIds: [ids.lens, ids.case],
        subtotalKurus: 243_501,
        shippingKurus: 0,
        isFreeShipping: true,
        untilFreeShippingKurus: null,
        vatKurus: 43_830,
        vatByRate: [{ vatRateBp: 2000, baseKurus: 219_150, vatKurus: 43_830 }],
        totalKurus: 287_331,
        discountKurus: 5_747,
        chargedKurus: 281_584,
      },
      {
        sellerId: 'kdkoy0demo',
        sellerHandle: null,
        sellerSlug: null,
        listingIds: [ids.frame],
        subtotalKurus: 345_000,
        shippingKurus: 2_500,
        isFreeShipping: false,
        untilFreeShippingKurus: 0,
        vatKurus: 62_100,
        vatByRate: [
          { vatRateBp: 2000, baseKurus: 200_000, vatKurus: 40_000 },
          { vatRateBp: 1000, baseKurus: 221_000, vatKurus: 22_100 },
        ],
        totalKurus: 409_600,
        discountKurus: 8_192,
        chargedKurus: 401_409,
      },
    ],
    subtotalKurus: 588_501,
    shippingKurus: 2_500,
    vatKurus: 105_930,
    vatByRate: [
      { vatRateBp: 2000, baseKurus: 419_150, vatKurus: 83_830 },
      { vatRateBp: 1000, baseKurus: 221_000, vatKurus: 22_100 },
    ],
    isVatIncluded: false,
    vatRateBp: 2000,
    totalKurus: 696_931,
    installments: 1,
    discountKurus: 13_939,
    chargedKurus: 682_993,
    installmentAmounts: [682_993],
    plans: [
      { installments: 12, chargedKurus: 696_931, monthlyKurus: 58_078, discountKurus: 0 },
      { installments: 1, chargedKurus: 682_993, monthlyKurus: 682_993, discountKurus: 13_939 },
      { installments: 3, chargedKurus: 696_931, monthlyKurus: 232_310, discountKurus: 0 },
      { installments: 2, chargedKurus: 696_931, monthlyKurus: 348_466, discountKurus: 0 },
      { installments: 6, chargedKurus: 696_931, monthlyKurus: 116_155, discountKurus: 0 },
      { installments: 9, chargedKurus: 696_931, monthlyKurus: 77_437, discountKurus: 0 },
    ],
  },
  settings: {
    shippingFeeKurus: 2_500,
    freeShippingFromKurus: 100_000,
    escrowDays: 15,
    vatRateBp: 2000,
    pricesIncludeVat: false,
  },
  isReady: true,
});

/** Each row as a reader sees it: its label and the amount shown (the discount negative). */
const shown = (rows: OrderAmountRow[]) => rows.map((row) => [orderAmountLabel(row), orderAmountShown(row)]);
/** What the rows add up to with a calculator: every row that adds to the total (VAT inside adds nothing). */
const addedUp = (rows: OrderAmountRow[]) => rows.reduce((sum, row) => sum + (row.signed ?? 0), 0);
const totalOf = (rows: OrderAmountRow[]) => rows.find((row) => row.kind === 'total')!.kurus;

describe('summaryOf', () => {
  it('shows each order and the cart in the order page’s rows, with the server’s figures as they are', () => {
    const summary = summaryOf(quote)!;
    expect(summary.groups.map(({ rows: _rows, ...group }) => group)).toEqual([
      {
        sellerId: 'nlfer0demo',
        sellerLabel: '@niluferlens',
        lines: [
          { listingId: ids.lens, title: 'Acuvue Oasys 1-Day', quantity: 2, lineTotalKurus: 230_000 },
          { listingId: ids.case, title: 'OptiStok Kutu', quantity: 3, lineTotalKurus: 13_500 },
        ],
        isFreeShipping: true,
      },
      {
        sellerId: 'kdkoy0demo',
        sellerLabel: 'Satıcı',
        lines: [{ listingId: ids.frame, title: 'Ray-Ban RB2140', quantity: 1, lineTotalKurus: 345_000 }],
        isFreeShipping: false,
      },
    ]);
    // Goods, shipping, −Peşin, VAT per rate of the order's own lines, then what the order charges.
    expect(shown(summary.groups[0]!.rows)).toEqual([
      ['Ara Toplam', 243_501],
      ['Kargo', 0],
      ['Peşin indirimi', -5_747],
      ['KDV (%20)', 43_830],
      ['Toplam', 281_584],
    ]);
    // The server's charged amount, even a kuruş away from total − discount: nothing is recomputed here.
    expect(shown(summary.groups[1]!.rows)).toEqual([
      ['Ara Toplam', 345_000],
      ['Kargo', 2_500],
      ['Peşin indirimi', -8_192],
      ['KDV (%20)', 40_000],
      ['KDV (%10)', 22_100],
      ['Toplam', 401_409],
    ]);
    expect(shown(summary.rows)).toEqual([
      ['Ara Toplam', 588_501],
      ['Kargo', 2_500],
      ['Peşin indirimi', -13_939],
      ['KDV (%20)', 83_830],
      ['KDV (%10)', 22_100],
      ['Toplam', 682_993],
    ]);
    expect(summary).toMatchObject({ isFreeShipping: false, installmentAmounts: [682_993] });
  });

  it('has nothing to show before the server priced the cart', () => {
    expect(summaryOf({ ...quote, price: null })).toBeNull();
  });
});

describe('summaryOf on a quote priced like the server’s (frames at 20 %, lens solution and lenses at 10 %)', () => {
  const solution: FakeOffer = {
    ...fakeFrames,
    id: ids.case,
    name: 'OptiStok Solüsyon',
    unitPriceKurus: 4_500,
    stock: 20,
  };
  const offers: FakeOffer[] = [
    { ...fakeFrames, vatRateBp: 2000 },
    { ...solution, vatRateBp: 1000 },
    { ...fakeLenses, vatRateBp: 1000 },
  ];
  async function summaryFor(pricesIncludeVat: boolean, installments: Installments) {
    const shop = createFakeShop({ offers, pricesIncludeVat });
    const body: CartQuoteBody = {
      lines: [
        { listingId: fakeFrames.id, quantity: 3 },
        { listingId: solution.id, quantity: 3 },
        { listingId: fakeLenses.id, quantity: 1 },
      ],
      installments,
    };
    const response = await shop.fetch('/api/cart/quote', { method: 'POST', body: JSON.stringify(body) });
    return summaryOf(cartQuoteSchema.parse(await response.json()))!;
  }
  const kinds = (rows: OrderAmountRow[]) => rows.map((row) => orderAmountLabel(row));

  it('VAT added, Peşin: goods + shipping − discount + KDV per rate = the amount charged, for each order and the cart', async () => {
    const summary = await summaryFor(false, 1);
    // @kadikoyoptik: ₺1.049,70 + ₺135,00 ships free; 2 % off; 20 % on the frames' base, 10 % on the solution's.
    expect(shown(summary.groups[0]!.rows)).toEqual([
      ['Ara Toplam', 118_470],
      ['Kargo', 0],
      ['Peşin indirimi', -2_369],
      ['KDV (%20)', 20_574],
      ['KDV (%10)', 1_323],
      ['Toplam', 137_998],
    ]);
    expect(summary.groups[0]!.isFreeShipping).toBe(true);
    expect(kinds(summary.rows)).toEqual(['Ara Toplam', 'Kargo', 'Peşin indirimi', 'KDV (%20)', 'KDV (%10)', 'Toplam']);
    for (const rows of [summary.rows, ...summary.groups.map((g) => g.rows)]) expect(addedUp(rows)).toBe(totalOf(rows));
    expect(totalOf(summary.rows)).toBe(summary.installmentAmounts[0]);
  });

  it('VAT inside the prices: goods + shipping − discount = the amount charged; "İçindeki KDV" per rate after it', async () => {
    const summary = await summaryFor(true, 1);
    expect(kinds(summary.rows)).toEqual([
      'Ara Toplam',
      'Kargo',
      'Peşin indirimi',
      'Toplam',
      'İçindeki KDV (%20)',
      'İçindeki KDV (%10)',
    ]);
    expect(shown(summary.groups[0]!.rows)).toEqual([
      ['Ara Toplam', 118_470],
      ['Kargo', 0],
      ['Peşin indirimi', -2_369],
      ['Toplam', 116_101],
      ['İçindeki KDV (%20)', 17_145],
      ['İçindeki KDV (%10)', 1_203],
    ]);
    for (const rows of [summary.rows, ...summary.groups.map((g) => g.rows)]) {
      expect(addedUp(rows)).toBe(totalOf(rows));
      expect(rows.filter((row) => row.kind === 'vatIncluded').every((row) => row.signed === null)).toBe(true);
    }
  });

  it('with instalments there is no Peşin row and the rows still add up, in both VAT modes', async () => {
    for (const pricesIncludeVat of [false, true]) {
      const summary = await summaryFor(pricesIncludeVat, 3);
      expect(summary.rows.some((row) => row.kind === 'discount')).toBe(false);
      for (const rows of [summary.rows, ...summary.groups.map((g) => g.rows)])
        expect(addedUp(rows)).toBe(totalOf(rows));
      expect(summary.installmentAmounts.reduce((sum, month) => sum + month, 0)).toBe(totalOf(summary.rows));
    }
  });
});

describe('plansOf', () => {
  it('lists the spec’s instalment options in order and drops any other', () => {
    expect(plansOf(quote).map((p) => [p.installments, p.monthlyKurus])).toEqual([
      [1, 682_993],
      [2, 348_466],
      [3, 232_310],
      [6, 116_155],
      [12, 58_078],
    ]);
    expect(plansOf(undefined)).toEqual([]);
  });
});

describe('chargedFor', () => {
  it('is the server’s amount for the chosen instalments', () => {
    expect(chargedFor(quote, 1)).toBe(682_993);
    expect(chargedFor(quote, 6)).toBe(696_931);
  });

  it('prefers the figure of a quote priced for exactly that choice', () => {
    const priced = { ...quote, price: { ...quote.price!, chargedKurus: 682_994 } };
    expect(chargedFor(priced, 1)).toBe(682_994);
  });

  it('is unknown without prices or without that plan', () => {
    expect(chargedFor(undefined, 1)).toBeNull();
    expect(chargedFor({ ...quote, price: { ...quote.price!, plans: [] } }, 3)).toBeNull();
  });
});

describe('differencesOf', () => {
  it('words every change in Turkish, line by line', () => {
    const changed: CartQuote = {
      ...quote,
      isReady: false,
      lines: [
        line({ listingId: ids.lens, unitPriceKurus: 120_000, problems: ['price_changed'] }),
        line({
          listingId: ids.frame,
          marka: 'Ray-Ban',
          modelKodu: 'RB2140',
          stock: 1,
          problems: ['insufficient_stock'],
        }),
        line({
          listingId: ids.case,
          marka: 'OptiStok',
          modelKodu: 'Kutu',
          minOrderQty: 5,
          problems: ['below_minimum'],
        }),
      ],
    };
    const texts = differencesOf(changed).map((d) => `${d.title}: ${d.texts.join(' ')}`);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toMatch(/^Acuvue Oasys 1-Day: Fiyat değişti: ₺1\.150,00 → ₺1\.200,00$/);
    expect(texts[1]).toBe('Ray-Ban RB2140: Stokta yalnızca 1 adet kaldı.');
    expect(texts[2]).toBe('OptiStok Kutu: Bu satıcının en az sipariş adedi 5.');
  });

  it('says a sold-out, withdrawn or own offer plainly', () => {
    const changed: CartQuote = {
      ...quote,
      lines: [
        line({ listingId: ids.lens, stock: 0, problems: ['insufficient_stock'] }),
        line({ listingId: ids.frame, problems: ['unavailable'] }),
        line({ listingId: ids.case, problems: ['own_offer'] }),
      ],
    };
    expect(differencesOf(changed).flatMap((d) => d.texts)).toEqual([
      'Bu ürün stokta kalmadı.',
      'Bu ürün artık satışta değil.',
      'Bu sizin ilanınız; kendi ürününüzü satın alamazsınız.',
    ]);
  });

  it('is empty for a cart that can be bought as it is', () => {
    expect(differencesOf(quote)).toEqual([]);
  });
});
