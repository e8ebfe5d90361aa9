/**
 * Cart and checkout pricing (spec §9), shared by the browser cart, the checkout page and the
 * server, which prices again from the database and must arrive at the same kuruş.
 *
 * Amounts are integer kuruş throughout. The rounding rule, the only one:
 * - Each computed amount is rounded once, half away from zero (`roundDiv`, `applyBasisPoints`),
 *   at cart level: the VAT once on the cart's goods subtotal, the cash discount once on the cart's
 *   total. Line totals (unit × quantity), subtotals and shipping are exact and need no rounding.
 * - A cart-level amount is then shared out to the seller groups by largest remainder
 *   (`allocateByLargestRemainder`): the VAT weighted by group subtotal, the discount weighted by
 *   group total. Rounding each group on its own would make the groups disagree with the cart by a
 *   few kuruş; this way the groups' charged amounts (the orders) add up exactly to the card charge.
 * - The charged amount is split into monthly instalments as banks show them: every month the
 *   amount rounded down, the last month absorbing the leftover kuruş (`splitInstallments`).
 *
 * Nonsense input (non-integer or negative amounts, quantity below 1, an unknown instalment count,
 * amounts beyond Number.MAX_SAFE_INTEGER) throws a RangeError rather than being priced.
 */
import { applyBasisPoints, roundDiv, type Kurus } from './money.ts';

/** Instalment options of the checkout (spec §9); 1 is "Peşin". */
export const installmentOptions = [1, 2, 3, 6, 12] as const;
export type Installments = (typeof installmentOptions)[number];

/** "Peşin" (a single payment) takes 2 % off the total (spec §9). */
export const CASH_DISCOUNT_BP = 200;

/** The platform settings pricing depends on (admin "Platform Ayarları"). */
export interface PricingSettings {
  vatRateBp: number;
  /** Flat shipping fee per seller group. */
  shippingFeeKurus: Kurus;
  /** A seller group whose goods subtotal reaches this ships free; 0 turns free shipping off. */
  freeShippingFromKurus: Kurus;
  /** When on, listing prices already contain VAT: VAT is shown as the part inside, not added. */
  pricesIncludeVat: boolean;
}

/** A cart line as priced: the unit price is the effective one (listing discount applied). */
export interface PricingLineInput {
  key: string;
  sellerId: string;
  unitPriceKurus: Kurus;
  quantity: number;
}

export interface PricedLine extends PricingLineInput {
  lineTotalKurus: Kurus;
}

export interface SellerGroupPrice {
  sellerId: string;
  /** Input order kept. */
  lines: PricedLine[];
  /** Goods: the sum of the line totals. */
  subtotalKurus: Kurus;
  /** settings.shippingFeeKurus, or 0 when free. */
  shippingKurus: Kurus;
  /** True when this group pays no shipping (threshold reached, or the fee is 0). */
  isFreeShipping: boolean;
  /** Goods still needed for free shipping; null when free shipping is off or already reached. */
  untilFreeShippingKurus: Kurus | null;
  /** This group's share of the cart VAT (largest remainder). */
  vatKurus: Kurus;
  /** subtotal + shipping + vat (vat not added when pricesIncludeVat). */
  totalKurus: Kurus;
  /** This group's share of the cash discount (largest remainder). */
  discountKurus: Kurus;
  /** totalKurus - discountKurus: the order's amount. */
  chargedKurus: Kurus;
}

export interface CartPrice {
  /** One per seller, in order of first appearance. */
  groups: SellerGroupPrice[];
  subtotalKurus: Kurus;
  shippingKurus: Kurus;
  vatKurus: Kurus;
  isVatIncluded: boolean;
  /** Before the cash discount. */
  totalKurus: Kurus;
  installments: Installments;
  /** 2 % of totalKurus when installments === 1, else 0. */
  discountKurus: Kurus;
  /** What the card is charged. */
  chargedKurus: Kurus;
  /** The charged amount split into `installments` monthly amounts that add up to it exactly. */
  installmentAmounts: Kurus[];
}

export interface InstallmentPlanQuote {
  installments: Installments;
  chargedKurus: Kurus;
  /** The monthly amount of every month but the last, which absorbs the leftover kuruş (`splitInstallments`). */
  monthlyKurus: Kurus;
  discountKurus: Kurus;
}

function requireAmount(value: number, what: string): Kurus {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer kuruş amount: ${value}`);
  }
  return value;
}

/** A sum or product of safe integers that left the safe range has lost kuruş: refuse it. */
function requireSafe(value: number, what: string): Kurus {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} is beyond the safe integer range: ${value}`);
  return value;
}

function isInstallments(value: number): value is Installments {
  return (installmentOptions as readonly number[]).includes(value);
}

/**
 * Splits total into parts proportional to weights, adding up to total exactly (largest remainder;
 * ties to the earlier index). Weights are non-negative integers (kuruş amounts); a part of weight
 * 0 gets 0. Each part is within 1 kuruş of its exact share total × weight / Σweights.
 */
export function allocateByLargestRemainder(total: Kurus, weights: readonly number[]): Kurus[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`total must be an integer kuruş amount: ${total}`);
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) {
      throw new RangeError(`weights must be non-negative integers: ${weight}`);
    }
  }
  const weightSum = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (weightSum === 0n) {
    if (total !== 0) throw new RangeError(`cannot allocate ${total} over weights that sum to 0`);
    return weights.map(() => 0);
  }
  // A negative total is shared like its absolute value, then negated, so rounding stays symmetric.
  const sign = total < 0 ? -1n : 1n;
  const magnitude = sign * BigInt(total);
  // bigint: total × weight may exceed 2^53 even when both fit.
  const floors = weights.map((weight) => (magnitude * BigInt(weight)) / weightSum);
  const remainders = weights.map((weight) => (magnitude * BigInt(weight)) % weightSum);
  let leftover = Number(magnitude - floors.reduce((sum, part) => sum + part, 0n));
  const order = weights
    .map((_, index) => index)
    .sort((a, b) => {
      const byRemainder = remainders[b]! - remainders[a]!;
      return byRemainder > 0n ? 1 : byRemainder < 0n ? -1 : a - b;
    });
  for (const index of order) {
    if (leftover === 0) break;
    floors[index]! += 1n;
    leftover -= 1;
  }
  return floors.map((part) => Number(sign * part));
}

/**
 * Splits total into n monthly instalments that add up to it exactly, as banks show them: each
 * month is total / n rounded down, and the last month absorbs the leftover kuruş
 * (₺14.633,01 in 2 → ₺7.316,50 + ₺7.316,51). The one split for the checkout, the order and the bank.
 */
export function splitInstallments(total: Kurus, n: number): Kurus[] {
  requireAmount(total, 'total');
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`instalment count must be a positive integer: ${n}`);
  const base = Math.floor(total / n);
  const last = total - base * (n - 1);
  return Array.from({ length: n }, (_, month) => (month === n - 1 ? last : base));
}

function validateSettings(settings: PricingSettings): void {
  if (!Number.isSafeInteger(settings.vatRateBp) || settings.vatRateBp < 0) {
    throw new RangeError(`vatRateBp must be a non-negative integer: ${settings.vatRateBp}`);
  }
  requireAmount(settings.shippingFeeKurus, 'shippingFeeKurus');
  requireAmount(settings.freeShippingFromKurus, 'freeShippingFromKurus');
}

function priceLine(line: PricingLineInput): PricedLine {
  requireAmount(line.unitPriceKurus, `unit price of line ${line.key}`);
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`quantity of line ${line.key} must be an integer of at least 1: ${line.quantity}`);
  }
  return { ...line, lineTotalKurus: requireSafe(line.unitPriceKurus * line.quantity, `total of line ${line.key}`) };
}

/** The VAT of a goods subtotal: added on top, or the part already inside a VAT-inclusive price. */
function vatOfSubtotal(subtotal: Kurus, settings: PricingSettings): Kurus {
  if (!settings.pricesIncludeVat) return applyBasisPoints(subtotal, settings.vatRateBp);
  const net = roundDiv(BigInt(subtotal) * 10_000n, 10_000n + BigInt(settings.vatRateBp));
  return subtotal - Number(net);
}

function sumKurus(amounts: readonly Kurus[], what: string): Kurus {
  return amounts.reduce((sum, amount) => requireSafe(sum + amount, what), 0);
}

/** Prices a cart for the given instalment count: per seller group and in total (see the module doc). */
export function priceCart(lines: PricingLineInput[], settings: PricingSettings, installments: Installments): CartPrice {
  if (!isInstallments(installments)) throw new RangeError(`unknown instalment option: ${installments}`);
  validateSettings(settings);

  const linesBySeller = new Map<string, PricedLine[]>();
  for (const line of lines) {
    const priced = priceLine(line);
    const sellerLines = linesBySeller.get(line.sellerId);
    if (sellerLines) sellerLines.push(priced);
    else linesBySeller.set(line.sellerId, [priced]);
  }

  const { shippingFeeKurus, freeShippingFromKurus } = settings;
  const groups = [...linesBySeller].map(([sellerId, sellerLines]) => {
    const subtotalKurus = sumKurus(
      sellerLines.map((line) => line.lineTotalKurus),
      `subtotal of seller ${sellerId}`,
    );
    const reachesFreeShipping = freeShippingFromKurus > 0 && subtotalKurus >= freeShippingFromKurus;
    const shippingKurus = reachesFreeShipping ? 0 : shippingFeeKurus;
    const isFreeShipping = shippingKurus === 0;
    return {
      sellerId,
      lines: sellerLines,
      subtotalKurus,
      shippingKurus,
      isFreeShipping,
      untilFreeShippingKurus:
        freeShippingFromKurus > 0 && !isFreeShipping ? freeShippingFromKurus - subtotalKurus : null,
    };
  });

  const subtotalKurus = sumKurus(
    groups.map((group) => group.subtotalKurus),
    'cart subtotal',
  );
  const shippingKurus = sumKurus(
    groups.map((group) => group.shippingKurus),
    'cart shipping',
  );
  const vatKurus = vatOfSubtotal(subtotalKurus, settings);
  const addedVatKurus = settings.pricesIncludeVat ? 0 : vatKurus;
  const totalKurus = sumKurus([subtotalKurus, shippingKurus, addedVatKurus], 'cart total');

  const vatShares = allocateByLargestRemainder(
    vatKurus,
    groups.map((group) => group.subtotalKurus),
  );
  const groupTotals = groups.map(
    (group, index) => group.subtotalKurus + group.shippingKurus + (settings.pricesIncludeVat ? 0 : vatShares[index]!),
  );
  const discountKurus = installments === 1 ? applyBasisPoints(totalKurus, CASH_DISCOUNT_BP) : 0;
  const discountShares = allocateByLargestRemainder(discountKurus, groupTotals);
  const chargedKurus = totalKurus - discountKurus;

  return {
    groups: groups.map((group, index) => ({
      ...group,
      vatKurus: vatShares[index]!,
      totalKurus: groupTotals[index]!,
      discountKurus: discountShares[index]!,
      chargedKurus: groupTotals[index]! - discountShares[index]!,
    })),
    subtotalKurus,
    shippingKurus,
    vatKurus,
    isVatIncluded: settings.pricesIncludeVat,
    totalKurus,
    installments,
    discountKurus,
    chargedKurus,
    installmentAmounts: splitInstallments(chargedKurus, installments),
  };
}

/** For the instalment picker: every option with its charged total and its monthly amount (the last month may be more). */
export function quoteInstallmentPlans(lines: PricingLineInput[], settings: PricingSettings): InstallmentPlanQuote[] {
  return installmentOptions.map((installments) => {
    const price = priceCart(lines, settings, installments);
    return {
      installments,
      chargedKurus: price.chargedKurus,
      monthlyKurus: price.installmentAmounts[0]!,
      discountKurus: price.discountKurus,
    };
  });
}
