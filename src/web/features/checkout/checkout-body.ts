import { provinces } from '#shared/provinces.ts';
import type { Installments } from '#shared/pricing.ts';
import type { CartItem } from '#shared/cart.ts';
import type {
  CartLineInput,
  CheckoutBody,
  CheckoutProfile,
  DeliveryAddress,
  DeliveryAddressInput,
} from '#shared/schemas/checkout.ts';

/** The cart as the server reads it: each offer, its quantity and the unit price the buyer saw. */
export function cartLinesOf(items: readonly CartItem[]): CartLineInput[] {
  return items.map((item) => ({ listingId: item.id, quantity: item.quantity, seenUnitPriceKurus: item.fiyat }));
}

type Province = (typeof provinces)[number];

function isProvince(value: string): value is Province {
  return (provinces as readonly string[]).includes(value);
}

/** The address form's starting values: the store's profile, with a city only when it is one of the 81 provinces. */
export function addressDefaultsOf(profile: CheckoutProfile | undefined): DeliveryAddressInput {
  const address = profile?.shippingAddress;
  return {
    full_name: address?.full_name ?? '',
    address: address?.address ?? '',
    // An empty select shows "İl seçin"; the schema refuses it with "İl seçiniz".
    city: address && isProvince(address.city) ? address.city : ('' as Province),
    district: address?.district ?? '',
    postal_code: address?.postal_code ?? '',
    phone: address?.phone ?? '',
  };
}

const requiredFields = ['full_name', 'address', 'city', 'district', 'phone'] as const;

/** Whether every required delivery field holds more than blanks (spec §5: the pay button waits for them). */
export function isAddressFilled(values: Partial<Record<keyof DeliveryAddressInput, string | null | undefined>>) {
  return requiredFields.every((field) => (values[field] ?? '').trim() !== '');
}

/** The body of POST /api/checkout from the validated form and the amount the buyer saw. */
export function checkoutBodyOf(input: {
  lines: CartLineInput[];
  address: DeliveryAddress;
  installments: Installments;
  expectedChargedKurus: number;
}): CheckoutBody {
  const { postal_code, ...address } = input.address;
  return {
    lines: input.lines,
    shippingAddress: postal_code ? { ...address, postal_code } : address,
    paymentMethod: 'card',
    installments: input.installments,
    expectedChargedKurus: input.expectedChargedKurus,
  };
}

const addressFields = new Set<string>(['full_name', 'address', 'city', 'district', 'postal_code', 'phone']);

/** The server's field errors ("shippingAddress.phone": message) that belong to the address form, by form field. */
export function addressFieldErrorsOf(
  fields: Record<string, string> | undefined,
): Partial<Record<keyof DeliveryAddressInput, string>> {
  const errors: Partial<Record<keyof DeliveryAddressInput, string>> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const [root, field] = path.split('.');
    if (root === 'shippingAddress' && field && addressFields.has(field))
      errors[field as keyof DeliveryAddressInput] ??= message;
  }
  return errors;
}
