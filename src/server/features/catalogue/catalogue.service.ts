import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import {
  ADMIN_CATALOGUE_PAGE_SIZE,
  MAX_PENDING_PROPOSALS,
  type AdminCatalogueList,
  type AdminCatalogueListQuery,
  type AdminCatalogueProduct,
  type CatalogueLookup,
  type CatalogueProduct,
  type CatalogueProductValues,
  type CatalogueProposalList,
  type CatalogueStatus,
} from '#shared/schemas/catalogue.ts';
import { catalogueTransitions } from '#shared/status.ts';
import { dashboardTabPath } from '#shared/site-paths.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AdminContext, MemberContext, ServiceContext } from '../../lib/context.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { catalogueProposalApprovedEmail, catalogueProposalRejectedEmail } from '../../lib/mailer/templates.ts';
import { transition } from '../../lib/transition.ts';
import { catalogueSearchText } from '../../lib/turkish-search.ts';
import { recordAdminAction } from '../../lib/audit.ts';
import { matchCatalogueProducts } from '../marketplace/index.ts';
import {
  BARCODE_INDEX,
  countPendingProposals,
  catalogueProductTarget,
  findAdminCataloguePage,
  findAdminCatalogueProduct,
  findLookupMatches,
  findProductById,
  findProductsByBarcodes,
  findProposalsOf,
  findProposerEmail,
  insertProducts,
  lockProposer,
  updateListingCopies,
  updateProduct,
  type AdminCatalogueRow,
  type CatalogueProductFields,
  type CatalogueProductRow,
} from './catalogue.repo.ts';

const m = catalogueMessages;
const LOOKUP_LIMIT = 10;
const MY_PROPOSALS_LIMIT = 100;
export const TARGET = 'catalogue_product';
/** Rows inserted per statement during an import (keeps each statement well under the parameter limit). */
export const INSERT_BATCH = 500;

export interface CatalogueDeps {
  appUrl: string;
}

function toProduct(row: CatalogueProductRow): CatalogueProduct {
  return {
    id: row.id,
    brand: row.brand,
    modelCode: row.modelCode,
    name: row.name,
    barcode: row.barcode,
    category: row.category,
    subcategory: row.subcategory,
    colourCode: row.colourCode,
    eyeSizeMm: row.eyeSizeMm,
    bridgeMm: row.bridgeMm,
    templeMm: row.templeMm,
    baseCurveMm: row.baseCurveMm,
    diameterMm: row.diameterMm,
    status: row.status as CatalogueStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminProduct({ product, listingCount, proposer }: AdminCatalogueRow): AdminCatalogueProduct {
  return {
    ...toProduct(product),
    proposedBy: proposer?.id ? { id: proposer.id, name: proposer.name, publicHandle: proposer.publicHandle } : null,
    rejectionReason: product.rejectionReason,
    listingCount,
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** The stored columns of validated input, search text included (every write of a product goes through here). */
export function productFields(input: CatalogueProductValues): CatalogueProductFields {
  return { ...input, searchText: catalogueSearchText(input) };
}

/** True when the statement broke the unique barcode index (found through Drizzle's wrapping of the driver error). */
function isBarcodeConflict(error: unknown): boolean {
  for (
    let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return (e.constraint ?? e.message ?? '').includes(BARCODE_INDEX);
  }
  return false;
}

function barcodeTaken(): AppError {
  return new AppError('CONFLICT', m.validation.barcodeTaken, { barcode: m.validation.barcodeTaken });
}

/** Runs a write; a clash on the barcode (also one a concurrent write won) becomes the Turkish field error. */
export async function withBarcodeCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isBarcodeConflict(error)) throw barcodeTaken();
    throw error;
  }
}

async function refuseTakenBarcode(db: Db, barcode: string | null, exceptId?: string) {
  if (!barcode) return;
  const [holder] = await findProductsByBarcodes(db, [barcode]);
  if (holder && holder.id !== exceptId) throw barcodeTaken();
}

// ---------------------------------------------------------------------------------------------
// Members: lookup and proposals

/**
 * The seller form's catalogue search: approved products only, at most 10, found by the buying
 * side's Turkish, typo-tolerant search (so "rayban" and "akuvue" work here as on /arama) or by the
 * start of a barcode.
 */
export async function lookupCatalogue(ctx: ServiceContext, q: string): Promise<CatalogueLookup> {
  const matches = await matchCatalogueProducts(ctx, q);
  return { items: (await findLookupMatches(ctx.db, q, matches, LOOKUP_LIMIT)).map(toProduct) };
}

/**
 * A member proposes a product the catalogue lacks. It waits as 'pending' (invisible to the
 * lookup) until an admin decides; a member may have at most MAX_PENDING_PROPOSALS waiting.
 */
export async function proposeProduct(ctx: MemberContext, input: CatalogueProductValues): Promise<CatalogueProduct> {
  await refuseTakenBarcode(ctx.db, input.barcode);
  const now = ctx.clock.now();
  const row = await withBarcodeCheck(() =>
    ctx.db.transaction(async (tx) => {
      await lockProposer(tx, ctx.user.id);
      if ((await countPendingProposals(tx, ctx.user.id)) >= MAX_PENDING_PROPOSALS) {
        throw new AppError('LIMIT_REACHED', m.proposal.limitReached(MAX_PENDING_PROPOSALS));
      }
      const [created] = await insertProducts(tx, [
        { ...productFields(input), status: 'pending', proposedBy: ctx.user.id, createdAt: now, updatedAt: now },
      ]);
      return created;
    }),
  );
  return toProduct(row);
}

export async function listMyProposals(ctx: MemberContext): Promise<CatalogueProposalList> {
  const rows = await findProposalsOf(ctx.db, ctx.user.id, MY_PROPOSALS_LIMIT);
  return { items: rows.map((row) => ({ ...toProduct(row), rejectionReason: row.rejectionReason })) };
}

// ---------------------------------------------------------------------------------------------
// Admin: catalogue management

export async function listAdminCatalogue(
  ctx: AdminContext,
  query: AdminCatalogueListQuery & { page: number },
): Promise<AdminCatalogueList> {
  const pageSize = ADMIN_CATALOGUE_PAGE_SIZE;
  const { rows, total, pending } = await findAdminCataloguePage(ctx.db, query, pageSize, (query.page - 1) * pageSize);
  return {
    items: rows.map(toAdminProduct),
    total,
    page: query.page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    pendingCount: pending,
  };
}

async function adminProduct(db: Db, id: string): Promise<AdminCatalogueProduct> {
  const row = await findAdminCatalogueProduct(db, id);
  if (!row) throw new AppError('PRODUCT_NOT_FOUND', m.notFound);
  return toAdminProduct(row);
}

/** An admin adds a product; it is approved at once. */
export async function createCatalogueProduct(
  ctx: AdminContext,
  input: CatalogueProductValues,
): Promise<AdminCatalogueProduct> {
  await refuseTakenBarcode(ctx.db, input.barcode);
  const now = ctx.clock.now();
  const id = await withBarcodeCheck(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await insertProducts(tx, [
        { ...productFields(input), status: 'approved', createdAt: now, updatedAt: now },
      ]);
      await recordAdminAction(
        tx,
        {
          actorId: ctx.user.id,
          action: 'catalogue_product_created',
          targetType: TARGET,
          targetId: row.id,
          details: { brand: row.brand, modelCode: row.modelCode, barcode: row.barcode },
          ip: ctx.ip,
        },
        now,
      );
      return row.id;
    }),
  );
  return adminProduct(ctx.db, id);
}

/** Saves a product's fields and copies brand, model code and categories to its listings. */
export async function saveProduct(tx: Db, id: string, input: CatalogueProductValues, now: Date) {
  const row = await updateProduct(tx, id, { ...productFields(input), updatedAt: now });
  if (!row) return null;
  const listingsUpdated = await updateListingCopies(tx, id, {
    marka: row.brand,
    modelKodu: row.modelCode,
    kategori: row.category,
    altKategori: row.subcategory,
  });
  return { row, listingsUpdated };
}

/** An admin edits a product (whatever its status); its listings' copied fields change in the same transaction. */
export async function updateCatalogueProduct(
  ctx: AdminContext,
  id: string,
  input: CatalogueProductValues,
): Promise<AdminCatalogueProduct> {
  if (!(await findProductById(ctx.db, id))) throw new AppError('PRODUCT_NOT_FOUND', m.notFound);
  await refuseTakenBarcode(ctx.db, input.barcode, id);
  const now = ctx.clock.now();
  await withBarcodeCheck(() =>
    ctx.db.transaction(async (tx) => {
      const saved = await saveProduct(tx, id, input, now);
      if (!saved) throw new AppError('PRODUCT_NOT_FOUND', m.notFound);
      await recordAdminAction(
        tx,
        {
          actorId: ctx.user.id,
          action: 'catalogue_product_updated',
          targetType: TARGET,
          targetId: id,
          details: {
            brand: saved.row.brand,
            modelCode: saved.row.modelCode,
            barcode: saved.row.barcode,
            listingsUpdated: saved.listingsUpdated,
          },
          ip: ctx.ip,
        },
        now,
      );
    }),
  );
  return adminProduct(ctx.db, id);
}

/**
 * Approves or rejects a pending proposal: a conditional update (a second or concurrent decision
 * finds nothing pending and gets INVALID_STATUS_TRANSITION), the audit row and the proposer's
 * e-mail in one transaction. A rejected proposal gives up its barcode, so the genuine product
 * can still be added under it.
 */
async function decideProposal(
  ctx: AdminContext,
  deps: CatalogueDeps,
  id: string,
  decision: { verb: 'approve' } | { verb: 'reject'; reason: string },
) {
  const notFound = () => new AppError('PRODUCT_NOT_FOUND', m.notFound);
  // Read first for the barcode, which a rejection clears.
  const current = await findProductById(ctx.db, id);
  if (!current) throw notFound();
  const now = ctx.clock.now();
  await transition(ctx.db, catalogueProductTarget, {
    id,
    rule: catalogueTransitions[decision.verb],
    set: {
      reviewedBy: ctx.user.id,
      reviewedAt: now,
      updatedAt: now,
      ...(decision.verb === 'reject' ? { rejectionReason: decision.reason, barcode: null } : {}),
    },
    notFound,
    record: async (tx, decided) => {
      const details = {
        brand: decided.brand,
        modelCode: decided.modelCode,
        barcode: current.barcode,
        proposedBy: decided.proposedBy,
      };
      await recordAdminAction(
        tx,
        {
          actorId: ctx.user.id,
          action: decision.verb === 'approve' ? 'catalogue_proposal_approved' : 'catalogue_proposal_rejected',
          targetType: TARGET,
          targetId: id,
          details: decision.verb === 'reject' ? { ...details, reason: decision.reason } : details,
          ip: ctx.ip,
        },
        now,
      );
      const to = decided.proposedBy ? await findProposerEmail(tx, decided.proposedBy) : null;
      if (to) {
        const product = {
          name: decided.name,
          brand: decided.brand,
          modelCode: decided.modelCode,
          barcode: current.barcode,
        };
        const email =
          decision.verb === 'approve'
            ? catalogueProposalApprovedEmail({ ...product, panelUrl: `${deps.appUrl}${dashboardTabPath('listings')}` })
            : catalogueProposalRejectedEmail({ ...product, reason: decision.reason });
        await enqueueEmail(tx, to, email, now, { relatedTo: `catalogue_product:${id}` });
      }
    },
  });
  return adminProduct(ctx.db, id);
}

export function approveProposal(ctx: AdminContext, deps: CatalogueDeps, id: string): Promise<AdminCatalogueProduct> {
  return decideProposal(ctx, deps, id, { verb: 'approve' });
}

export function rejectProposal(
  ctx: AdminContext,
  deps: CatalogueDeps,
  id: string,
  reason: string,
): Promise<AdminCatalogueProduct> {
  return decideProposal(ctx, deps, id, { verb: 'reject', reason });
}
