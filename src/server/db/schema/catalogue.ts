import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TURKISH_FOLD_FROM, TURKISH_FOLD_TO } from '#shared/turkish-fold.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The master catalogue: one row per optical product, whatever store sells it. Sellers' listings
 * point here, so one product page gathers every offer. Rows proposed by sellers wait as
 * 'pending' until an admin approves them; only approved rows can be listed or found.
 */
export const catalogueProducts = pgTable(
  'catalogue_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brand: text('brand').notNull(),
    modelCode: text('model_code').notNull(),
    name: text('name').notNull(),
    /** GTIN (EAN-13 mostly), check digit validated; absent for some workshop goods. */
    barcode: text('barcode'),
    category: text('category').notNull(),
    subcategory: text('subcategory'),
    colourCode: text('colour_code'),
    /** Frames: lens width, bridge and temple length in millimetres. */
    eyeSizeMm: smallint('eye_size_mm'),
    bridgeMm: smallint('bridge_mm'),
    templeMm: smallint('temple_mm'),
    /** Contact lenses: base curve and diameter in millimetres (8.6, 14.2). */
    baseCurveMm: numeric('base_curve_mm', { precision: 3, scale: 1, mode: 'number' }),
    diameterMm: numeric('diameter_mm', { precision: 3, scale: 1, mode: 'number' }),
    /** approved | pending (a seller's proposal) | rejected. */
    status: text('status').notNull().default('approved'),
    proposedBy: text('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** Folded words for search (brand, model, name, category names, joined brand forms); written by the catalogue service. */
    searchText: text('search_text').notNull().default(''),
    /**
     * The full-text index of search_text ('simple' configuration: no stemming, no stop words), with
     * the folded brand and model words weighted A so ts_rank prefers matches there (decision 012).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple'::regconfig, regexp_replace(lower(translate(${catalogueProducts.brand} || ' ' || ${catalogueProducts.modelCode}, ${sql.raw(`'${TURKISH_FOLD_FROM}'`)}, ${sql.raw(`'${TURKISH_FOLD_TO}'`)})), '[^[:alnum:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('simple'::regconfig, ${catalogueProducts.searchText}), 'D')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('catalogue_products_status_check', sql`${t.status} in ('approved', 'pending', 'rejected')`),
    check('catalogue_products_barcode_check', sql`${t.barcode} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    check(
      'catalogue_products_frame_check',
      sql`${t.eyeSizeMm} between 20 and 80 and ${t.bridgeMm} between 8 and 30 and ${t.templeMm} between 100 and 160`,
    ),
    check(
      'catalogue_products_lens_check',
      sql`${t.baseCurveMm} between 7 and 10 and ${t.diameterMm} between 12 and 16`,
    ),
    uniqueIndex('catalogue_products_barcode_key').on(t.barcode),
    index('catalogue_products_category_idx').on(t.category, t.subcategory),
    index('catalogue_products_status_idx').on(t.status, t.createdAt),
    // fastupdate off: catalogue writes are rare, and a pending list would slow every search until vacuumed.
    index('catalogue_products_search_vector_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
);

/**
 * Every word that occurs in some product's search_text, kept by a trigger on catalogue_products
 * (migration 0006). Search expands each query word to the terms equal to it, starting with it,
 * containing it or trigram-similar to it (typo tolerance), then matches products on those terms.
 */
export const catalogueSearchTerms = pgTable('catalogue_search_terms', { term: text('term').primaryKey() }, (t) => [
  index('catalogue_search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')).with({ fastupdate: false }),
]);
