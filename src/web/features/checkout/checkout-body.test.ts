import { describe, expect, it } from 'vitest';
import type { CartItem } from '#shared/cart.ts';
import { checkoutBodySchema, deliveryAddressSchema, type CheckoutProfile } from '#shared/schemas/checkout.ts';
import {
  addressDefaultsOf,
  addressFieldErrorsOf,
  cartLinesOf,
  checkoutBodyOf,
  isAddressFilled,
} from './checkout-body.ts';

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

const profile: CheckoutProfile = {
  shippingAddress: {
    full_name: 'Kadıköy Optik',
    address: 'Caferağa Mah. Moda Cad. No: 1',
    city: 'İstanbul',
    district: 'Kadıköy',
    postal_code: '34710',
    phone: '0532 123 45 67',
  },
  billing: {
    companyName: 'Kadıköy Optik Ltd. Şti.',
    taxNumber: '1234567890',
    city: 'İstanbul',
    district: 'Kadıköy',
    taxOffice: 'Kadıköy',
    address: 'Caferağa Mah. Moda Cad. No: 1',
    isEInvoiceUser: false,
  },
  escrowDays: 15,
  inspectionDays: 7,
};

describe('cartLinesOf', () => {
  it('sends each offer with its quantity and the unit price the buyer saw', () => {
    expect(cartLinesOf([lens])).toEqual([{ listingId: lens.id, quantity: 2, seenUnitPriceKurus: 115_000 }]);
  });
});

describe('addressDefaultsOf', () => {
  it('prefills every field from the store profile', () => {
    expect(addressDefaultsOf(profile)).toEqual(profile.shippingAddress);
  });

  it('leaves the city unchosen when the profile holds something that is not one of the 81 provinces', () => {
    const defaults = addressDefaultsOf({
      ...profile,
      shippingAddress: { ...profile.shippingAddress, city: 'Istanbul' },
    });
    expect(defaults.city).toBe('');
    expect(deliveryAddressSchema.safeParse(defaults).error?.issues.map((i) => i.message)).toEqual(['İl seçiniz']);
  });

  it('gives empty fields without a profile', () => {
    expect(addressDefaultsOf(undefined)).toEqual({
      full_name: '',
      address: '',
      city: '',
      district: '',
      postal_code: '',
      phone: '',
    });
  });
});

describe('isAddressFilled', () => {
  const filled = profile.shippingAddress;

  it('is true when every required field has text, without a postal code', () => {
    expect(isAddressFilled({ ...filled, postal_code: '' })).toBe(true);
  });

  it.each(['full_name', 'address', 'city', 'district', 'phone'] as const)('is false while %s is blank', (field) => {
    expect(isAddressFilled({ ...filled, [field]: '   ' })).toBe(false);
    expect(isAddressFilled({ ...filled, [field]: undefined })).toBe(false);
  });
});

describe('checkoutBodyOf', () => {
  const lines = cartLinesOf([lens]);

  it('builds a body the server schema accepts, with the normalised phone and the agreed amount', () => {
    const address = deliveryAddressSchema.parse(profile.shippingAddress);
    const body = checkoutBodyOf({ lines, address, installments: 3, expectedChargedKurus: 278_900 });
    expect(body).toEqual({
      lines,
      shippingAddress: { ...profile.shippingAddress, phone: '05321234567' },
      paymentMethod: 'card',
      installments: 3,
      expectedChargedKurus: 278_900,
    });
    expect(checkoutBodySchema.safeParse(body).success).toBe(true);
  });

  it('leaves an empty postal code out rather than sending null, which the schema refuses', () => {
    const address = deliveryAddressSchema.parse({ ...profile.shippingAddress, postal_code: '' });
    const body = checkoutBodyOf({ lines, address, installments: 1, expectedChargedKurus: 1 });
    expect(body.shippingAddress).not.toHaveProperty('postal_code');
    expect(checkoutBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('addressFieldErrorsOf', () => {
  it('takes the server’s address errors onto the form fields and ignores the rest', () => {
    expect(
      addressFieldErrorsOf({
        'shippingAddress.phone': 'Geçerli bir cep telefonu numarası girin (05XX XXX XX XX)',
        'shippingAddress.city': 'İl seçiniz',
        'lines.0.quantity': 'Sepetteki bir ürün okunamadı.',
        'shippingAddress.unknown': 'x',
      }),
    ).toEqual({
      phone: 'Geçerli bir cep telefonu numarası girin (05XX XXX XX XX)',
      city: 'İl seçiniz',
    });
    expect(addressFieldErrorsOf(undefined)).toEqual({});
  });
});
