import { isMiadPast } from '#shared/dates.ts';
import { discountedPrice, type Kurus } from '#shared/money.ts';
import {
  priceCart,
  quoteInstallmentPlans,
  type Installments,
  type PricingLineInput,
  type PricingSettings,
} from '#shared/pricing.ts';
import type { CartLineInput, CartLineProblem, CartQuote, CartQuoteBody, QuotedLine } from '#shared/schemas/checkout.ts';
import { listingImageUrl } from '#shared/schemas/listings.ts';
import { vatRateForCategory } from '#shared/schemas/platform-settings.ts';
import {
  getPlatformSettings,
  getRecentPlatformSettings,
  type PlatformSettingsRow,
} from '../platform-settings/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUtsTracked } from '../uts/index.ts';
import { findCartListings, type CartListingRow } from './checkout.repo.ts';

export function pricingSettingsOf(row: PlatformSettingsRow): PricingSettings {
  return {
    vatRateBp: row.vatRateBp,
    shippingFeeKurus: row.shippingFeeKurus,
    freeShippingFromKurus: row.freeShippingFromKurus,
    pricesIncludeVat: row.pricesIncludeVat,
  };
}

/** The same offer twice in a cart counts once, with the quantities added (the first seen price kept). */
export function mergeLines(lines: CartLineInput[]): CartLineInput[] {
  const merged = new Map<string, CartLineInput>();
  for (const line of lines) {
    const existing = merged.get(line.listingId);
    merged.set(line.listingId, existing ? { ...existing, quantity: existing.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()];
}

/** What stands between this cart line and buying it, judged on the listing as it is now. */
function problemsOf(
  line: CartLineInput,
  row: CartListingRow | undefined,
  viewerId: string | null,
  now: Date,
): { problems: CartLineProblem[]; unitPriceKurus: Kurus | null } {
  if (!row || row.status !== 'Aktif' || row.sellerBanned) return { problems: ['unavailable'], unitPriceKurus: null };
  // Past its miat the offer cannot be bought at any price or quantity: that one reason is enough.
  if (isMiadPast(row.miad, now)) return { problems: ['expired'], unitPriceKurus: null };
  const problems: CartLineProblem[] = [];
  const unitPriceKurus = discountedPrice(row.priceKurus, row.discountPercent);
  if (viewerId !== null && row.sellerId === viewerId) problems.push('own_offer');
  if (viewerId !== null && line.seenUnitPriceKurus != null && line.seenUnitPriceKurus !== unitPriceKurus) {
    problems.push('price_changed');
  }
  if (row.stock < line.quantity) problems.push('insufficient_stock');
  if (line.quantity < row.minOrderQty) problems.push('below_minimum');
  return { problems, unitPriceKurus };
}

/**
 * The server's price of a cart: each line judged against the listing now (price, stock, minimum,
 * still on sale, within its miat, one's own), and the lines that can be bought priced by the shared pricing module.
 * Visitors see availability only (prices are for members).
 */
export async function quoteCart(ctx: ServiceContext, body: CartQuoteBody): Promise<CartQuote> {
  return (await priceQuote(ctx, body, 'recent')).quote;
}

/**
 * The quote and the listing rows it was made from. 'recent' settings may be a few seconds old
 * (getRecentPlatformSettings): fine for the cart's preview, whose figures the checkout checks again
 * under its row locks; the checkout itself and its refusals read them 'fresh'.
 */
export async function priceQuote(
  ctx: ServiceContext,
  body: CartQuoteBody,
  settingsRead: 'recent' | 'fresh',
): Promise<{ quote: CartQuote; rows: CartListingRow[] }> {
  const viewerId = ctx.user?.id ?? null;
  const pricesVisible = viewerId !== null;
  const lines = mergeLines(body.lines);
  const [settingsRow, rows] = await Promise.all([
    settingsRead === 'recent' ? getRecentPlatformSettings(ctx.db) : getPlatformSettings(ctx.db),
    findCartListings(
      ctx.db,
      lines.map((l) => l.listingId),
      viewerId,
    ),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const settings = pricingSettingsOf(settingsRow);
  const now = ctx.clock.now();

  const quoted: QuotedLine[] = lines.map((line) => {
    const row = byId.get(line.listingId);
    const { problems, unitPriceKurus } = problemsOf(line, row, viewerId, now);
    const visiblePrice = pricesVisible ? unitPriceKurus : null;
    return {
      listingId: line.listingId,
      productId: row?.productId ?? null,
      marka: row?.marka ?? '',
      modelKodu: row?.modelKodu ?? '',
      name: row ? (row.productName ?? `${row.marka} ${row.modelKodu}`) : '',
      thumbnailUrl: listingImageUrl(row?.thumbnailKey ?? null),
      sellerId: row?.sellerId ?? null,
      sellerHandle: row?.sellerHandle ?? null,
      sellerSlug: row?.sellerSlug ?? null,
      quantity: line.quantity,
      unitPriceKurus: visiblePrice,
      seenUnitPriceKurus: line.seenUnitPriceKurus ?? null,
      lineTotalKurus: visiblePrice === null ? null : visiblePrice * line.quantity,
      stock: row?.stock ?? 0,
      minOrderQty: row?.minOrderQty ?? 1,
      problems,
    };
  });

  const installments: Installments = body.installments ?? 1;
  const buyable = quoted.filter((l) => l.problems.length === 0 && l.unitPriceKurus !== null);
  const pricingLines: PricingLineInput[] = buyable.map((l) => ({
    key: l.listingId,
    sellerId: l.sellerId!,
    unitPriceKurus: l.unitPriceKurus!,
    quantity: l.quantity,
    vatRateBp: vatRateForCategory(settingsRow, byId.get(l.listingId)!.kategori),
  }));
  const sellers = new Map(rows.map((row) => [row.sellerId, row]));
  let price: CartQuote['price'] = null;
  if (pricesVisible) {
    const cart = priceCart(pricingLines, settings, installments);
    price = {
      groups: cart.groups.map((g) => ({
        sellerId: g.sellerId,
        sellerHandle: sellers.get(g.sellerId)?.sellerHandle ?? null,
        sellerSlug: sellers.get(g.sellerId)?.sellerSlug ?? null,
        listingIds: g.lines.map((l) => l.key),
        subtotalKurus: g.subtotalKurus,
        shippingKurus: g.shippingKurus,
        isFreeShipping: g.isFreeShipping,
        untilFreeShippingKurus: g.untilFreeShippingKurus,
        vatKurus: g.vatKurus,
        vatByRate: g.vatByRate,
        totalKurus: g.totalKurus,
        discountKurus: g.discountKurus,
        chargedKurus: g.chargedKurus,
      })),
      subtotalKurus: cart.subtotalKurus,
      shippingKurus: cart.shippingKurus,
      vatKurus: cart.vatKurus,
      vatByRate: cart.vatByRate,
      isVatIncluded: cart.isVatIncluded,
      vatRateBp: settings.vatRateBp,
      totalKurus: cart.totalKurus,
      installments: cart.installments,
      discountKurus: cart.discountKurus,
      chargedKurus: cart.chargedKurus,
      installmentAmounts: cart.installmentAmounts,
      plans: quoteInstallmentPlans(pricingLines, settings),
    };
  }
  // Told, not blocked (decision 044): the seller cannot file its ÜTS verme without the buyer's number.
  const hasTrackedLine = quoted.some((l) =>
    isUtsTracked(byId.get(l.listingId)?.kategori ?? null, settingsRow.utsTrackedCategories),
  );
  const isUtsNumberMissing = viewerId !== null && hasTrackedLine && !rows[0]?.buyerUtsNumber?.trim();
  const quote: CartQuote = {
    pricesVisible,
    isUtsNumberMissing,
    lines: quoted,
    price,
    settings: {
      shippingFeeKurus: settings.shippingFeeKurus,
      freeShippingFromKurus: settings.freeShippingFromKurus,
      escrowDays: settingsRow.escrowDays,
      vatRateBp: settings.vatRateBp,
      pricesIncludeVat: settings.pricesIncludeVat,
    },
    isReady: pricesVisible && quoted.length > 0 && quoted.every((l) => l.problems.length === 0),
  };
  return { quote, rows };
}
