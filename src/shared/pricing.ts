import type { Kurus } from './money.ts';

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
