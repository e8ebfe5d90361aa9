import { requiresExpiry } from '#shared/categories.ts';
import { isExpiryAcceptable, isMiadPast } from '#shared/dates.ts';
import { monthInTurkey } from '#shared/months.ts';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import {
  listingImageUrl,
  listingTypeLabel,
  type ListingValues,
  type SellerDashboard,
  type SellerListing,
} from '#shared/schemas/listings.ts';
import { listingTransitions, type ListingStatus } from '#shared/status.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberContext, ServiceContext } from '../../lib/context.ts';
import type { Log } from '../../lib/logger.ts';
import type { Storage } from '../../lib/storage.ts';
import { transition } from '../../lib/transition.ts';
import { getSellerOrderFigures, listRecentSellerOrders } from '../orders/index.ts';
import { getPublicSettings } from '../platform-settings/index.ts';
import {
  listingImageKey,
  reencodeListingImage,
  removeListingImageFiles,
  storeListingImage,
  type IncomingImage,
} from '../../lib/images.ts';
import {
  countSellerListings,
  deleteOwnListing,
  findCatalogueProduct,
  findOwnListing,
  findSellerListings,
  insertListing,
  insertListingEvent,
  ownListings,
  updateOwnListing,
  type CatalogueProductRow,
  type ListingRow,
  type NewListing,
} from './listings.repo.ts';
import { notifyPriceDrop } from './listing-notices.service.ts';

const v = listingMessages.validation;

/** Image storage, and the request's logger for clean-up that must not fail a committed change. */
export interface ListingFileDeps {
  storage: Storage;
  log: Log;
}

const RECENT_LIMIT = 5;

// Another seller's listing answers exactly like a missing one, so its existence never leaks.
const listingNotFound = () => new AppError('LISTING_NOT_FOUND');

function toSellerListing(row: ListingRow, barcode: string | null, now: Date): SellerListing {
  return {
    id: row.id,
    productId: row.productId,
    marka: row.marka,
    name: `${row.marka} ${row.modelKodu}`,
    modelKodu: row.modelKodu,
    kategori: row.kategori,
    altKategori: row.altKategori,
    tur: listingTypeLabel(row.kategori, row.altKategori),
    barkod: barcode,
    miad: row.miad,
    isMiadPast: isMiadPast(row.miad, now),
    stok: row.stock,
    priceKurus: row.priceKurus,
    durum: row.status as ListingStatus,
    handlingDays: row.handlingDays,
    minOrderQty: row.minOrderQty,
    discountPercent: row.discountPercent,
    isPromoted: row.isPromoted,
    imageUrl: listingImageUrl(row.imageKey),
    thumbnailUrl: listingImageUrl(row.thumbnailKey),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function toView(ctx: ServiceContext, row: ListingRow): Promise<SellerListing> {
  const product = row.productId ? await findCatalogueProduct(ctx.db, row.productId) : null;
  return toSellerListing(row, product?.barcode ?? null, ctx.clock.now());
}

/** Only approved catalogue products can be offered. */
async function requireListableProduct(ctx: ServiceContext, productId: string): Promise<CatalogueProductRow> {
  const product = await findCatalogueProduct(ctx.db, productId);
  if (!product || product.status !== 'approved')
    throw new AppError('PRODUCT_NOT_FOUND', v.productNotListable, { productId: v.productNotListable });
  return product;
}

/** Lens and solution goods need an expiry date; any expiry given must lie after today in Turkey. */
function assertExpiry(product: CatalogueProductRow, miad: string | null, now: Date) {
  if (miad === null) {
    if (requiresExpiry(product.category, product.subcategory))
      throw new AppError('VALIDATION_FAILED', v.expiryRequired, { miad: v.expiryRequired });
    return;
  }
  if (!isExpiryAcceptable(miad, now)) throw new AppError('VALIDATION_FAILED', v.expiryPast, { miad: v.expiryPast });
}

/** The listing's columns from the form and from the product, which the listing copies. */
function listingValues(product: CatalogueProductRow, input: ListingValues) {
  return {
    productId: product.id,
    marka: product.brand,
    modelKodu: product.modelCode,
    kategori: product.category,
    altKategori: product.subcategory,
    stock: input.stock,
    priceKurus: input.priceKurus,
    miad: input.miad,
    handlingDays: input.handlingDays,
    minOrderQty: input.minOrderQty,
    discountPercent: input.discountPercent,
    isPromoted: input.isPromoted,
  } satisfies Partial<NewListing>;
}

/** The seller's own listings, newest first. */
export async function listOwnListings(ctx: MemberContext): Promise<SellerListing[]> {
  const rows = await findSellerListings(ctx.db, ctx.user.id);
  return rows.map((r) => toSellerListing(r.listing, r.barcode, ctx.clock.now()));
}

/** A new listing of an approved catalogue product: colour Standart, status Aktif; audited in the same transaction. */
export async function createListing(ctx: MemberContext, input: ListingValues): Promise<SellerListing> {
  const product = await requireListableProduct(ctx, input.productId);
  const now = ctx.clock.now();
  assertExpiry(product, input.miad, now);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertListing(tx, {
      ...listingValues(product, input),
      sellerId: ctx.user.id,
      renk: 'Standart',
      status: 'Aktif',
      createdAt: now,
      updatedAt: now,
    });
    await insertListingEvent(tx, {
      listingId: created.id,
      actorId: ctx.user.id,
      action: 'created',
      toStatus: created.status,
      createdAt: now,
    });
    return created;
  });
  return toSellerListing(row, product.barcode, ctx.clock.now());
}

/** Saves the form over the seller's own listing; its status, image and creation date stay. */
export async function updateListing(ctx: MemberContext, id: string, input: ListingValues): Promise<SellerListing> {
  if (!(await findOwnListing(ctx.db, id, ctx.user.id))) throw listingNotFound();
  const product = await requireListableProduct(ctx, input.productId);
  const now = ctx.clock.now();
  assertExpiry(product, input.miad, now);
  const row = await ctx.db.transaction(async (tx) => {
    // Locked, so the price it is compared with is the one this update replaces.
    const before = await findOwnListing(tx, id, ctx.user.id, { forUpdate: true });
    if (!before) throw listingNotFound();
    const updated = await updateOwnListing(tx, id, ctx.user.id, { ...listingValues(product, input), updatedAt: now });
    if (!updated) throw listingNotFound();
    await insertListingEvent(tx, { listingId: id, actorId: ctx.user.id, action: 'updated', createdAt: now });
    await notifyPriceDrop(tx, before, updated, now);
    return updated;
  });
  return toSellerListing(row, product.barcode, ctx.clock.now());
}

/** Deletes the seller's own listing; its image files go once the deletion has committed. */
export async function deleteListing(ctx: MemberContext, deps: ListingFileDeps, id: string): Promise<void> {
  const now = ctx.clock.now();
  const deleted = await ctx.db.transaction(async (tx) => {
    const row = await deleteOwnListing(tx, id, ctx.user.id);
    if (!row) throw listingNotFound();
    await insertListingEvent(tx, {
      listingId: id,
      actorId: ctx.user.id,
      action: 'deleted',
      fromStatus: row.status,
      createdAt: now,
    });
    return row;
  });
  await removeListingImageFiles(deps.storage, deps.log, [deleted.imageKey, deleted.thumbnailKey]);
}

/**
 * Activate (Yayında Değil → Aktif) or deactivate (Aktif → Yayında Değil): a conditional update
 * from the one allowed source status, audited in the same transaction.
 */
export async function changeListingStatus(
  ctx: MemberContext,
  id: string,
  verb: keyof typeof listingTransitions,
): Promise<SellerListing> {
  const rule = listingTransitions[verb];
  const now = ctx.clock.now();
  const row = await transition(ctx.db, ownListings(ctx.user.id), {
    id,
    rule,
    set: { updatedAt: now },
    notFound: listingNotFound,
    record: (tx) =>
      insertListingEvent(tx, {
        listingId: id,
        actorId: ctx.user.id,
        action: verb === 'activate' ? 'activated' : 'deactivated',
        fromStatus: rule.from[0],
        toStatus: rule.to,
        createdAt: now,
      }),
  });
  return toView(ctx, row);
}

/**
 * Sets the image slot of the seller's own listing (new files, or none) in a transaction that
 * locks the row, so concurrent changes never lose track of a file. New files are removed if the
 * change fails; the files replaced are removed once it has committed.
 */
async function swapListingImage(
  ctx: MemberContext,
  deps: ListingFileDeps,
  id: string,
  next: { imageKey: string; thumbnailKey: string } | null,
) {
  const now = ctx.clock.now();
  let result: { row: ListingRow; previous: ListingRow };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const previous = await findOwnListing(tx, id, ctx.user.id, { forUpdate: true });
      if (!previous) throw listingNotFound();
      const row = await updateOwnListing(tx, id, ctx.user.id, {
        imageKey: next?.imageKey ?? null,
        thumbnailKey: next?.thumbnailKey ?? null,
        updatedAt: now,
      });
      if (!row) throw listingNotFound();
      await insertListingEvent(tx, {
        listingId: id,
        actorId: ctx.user.id,
        action: next ? 'image_changed' : 'image_removed',
        createdAt: now,
      });
      return { row, previous };
    });
  } catch (error) {
    if (next) await removeListingImageFiles(deps.storage, deps.log, [next.imageKey, next.thumbnailKey]);
    throw error;
  }
  await removeListingImageFiles(deps.storage, deps.log, [result.previous.imageKey, result.previous.thumbnailKey]);
  return toView(ctx, result.row);
}

/** Replaces the listing's cover image with the re-encoded upload (WebP, no metadata) and its thumbnail. */
export async function replaceListingImage(
  ctx: MemberContext,
  deps: ListingFileDeps,
  id: string,
  upload: IncomingImage,
): Promise<SellerListing> {
  // Ownership first: nothing of another seller's listing is decoded or stored.
  if (!(await findOwnListing(ctx.db, id, ctx.user.id))) throw listingNotFound();
  const stored = await storeListingImage(deps.storage, await reencodeListingImage(upload));
  return swapListingImage(ctx, deps, id, stored);
}

export async function removeListingImage(
  ctx: MemberContext,
  deps: ListingFileDeps,
  id: string,
): Promise<SellerListing> {
  return swapListingImage(ctx, deps, id, null);
}

/** The seller panel's stat cards and recent-5 lists, all from the database. */
export async function getSellerDashboard(ctx: MemberContext): Promise<SellerDashboard> {
  const month = monthInTurkey(ctx.clock.now());
  const [counts, figures, recentProducts, recentOrders, settings] = await Promise.all([
    countSellerListings(ctx.db, ctx.user.id),
    getSellerOrderFigures(ctx.db, ctx.user.id, month),
    findSellerListings(ctx.db, ctx.user.id, RECENT_LIMIT),
    listRecentSellerOrders(ctx.db, ctx.user.id, RECENT_LIMIT),
    getPublicSettings(ctx.db),
  ]);
  return {
    totalProducts: counts.total,
    activeProducts: counts.active,
    totalOrders: figures.total,
    pendingOrders: figures.pending,
    totalRevenueKurus: figures.revenue,
    monthlyRevenueKurus: figures.monthly,
    lowStockThreshold: settings.lowStockThreshold,
    recentProducts: recentProducts.map((r) => toSellerListing(r.listing, r.barcode, ctx.clock.now())),
    recentOrders: recentOrders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
  };
}

/** A stored listing image or thumbnail by its file name; only the listing-images prefix is reachable. */
export async function openListingImage(storage: Storage, file: string) {
  const opened = await storage.open(listingImageKey(file));
  if (!opened) throw new AppError('NOT_FOUND');
  return opened;
}
