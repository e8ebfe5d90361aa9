/**
 * Cart and checkout pricing (spec §9), shared by the browser cart, the checkout page and the
 * server, which prices again from the database and must arrive at the same kuruş.
 *
 * VAT is computed per seller order on its own lines (decision 039), so each order's VAT is what
 * an invoice for that order can carry. Per seller group:
 * - Goods = Σ line totals (unit × quantity, exact). Shipping is the flat fee, or 0 when free.
 * - The Peşin discount D = 2 % (CASH_DISCOUNT_BP) of (goods + shipping), rounded once; 0 for
 *   instalments.
 * - Shipping and D are shared over the group's lines by line total (`allocateByLargestRemainder`),
 *   because in Turkish KDV law both are part of the taxable base of the supply. Each line's VAT
 *   base is line total + shipping share − discount share, and its VAT is the line's rate applied
 *   to that base, rounded once per line: added on top `applyBasisPoints(b, r)`, or, when prices
 *   include VAT, the part inside the gross base `b − round(b / (1 + r))`.
 * - Group VAT = Σ line VATs (per rate in `vatByRate`); group total = goods + shipping + VAT when
 *   added (before the discount); charged = total − D: the order's amount.
 * The cart is the sum of its groups (every cart amount is a sum, nothing is shared out again), so
 * the card charge equals the sum of the orders to the kuruş. The charged amount is split into
 * monthly instalments as banks show them: every month the amount rounded down, the last month
 * absorbing the leftover kuruş (`splitInstallments`).
 *
 * Rounding: half away from zero (`roundDiv`, `applyBasisPoints`), once per computed amount (D once
 * per group, VAT once per line); allocations add up exactly by construction.
 *
 * Nonsense input (non-integer or negative amounts, quantity below 1, an unknown instalment count,
 * a bad VAT rate, amounts beyond Number.MAX_SAFE_INTEGER) throws a RangeError rather than being priced.
 */
import { applyBasisPoints, roundDiv, type Kurus } from './money.ts';

/** Instalment options of the checkout (spec §9); 1 is "Peşin". */
export const installmentOptions = [1, 2, 3, 6, 12] as const;
export type Installments = (typeof installmentOptions)[number];

/** "Peşin" (a single payment) takes 2 % off the total (spec §9). */
export const CASH_DISCOUNT_BP = 200;

/** The platform settings pricing depends on (admin "Platform Ayarları"). */
export interface PricingSettings {
  /** The general VAT rate: the rate of a line that does not carry its own (`PricingLineInput.vatRateBp`). */
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
  /** The line's VAT rate (its category's, `vatRateForCategory`); absent = settings.vatRateBp. */
  vatRateBp?: number;
}

export interface PricedLine extends PricingLineInput {
  lineTotalKurus: Kurus;
  vatRateBp: number;
  /** The line's share of its group's shipping (by line total). */
  shippingShareKurus: Kurus;
  /** The line's share of its group's Peşin discount (by line total). */
  discountShareKurus: Kurus;
  /** lineTotal + shippingShare − discountShare: what the line's VAT is computed on (gross when VAT is included). */
  vatBaseKurus: Kurus;
  /** The line's VAT, rounded once: added on the base, or the part inside it. */
  vatKurus: Kurus;
}

/** The VAT of one rate: invoices and summaries list it per rate ("KDV (%20)", "KDV (%10)"). */
export interface VatByRate {
  vatRateBp: number;
  /** Σ the VAT bases of the lines at this rate. */
  baseKurus: Kurus;
  vatKurus: Kurus;
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
  /** Σ the lines' VAT: this order's own VAT. */
  vatKurus: Kurus;
  /** The VAT per rate, highest rate first. */
  vatByRate: VatByRate[];
  /** subtotal + shipping + vat (vat not added when pricesIncludeVat): before the discount. */
  totalKurus: Kurus;
  /** The Peşin discount: 2 % of (subtotal + shipping), rounded once; 0 for instalments. */
  discountKurus: Kurus;
  /** totalKurus - discountKurus: the order's amount. */
  chargedKurus: Kurus;
}

export interface CartPrice {
  /** One per seller, in order of first appearance. */
  groups: SellerGroupPrice[];
  /** Every cart amount below is the sum of the groups' amounts. */
  subtotalKurus: Kurus;
  shippingKurus: Kurus;
  vatKurus: Kurus;
  /** The VAT per rate over all groups, highest rate first. */
  vatByRate: VatByRate[];
  isVatIncluded: boolean;
  /** Before the cash discount. */
  totalKurus: Kurus;
  installments: Installments;
  /** Σ the groups' Peşin discounts; 0 unless installments === 1. */
  discountKurus: Kurus;
  /** What the card is charged: Σ the groups' charged amounts. */
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

function requireRate(rateBp: number, what: string): number {
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > 10_000) {
    throw new RangeError(`${what} must be an integer between 0 and 10000 basis points: ${rateBp}`);
  }
  return rateBp;
}

function validateSettings(settings: PricingSettings): void {
  requireRate(settings.vatRateBp, 'vatRateBp');
  requireAmount(settings.shippingFeeKurus, 'shippingFeeKurus');
  requireAmount(settings.freeShippingFromKurus, 'freeShippingFromKurus');
}

interface LineBeforeVat extends PricingLineInput {
  lineTotalKurus: Kurus;
  vatRateBp: number;
}

function priceLine(line: PricingLineInput, settings: PricingSettings): LineBeforeVat {
  requireAmount(line.unitPriceKurus, `unit price of line ${line.key}`);
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`quantity of line ${line.key} must be an integer of at least 1: ${line.quantity}`);
  }
  return {
    ...line,
    vatRateBp: requireRate(line.vatRateBp ?? settings.vatRateBp, `VAT rate of line ${line.key}`),
    lineTotalKurus: requireSafe(line.unitPriceKurus * line.quantity, `total of line ${line.key}`),
  };
}

/** The VAT of a base at a rate: added on top, or the part already inside a VAT-inclusive base. */
export function vatOfBase(baseKurus: Kurus, rateBp: number, pricesIncludeVat: boolean): Kurus {
  if (!pricesIncludeVat) return applyBasisPoints(baseKurus, rateBp);
  const net = roundDiv(BigInt(baseKurus) * 10_000n, 10_000n + BigInt(rateBp));
  return baseKurus - Number(net);
}

function sumKurus(amounts: readonly Kurus[], what: string): Kurus {
  return amounts.reduce((sum, amount) => requireSafe(sum + amount, what), 0);
}

/** The VAT per rate of some lines, highest rate first. */
function vatByRateOf(entries: readonly { vatRateBp: number; baseKurus: Kurus; vatKurus: Kurus }[]): VatByRate[] {
  const byRate = new Map<number, VatByRate>();
  for (const entry of entries) {
    const current = byRate.get(entry.vatRateBp) ?? { vatRateBp: entry.vatRateBp, baseKurus: 0, vatKurus: 0 };
    byRate.set(entry.vatRateBp, {
      vatRateBp: entry.vatRateBp,
      baseKurus: requireSafe(current.baseKurus + entry.baseKurus, 'VAT base'),
      vatKurus: requireSafe(current.vatKurus + entry.vatKurus, 'VAT'),
    });
  }
  return [...byRate.values()].sort((a, b) => b.vatRateBp - a.vatRateBp);
}

/** Line weights for sharing shipping and discount: the line totals, or equal weights when all are 0. */
function shareWeights(lines: readonly LineBeforeVat[], subtotal: Kurus): number[] {
  return subtotal > 0 ? lines.map((line) => line.lineTotalKurus) : lines.map(() => 1);
}

function priceGroup(
  sellerId: string,
  sellerLines: LineBeforeVat[],
  settings: PricingSettings,
  installments: Installments,
): SellerGroupPrice {
  const { shippingFeeKurus, freeShippingFromKurus, pricesIncludeVat } = settings;
  const subtotalKurus = sumKurus(
    sellerLines.map((line) => line.lineTotalKurus),
    `subtotal of seller ${sellerId}`,
  );
  const reachesFreeShipping = freeShippingFromKurus > 0 && subtotalKurus >= freeShippingFromKurus;
  const shippingKurus = reachesFreeShipping ? 0 : shippingFeeKurus;
  const isFreeShipping = shippingKurus === 0;
  const beforeDiscount = requireSafe(subtotalKurus + shippingKurus, `goods and shipping of seller ${sellerId}`);
  const discountKurus = installments === 1 ? applyBasisPoints(beforeDiscount, CASH_DISCOUNT_BP) : 0;

  // Shipping and the discount belong to the VAT base of the supply: each line carries its share.
  const weights = shareWeights(sellerLines, subtotalKurus);
  const shippingShares = allocateByLargestRemainder(shippingKurus, weights);
  const discountShares = allocateByLargestRemainder(discountKurus, weights);
  const lines: PricedLine[] = sellerLines.map((line, index) => {
    const shippingShareKurus = shippingShares[index]!;
    const discountShareKurus = discountShares[index]!;
    const vatBaseKurus = line.lineTotalKurus + shippingShareKurus - discountShareKurus;
    return {
      ...line,
      shippingShareKurus,
      discountShareKurus,
      vatBaseKurus,
      vatKurus: vatOfBase(vatBaseKurus, line.vatRateBp, pricesIncludeVat),
    };
  });
  const vatKurus = sumKurus(
    lines.map((line) => line.vatKurus),
    `VAT of seller ${sellerId}`,
  );
  const totalKurus = requireSafe(beforeDiscount + (pricesIncludeVat ? 0 : vatKurus), `total of seller ${sellerId}`);
  return {
    sellerId,
    lines,
    subtotalKurus,
    shippingKurus,
    isFreeShipping,
    untilFreeShippingKurus: freeShippingFromKurus > 0 && !isFreeShipping ? freeShippingFromKurus - subtotalKurus : null,
    vatKurus,
    vatByRate: vatByRateOf(
      lines.map((l) => ({ vatRateBp: l.vatRateBp, baseKurus: l.vatBaseKurus, vatKurus: l.vatKurus })),
    ),
    totalKurus,
    discountKurus,
    chargedKurus: totalKurus - discountKurus,
  };
}

/** Prices a cart for the given instalment count: per seller group, and the cart as their sum (see the module doc). */
export function priceCart(lines: PricingLineInput[], settings: PricingSettings, installments: Installments): CartPrice {
  if (!isInstallments(installments)) throw new RangeError(`unknown instalment option: ${installments}`);
  validateSettings(settings);

  const linesBySeller = new Map<string, LineBeforeVat[]>();
  for (const line of lines) {
    const priced = priceLine(line, settings);
    const sellerLines = linesBySeller.get(line.sellerId);
    if (sellerLines) sellerLines.push(priced);
    else linesBySeller.set(line.sellerId, [priced]);
  }
  const groups = [...linesBySeller].map(([sellerId, sellerLines]) =>
    priceGroup(sellerId, sellerLines, settings, installments),
  );
  const total = (pick: (group: SellerGroupPrice) => Kurus, what: string) => sumKurus(groups.map(pick), what);
  const chargedKurus = total((g) => g.chargedKurus, 'cart charge');
  return {
    groups,
    subtotalKurus: total((g) => g.subtotalKurus, 'cart subtotal'),
    shippingKurus: total((g) => g.shippingKurus, 'cart shipping'),
    vatKurus: total((g) => g.vatKurus, 'cart VAT'),
    vatByRate: vatByRateOf(groups.flatMap((g) => g.vatByRate)),
    isVatIncluded: settings.pricesIncludeVat,
    totalKurus: total((g) => g.totalKurus, 'cart total'),
    installments,
    discountKurus: total((g) => g.discountKurus, 'cart discount'),
    chargedKurus,
    installmentAmounts: splitInstallments(chargedKurus, installments),
  };
}

/** For the instalment picker: every option with its charged total and its monthly amount (the last month may be more). */
export function quoteInstallmentPlans(lines: PricingLineInput[], settings: PricingSettings): InstallmentPlanQuote[] {
  // The instalment count changes nothing but the Peşin discount (1 only) and the split, so the
  // cart is priced twice, not once per option: every cart quote shows all the options.
  const cash = priceCart(lines, settings, 1);
  const spread = priceCart(lines, settings, 2);
  return installmentOptions.map((installments) => {
    const price = installments === 1 ? cash : spread;
    return {
      installments,
      chargedKurus: price.chargedKurus,
      monthlyKurus: splitInstallments(price.chargedKurus, installments)[0]!,
      discountKurus: price.discountKurus,
    };
  });
}
