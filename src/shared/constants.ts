/** Business constants from the specification. Money in kuruş, rates in basis points. */
/** The general KDV rate in force since July 2023 (the platform setting's default; the rates used are the settings', decision 039). */
export const VAT_RATE_BP = 2000;
export const SHIPPING_FEE_PER_SELLER_KURUS = 2500; // 25 TL per seller
export const ESCROW_DAYS = 15; // automatic release after 15 days
/** Default days after shipping before automatic release (the "7 gün iade" promise, decision 034). */
export const INSPECTION_DAYS = 7;
export const INSTALLMENT_OPTIONS = [1, 2, 3, 6, 12] as const;
export const CASH_DISCOUNT_BP = 200; // "Peşin" 2 % discount
export const LOW_STOCK_THRESHOLD = 10; // "Az Stok" below this
/** A paid order awaiting the seller's "Onayla" is cancelled and refunded after this long (issue 12). */
export const ORDER_ACCEPT_HOURS = 24;

/** UI behaviour constants (spec part 1 §9). */
export const NAV_OPAQUE_AFTER_PX = 20;
export const BACK_TO_TOP_AFTER_PX = 400;
export const QUERY_STALE_MS = 5 * 60 * 1000;
export const TOAST_DURATION_MS = 4500;
export const TOAST_MAX_VISIBLE = 3;
export const SEARCH_PATH = '/arama';

/** How long the public statistics may be served from cache. */
export const PUBLIC_STATS_TTL_SECONDS = 60;

/** Contact form limits. */
export const CONTACT_MESSAGE_MAX = 2000;
