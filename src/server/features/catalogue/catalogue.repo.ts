import { and, asc, count, desc, eq, inArray, or, param, sql, type SQL } from 'drizzle-orm';
import type { CatalogueStatus } from '#shared/schemas/catalogue.ts';
import type { Db } from '../../db/client.ts';
import { catalogueProducts } from '../../db/schema/catalogue.ts';
import { listings } from '../../db/schema/listings.ts';
import { users } from '../../db/schema/users.ts';
import type { StatusTarget } from '../../lib/transition.ts';
import { containsPattern, foldedSql } from '../../lib/turkish-search.ts';

export type CatalogueProductRow = typeof catalogueProducts.$inferSelect;
export type NewCatalogueProduct = typeof catalogueProducts.$inferInsert;
/** The columns an admin (or a seller's proposal, or an import row) sets; status and review fields aside. */
export type CatalogueProductFields = Pick<
  NewCatalogueProduct,
  | 'brand'
  | 'modelCode'
  | 'name'
  | 'barcode'
  | 'category'
  | 'subcategory'
  | 'colourCode'
  | 'eyeSizeMm'
  | 'bridgeMm'
  | 'templeMm'
  | 'baseCurveMm'
  | 'diameterMm'
  | 'searchText'
>;

export const BARCODE_INDEX = 'catalogue_products_barcode_key';

/**
 * The seller form's lookup: approved products among the search's matches (id → score, from the
 * marketplace search), plus, when `q` is digits, those whose barcode starts with it. The exact
 * barcode comes first, then other barcode prefixes, then by score; equal scores by brand and model.
 */
export async function findLookupMatches(db: Db, q: string, matches: { id: string; score: number }[], limit: number) {
  const ids = matches.map((m) => m.id);
  const scores = matches.map((m) => m.score);
  const isDigits = /^\d+$/.test(q);
  const isMatch = sql`${catalogueProducts.id} = any(${param(ids)}::uuid[])`;
  const score = sql`coalesce((${param(scores)}::float8[])[array_position(${param(ids)}::uuid[], ${catalogueProducts.id})], 0)`;
  const barcodeRank = isDigits
    ? sql`case when ${catalogueProducts.barcode} = ${q} then 0 when ${catalogueProducts.barcode} like ${`${q}%`} then 1 else 2 end`
    : sql`2`;
  return db
    .select()
    .from(catalogueProducts)
    .where(
      and(
        eq(catalogueProducts.status, 'approved'),
        isDigits ? or(isMatch, sql`${catalogueProducts.barcode} like ${`${q}%`}`) : isMatch,
      ),
    )
    .orderBy(
      barcodeRank,
      desc(score),
      foldedSql(catalogueProducts.brand),
      foldedSql(catalogueProducts.modelCode),
      asc(catalogueProducts.name),
      asc(catalogueProducts.id),
    )
    .limit(limit);
}

export interface AdminCatalogueFilter {
  q?: string;
  status?: CatalogueStatus;
  category?: string;
}

function adminFilter({ q, status, category }: AdminCatalogueFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(catalogueProducts.status, status));
  if (category) conditions.push(eq(catalogueProducts.category, category));
  if (q) {
    const pattern = containsPattern(q);
    const columns = [
      catalogueProducts.brand,
      catalogueProducts.modelCode,
      catalogueProducts.name,
      catalogueProducts.barcode,
    ];
    conditions.push(or(...columns.map((column) => sql`${foldedSql(column)} like ${pattern}`))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const listingCountSql = sql<number>`(select count(*) from ${listings} where ${listings.productId} = ${catalogueProducts.id})::int`;

/** Products as the admin sees them: each with its proposer and listing count. */
function selectAdminRows(db: Db) {
  return db
    .select({
      product: catalogueProducts,
      listingCount: listingCountSql,
      proposer: { id: users.id, name: users.name, publicHandle: users.publicHandle },
    })
    .from(catalogueProducts)
    .leftJoin(users, eq(users.id, catalogueProducts.proposedBy));
}

/** One page of the admin catalogue with each product's proposer and listing count. Pending proposals oldest first, others by brand and model. */
export async function findAdminCataloguePage(db: Db, filter: AdminCatalogueFilter, limit: number, offset: number) {
  const where = adminFilter(filter);
  const order =
    filter.status === 'pending'
      ? [asc(catalogueProducts.createdAt), asc(catalogueProducts.id)]
      : [
          foldedSql(catalogueProducts.brand),
          foldedSql(catalogueProducts.modelCode),
          asc(catalogueProducts.name),
          asc(catalogueProducts.id),
        ];
  const [rows, [{ total }], [{ pending }]] = await Promise.all([
    selectAdminRows(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(catalogueProducts).where(where),
    db.select({ pending: count() }).from(catalogueProducts).where(eq(catalogueProducts.status, 'pending')),
  ]);
  return { rows, total, pending };
}

/** One product with its proposer and listing count (the admin view of a single row). */
export async function findAdminCatalogueProduct(db: Db, id: string) {
  const [row] = await selectAdminRows(db).where(eq(catalogueProducts.id, id));
  return row ?? null;
}

export type AdminCatalogueRow = NonNullable<Awaited<ReturnType<typeof findAdminCatalogueProduct>>>;

export async function findProductById(db: Db, id: string) {
  const [row] = await db.select().from(catalogueProducts).where(eq(catalogueProducts.id, id));
  return row ?? null;
}

/** Products holding any of the barcodes, whatever their status. */
export async function findProductsByBarcodes(db: Db, barcodes: string[]) {
  if (barcodes.length === 0) return [];
  return db.select().from(catalogueProducts).where(inArray(catalogueProducts.barcode, barcodes));
}

export async function insertProducts(db: Db, rows: NewCatalogueProduct[]) {
  if (rows.length === 0) return [];
  return db.insert(catalogueProducts).values(rows).returning();
}

export async function updateProduct(db: Db, id: string, values: CatalogueProductFields & { updatedAt: Date }) {
  const [row] = await db.update(catalogueProducts).set(values).where(eq(catalogueProducts.id, id)).returning();
  return row ?? null;
}

/** Listings copy brand, model code and categories from their product; an edit of the product is copied to them. */
export async function updateListingCopies(
  db: Db,
  productId: string,
  copy: { marka: string; modelKodu: string; kategori: string; altKategori: string | null },
) {
  const rows = await db
    .update(listings)
    .set(copy)
    .where(eq(listings.productId, productId))
    .returning({ id: listings.id });
  return rows.length;
}

/** Catalogue products as a status-machine target (proposals: pending → approved | rejected). */
export const catalogueProductTarget: StatusTarget<typeof catalogueProducts> = { table: catalogueProducts };

/** Serialises one member's proposals, so the pending cap cannot be passed by sending several at once. */
export async function lockProposer(db: Db, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`optistok:catalogue-proposals:${userId}`}))`);
}

export async function countPendingProposals(db: Db, userId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(catalogueProducts)
    .where(and(eq(catalogueProducts.proposedBy, userId), eq(catalogueProducts.status, 'pending')));
  return n;
}

export async function findProposalsOf(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(catalogueProducts)
    .where(eq(catalogueProducts.proposedBy, userId))
    .orderBy(desc(catalogueProducts.createdAt), desc(catalogueProducts.id))
    .limit(limit);
}

/** Where the outcome of a proposal is e-mailed. */
export async function findProposerEmail(db: Db, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
