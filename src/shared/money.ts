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

/** A sign, then a bare number with an optional decimal part; a currency mark may stand at either end. */
const CURRENCY_AT_ENDS = /^(?:₺|TL)|(?:₺|TL)$/gi;
/** "1.350", "1 350", "1.234.567": a thousands group per separator, the same separator throughout. */
const GROUPED_WHOLE = /^[1-9]\d{0,2}(?:([. ])\d{3})(?:\1\d{3})*$/;
const PLAIN_WHOLE = /^\d+$/;

/** The whole-number part of a typed amount, plain ("1350") or grouped ("1.350", "1 350"); null otherwise. */
function readWhole(text: string): number | null {
  if (PLAIN_WHOLE.test(text)) return Number(text);
  if (GROUPED_WHOLE.test(text)) return Number(text.replace(/[. ]/g, ''));
  return null;
}

/** Folds the spaces people and Intl put in numbers (no-break, narrow no-break) into plain spaces, trims. */
function tidy(input: string): string {
  return input.replace(/\s+/gu, ' ').trim();
}

/**
 * The one rule for money typed by a person: lira text → kuruş, or null when it cannot be read.
 *
 * Turkish writing: "," is the decimal mark (at most two digits: kuruş) and "." or a space groups
 * thousands ("1.350,75", "1 350,75"); "₺" or "TL" may stand before or after. Without a comma a
 * single "." followed by exactly three digits groups thousands, as Turkish writing does
 * ("1.350" = 1 350 TL), while one followed by one or two digits is a decimal point ("1350.75",
 * "12.5"), the way a phone's number pad or a copied price writes it. Anything else (English
 * "1,350.75", misplaced groups "13.50,75", three decimals "12,345", letters) is refused rather
 * than guessed.
 */
export function parseLira(input: string): Kurus | null {
  let text = tidy(input).replace(CURRENCY_AT_ENDS, '').trim();
  const negative = text.startsWith('-');
  if (negative) text = text.slice(1).trim();
  let whole: number | null;
  let fraction = '';
  const comma = /^([\d. ]+),(\d{1,2})$/.exec(text);
  const point = /^(\d+)\.(\d{1,2})$/.exec(text);
  if (comma) {
    whole = readWhole(comma[1]!);
    fraction = comma[2]!;
  } else if (point) {
    whole = Number(point[1]);
    fraction = point[2]!;
  } else {
    whole = readWhole(text);
  }
  if (whole === null) return null;
  const kurus = whole * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(kurus)) return null;
  return negative ? -kurus : kurus;
}

/**
 * The one rule for a whole quantity typed by a person (stock, minimum order, days, percent):
 * "1350", "1.350" or "1 350" → 1350; decimals ("1,5", "1.50"), signs and letters → null.
 */
export function parseWholeNumber(input: string): number | null {
  const whole = readWhole(tidy(input));
  return whole !== null && Number.isSafeInteger(whole) ? whole : null;
}

const liraFormat = new Intl.NumberFormat('tr-TR', {
  style: 'currency',
  currency: 'TRY',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Kuruş → "₺1.234,56": how every amount is shown, on the web, in mails and on the card page. */
export function formatKurus(kurus: Kurus): string {
  return liraFormat.format(kurus / 100);
}

const rateFormats = new Map<number, Intl.NumberFormat>();

/**
 * A rate in basis points as a Turkish percentage figure, without the sign: 1800 → "18",
 * 850 → "8,5" (at most `fractionDigits` decimals). Rates are not money: no currency, no padding.
 */
export function formatRateBp(rateBp: number, fractionDigits = 2): string {
  let format = rateFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: fractionDigits });
    rateFormats.set(fractionDigits, format);
  }
  return format.format(rateBp / 100);
}

/** Kuruş as a person would type it back into a field, read by parseLira: 135075 → "1.350,75". */
export function formatKurusForInput(kurus: Kurus): string {
  const sign = kurus < 0 ? '-' : '';
  const abs = Math.abs(assertKurus(kurus));
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}`;
}

/** A listing's price after its discount: fiyat × (1 − discount/100), rounded once to the kuruş. */
export function discountedPrice(priceKurus: Kurus, discountPercent: number | null): Kurus {
  if (!discountPercent) return priceKurus;
  return applyBasisPoints(priceKurus, 10_000 - discountPercent * 100);
}
