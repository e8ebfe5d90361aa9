/**
 * Money is integer kuruş (1 TL = 100 kuruş) end to end.
 * The one rounding rule: half away from zero, applied once per computed amount.
 */
export type Kurus = number;

export function assertKurus(value: number): Kurus {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer kuruş amount: ${value}`);
  return value;
}

/** Rounds a rational amount num/den to whole kuruş, half away from zero, using integers only. */
export function roundDiv(num: bigint, den: bigint): bigint {
  const sign = num < 0n !== den < 0n ? -1n : 1n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = n / d;
  const r = n % d;
  return sign * (r * 2n >= d ? q + 1n : q);
}

/** amount × rate, where the rate is in basis points (1800 = 18 %). */
export function applyBasisPoints(amount: Kurus, rateBp: number): Kurus {
  return Number(roundDiv(BigInt(assertKurus(amount)) * BigInt(rateBp), 10_000n));
}

/** Parses a lira amount typed by a person ("1.234,56", "12.5", "12") into kuruş; null when invalid. */
export function parseLira(input: string): Kurus | null {
  const trimmed = input.trim().replace(/\s|₺|TL/gi, '');
  if (trimmed === '') return null;
  // Turkish writing uses "," for decimals and "." for thousands; accept a plain "." decimal too.
  const normalised = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  if (!/^-?\d+(\.\d{1,2})?$/.test(normalised)) return null;
  const [whole, fraction = ''] = normalised.replace('-', '').split('.');
  const kurus = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(kurus)) return null;
  return normalised.startsWith('-') ? -kurus : kurus;
}

/** A listing's price after its discount: fiyat × (1 − discount/100), rounded once to the kuruş. */
export function discountedPrice(priceKurus: Kurus, discountPercent: number | null): Kurus {
  if (!discountPercent) return priceKurus;
  return applyBasisPoints(priceKurus, 10_000 - discountPercent * 100);
}
