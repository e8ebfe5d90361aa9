import { and, eq, getTableColumns, param, sql, type SQL } from 'drizzle-orm';
import { preparedPerDatabase, selectRows, type Db } from '../../db/client.ts';
import { catalogueProducts } from '../../db/schema/catalogue.ts';
import { listings } from '../../db/schema/listings.ts';
import { miadSellableSql } from '../../lib/miad-sql.ts';
import { finalPriceSql } from '../../lib/money-sql.ts';

// Raw SQL here always reads listings as `l`; every value goes in as a bound parameter, arrays as
// one array parameter each.

const finalPrice = finalPriceSql(sql`l.price_kurus`, sql`l.discount_percent`);

/** On sale to buyers at `now`: 'Aktif' and not past its miat (a past-miat offer is not offered at all). */
function onSale(now: Date): SQL {
  return sql`l.status = 'Aktif' and ${miadSellableSql(sql`l.miad`, now)}`;
}

export interface Versions {
  /** The number of the latest announcement of a marketplace change (migration 0033), drawn as its transaction commits; 0 before the first. */
  marketplace: number;
  /** Moves with every change of a catalogue product. */
  catalogue: string;
}

/** The number of the latest marketplace announcement drawn (migration 0033); 0 before the first. */
const marketplaceVersionSql = sql`(select case when is_called then last_value else 0 end from marketplace_version_seq)::text`;

/**
 * The current versions (migrations 0006 and 0033), read together. Every marketplace request reads
 * them first, so the statement is prepared once per database (no tables: its plan cannot go stale).
 */
const versionsQueryOf = preparedPerDatabase((db: Db) =>
  db
    .select({
      marketplace: sql<string>`${marketplaceVersionSql}`,
      catalogue: sql<string>`(select last_value::text || ':' || is_called::text from catalogue_version_seq)`,
    })
    .from(sql`(values (1)) as one (n)`)
    .prepare('read_marketplace_versions'),
);

export async function readVersions(db: Db): Promise<Versions> {
  const [row] = await versionsQueryOf(db).execute();
  return { marketplace: Number(row.marketplace), catalogue: row.catalogue };
}

// ---------------------------------------------------------------------------------------------
// Browse: filters, counts, facets and pages of products (decision 016: one card per catalogue product)

export interface ListingFilter {
  /** Search matches, best first, with their relevance tier (equal scores share a tier); all products when absent. */
  matches?: { ids: string[]; tiers: number[] };
  category?: string;
  subcategory?: string;
  brands: string[];
  minFinalKurus?: number;
  maxFinalKurus?: number;
  inStock: boolean;
  promoted: boolean;
  /** The app clock's instant: offers past their miat on its Turkish day are left out. */
  now: Date;
}

/** The fixed part of the buying side's visibility: on sale (onSale), plus the in-stock and promoted filters. */
function listingConditions(filter: ListingFilter): SQL {
  const conditions = [onSale(filter.now)];
  if (filter.inStock) conditions.push(sql`l.stock > 0`);
  if (filter.promoted) conditions.push(sql`l.is_promoted`);
  return sql.join(conditions, sql` and `);
}

/** The facet filters on a row of `alias` (listings or per-product groups), each `true` when not set. */
function facetConditions(filter: ListingFilter, alias: 'l' | 'g' = 'l') {
  const a = sql.raw(alias);
  return {
    category: filter.category ? sql`${a}.kategori = ${filter.category}` : sql`true`,
    subcategory: filter.subcategory ? sql`${a}.alt_kategori = ${filter.subcategory}` : sql`true`,
    brand: filter.brands.length ? sql`${a}.marka = any(${param(filter.brands)}::text[])` : sql`true`,
  };
}

/** The price filter, on the final price of a listing `l`. */
function priceCondition(filter: ListingFilter): SQL {
  const min = filter.minFinalKurus === undefined ? sql`true` : sql`${finalPrice} >= ${filter.minFinalKurus}`;
  const max = filter.maxFinalKurus === undefined ? sql`true` : sql`${finalPrice} <= ${filter.maxFinalKurus}`;
  return sql`${min} and ${max}`;
}

export interface CountRow {
  /** 0 when the column is one of the row's grouping columns, 1 when it is summed over. */
  g_category: number;
  g_subcategory: number;
  g_brand: number;
  kategori: string | null;
  alt_kategori: string | null;
  marka: string | null;
  /** Products counted for the category facet (without the category and subcategory filters; see countProducts) ... */
  n_category: number;
  /** ... the subcategory facet (without the subcategory filter), the brand facet, and everything. */
  n_subcategory: number;
  n_brand: number;
  n_all: number;
  /** Final price range without the price filter. */
  min_final: number | null;
  max_final: number | null;
}

/**
 * The total, the facets' counts (each ignoring its own filter) and the price range, all counting
 * products. Each product is first summed over its listings: it counts once when one of its listings
 * passes the price filter (the one filter that depends on the listing); the subcategory and brand
 * filters depend only on the product, so the facets are grouping sets over a few thousand rows at
 * most. A search reads its products' listings through their index; browsing scans them once. With
 * a category, only its listings are read, so the category facet (n_category) must then come from
 * the same filter without the category.
 */
export async function countProducts(db: Db, filter: ListingFilter): Promise<CountRow[]> {
  const price = priceCondition(filter);
  const where = filter.category
    ? sql`${listingConditions(filter)} and l.kategori = ${filter.category}`
    : listingConditions(filter);
  const sums = sql`least(count(*) filter (where ${price}), 1) as n, min(${finalPrice}) as min_final, max(${finalPrice}) as max_final`;
  const perProduct = filter.matches
    ? sql`select x.kategori, x.alt_kategori, x.marka, x.n, x.min_final, x.max_final
            from unnest(${param(filter.matches.ids)}::uuid[]) as m(id)
            -- Summed per product inside the lateral read, which stays a per-product index range.
            cross join lateral (
              select l.kategori, l.alt_kategori, l.marka, ${sums}
                from listings l where l.product_id = m.id and ${where}
               group by l.kategori, l.alt_kategori, l.marka
            ) x`
    : sql`select x.kategori, x.alt_kategori, x.marka, x.n, x.min_final, x.max_final
            from (select l.product_id, l.kategori, l.alt_kategori, l.marka, ${sums}
                    from listings l
                   where ${where}
                   group by l.product_id, l.kategori, l.alt_kategori, l.marka) x
            join catalogue_products p on p.id = x.product_id and p.status = 'approved'`;
  const f = facetConditions(filter, 'g');
  return selectRows<CountRow>(
    db,
    sql`select grouping(g.kategori)::int as g_category, grouping(g.alt_kategori)::int as g_subcategory,
               grouping(g.marka)::int as g_brand, g.kategori, g.alt_kategori, g.marka,
               coalesce(sum(g.n) filter (where ${f.brand}), 0)::int as n_category,
               coalesce(sum(g.n) filter (where ${f.category} and ${f.brand}), 0)::int as n_subcategory,
               coalesce(sum(g.n) filter (where ${f.category} and ${f.subcategory}), 0)::int as n_brand,
               coalesce(sum(g.n) filter (where ${f.category} and ${f.subcategory} and ${f.brand}), 0)::int as n_all,
               (min(g.min_final) filter (where ${f.category} and ${f.subcategory} and ${f.brand}))::int as min_final,
               (max(g.max_final) filter (where ${f.category} and ${f.subcategory} and ${f.brand}))::int as max_final
          from (${perProduct}) g
         group by grouping sets ((), (g.kategori), (g.kategori, g.alt_kategori), (g.marka))`,
  );
}

/** The product's columns of a card, shared by offers and product cards. */
export type CardProductColumns = Pick<
  ListingCardRow,
  | 'product_id'
  | 'marka'
  | 'model_kodu'
  | 'name'
  | 'kategori'
  | 'alt_kategori'
  | 'barcode'
  | 'image_key'
  | 'thumbnail_key'
>;

export interface ProductCardRow extends CardProductColumns {
  /** The lowest final price of the product's in-stock offers that pass the filters; null when none is in stock. */
  lowest_final: number | null;
  seller_count: number;
  offer_count: number;
  total_stock: number;
  is_promoted: boolean;
  /**
   * The last marketplace announcement number drawn when the row was read (the same on every row).
   * The sequence is read after the statement's snapshot was taken, so a change announced with a
   * higher number committed after it and is not in the row.
   */
  data_version: string;
}

export type ProductOrder = 'relevance' | 'newest' | 'price_asc' | 'price_desc';

const productOrderBy: Record<ProductOrder, SQL> = {
  relevance: sql`g.tier, g.newest_at desc, g.product_id desc`,
  newest: sql`g.newest_at desc, g.product_id desc`,
  price_asc: sql`g.lowest_final asc nulls last, g.newest_at desc, g.product_id desc`,
  price_desc: sql`g.lowest_final desc nulls last, g.newest_at desc, g.product_id desc`,
};

/**
 * One page of products, each summing its listings that pass the filters: the lowest in-stock final
 * price, the sellers, the offers and the stock. A search reads only its products' listings (through
 * `listings.product_id`'s index) and orders by relevance tier, then by each product's newest offer.
 * The picture is the newest offer's that has one, read for the page's rows only.
 */
export async function findProductPage(
  db: Db,
  filter: ListingFilter,
  order: ProductOrder,
  limit: number,
  offset: number,
): Promise<ProductCardRow[]> {
  const f = facetConditions(filter);
  const where = sql`${listingConditions(filter)} and ${f.category} and ${f.subcategory} and ${f.brand} and ${priceCondition(filter)}`;
  const matches = filter.matches
    ? sql`join unnest(${param(filter.matches.ids)}::uuid[], ${param(filter.matches.tiers)}::int[]) as m(id, tier) on m.id = l.product_id`
    : sql``;
  return selectRows<ProductCardRow>(
    db,
    sql`with g as (
          select l.product_id, ${filter.matches ? sql`min(m.tier)` : sql`0`} as tier, max(l.created_at) as newest_at,
                 (min(${finalPrice}) filter (where l.stock > 0))::int as lowest_final,
                 count(distinct l.seller_id)::int as seller_count, count(*)::int as offer_count,
                 sum(l.stock)::int as total_stock, bool_or(l.is_promoted) as is_promoted
            from listings l ${matches}
           where ${where}
           group by l.product_id
        ),
        page as (
          select g.* from g join catalogue_products p on p.id = g.product_id and p.status = 'approved'
           order by ${productOrderBy[order]}
           limit ${limit} offset ${offset}
        )
        select g.product_id::text as product_id, p.brand as marka, p.model_code as model_kodu, p.name,
               p.category as kategori, p.subcategory as alt_kategori, p.barcode, img.image_key, img.thumbnail_key,
               g.lowest_final, g.seller_count, g.offer_count, g.total_stock, g.is_promoted,
               ${marketplaceVersionSql} as data_version
          from page g
          join catalogue_products p on p.id = g.product_id
          left join lateral (
            select l.image_key, l.thumbnail_key from listings l
             where l.product_id = g.product_id and ${onSale(filter.now)} and l.image_key is not null
             order by l.created_at desc, l.id desc limit 1
          ) img on true
         order by ${productOrderBy[order]}`,
  );
}

/** Products with active listings per category and subcategory (with rollup totals), under the buying side's visibility rules. */
export async function countProductsByCategory(db: Db, now: Date) {
  return selectRows<{
    kategori: string | null;
    alt_kategori: string | null;
    g_category: number;
    g_subcategory: number;
    n: number;
  }>(
    db,
    sql`select g.kategori, g.alt_kategori, grouping(g.kategori)::int as g_category, grouping(g.alt_kategori)::int as g_subcategory, count(*)::int as n
          from (select l.product_id, l.kategori, l.alt_kategori
                  from listings l
                 where ${onSale(now)}
                 group by l.product_id, l.kategori, l.alt_kategori) g
          join catalogue_products p on p.id = g.product_id and p.status = 'approved'
         group by rollup (g.kategori, g.alt_kategori)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Product page

const { searchText: _searchText, searchVector: _searchVector, ...productColumns } = getTableColumns(catalogueProducts);
export type ProductRow = { [K in keyof typeof productColumns]: (typeof catalogueProducts.$inferSelect)[K] };

export async function findApprovedProduct(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db
    .select(productColumns)
    .from(catalogueProducts)
    .where(and(eq(catalogueProducts.id, id), eq(catalogueProducts.status, 'approved')));
  return row ?? null;
}

export async function findListingProductId(db: Db, listingId: string): Promise<string | null> {
  const [row] = await db.select({ productId: listings.productId }).from(listings).where(eq(listings.id, listingId));
  return row?.productId ?? null;
}

export interface ListingCardRow {
  id: string;
  product_id: string;
  marka: string;
  model_kodu: string;
  name: string;
  kategori: string;
  alt_kategori: string | null;
  renk: string;
  barcode: string | null;
  image_key: string | null;
  thumbnail_key: string | null;
  price_kurus: number;
  discount_percent: number | null;
  stock: number;
  handling_days: number;
  min_order_qty: number;
  miad: string | null;
  is_promoted: boolean;
  seller_id: string;
  seller_handle: string | null;
  seller_slug: string | null;
  created_at: Date | string;
}

const cardColumns = sql`l.id::text as id, l.product_id::text as product_id, l.marka, l.model_kodu, p.name, l.kategori, l.alt_kategori, l.renk,
  p.barcode, l.image_key, l.thumbnail_key, l.price_kurus::int as price_kurus, l.discount_percent::int as discount_percent, l.stock,
  l.handling_days::int as handling_days, l.min_order_qty, l.miad::text as miad, l.is_promoted, l.seller_id, u.public_handle as seller_handle,
  u.public_slug as seller_slug, l.created_at`;

/**
 * Every offer of a product on sale at `now`: those in stock first, then (for a viewer who sees
 * prices) the cheapest, then the newest. A visitor's order must not depend on the prices they may not see.
 */
export async function findOffers(db: Db, productId: string, byPrice: boolean, now: Date) {
  return selectRows<ListingCardRow>(
    db,
    sql`select ${cardColumns}
          from listings l
          join catalogue_products p on p.id = l.product_id
          left join users u on u.id = l.seller_id
         where l.product_id = ${productId} and ${onSale(now)}
         order by (l.stock > 0) desc, ${byPrice ? sql`${finalPrice} asc, ` : sql``}l.created_at desc, l.id desc`,
  );
}

// ---------------------------------------------------------------------------------------------
// Store page and brands

/** A store's listings of approved products on sale at `now`: in stock first, then the newest. */
export async function findStoreListings(db: Db, sellerId: string, now: Date, limit: number, offset: number) {
  return selectRows<ListingCardRow>(
    db,
    sql`select ${cardColumns}
          from listings l
          join catalogue_products p on p.id = l.product_id and p.status = 'approved'
          left join users u on u.id = l.seller_id
         where l.seller_id = ${sellerId} and ${onSale(now)}
         order by (l.stock > 0) desc, l.created_at desc, l.id desc
         limit ${limit} offset ${offset}`,
  );
}

export async function countStoreListings(db: Db, sellerId: string, now: Date): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n
          from listings l
          join catalogue_products p on p.id = l.product_id and p.status = 'approved'
         where l.seller_id = ${sellerId} and ${onSale(now)}`,
  );
  return row.n;
}

/**
 * Every brand of the approved catalogue with its active listings (the ones the brand filter of
 * the search finds: it matches listings' marka), including brands with none at the moment.
 */
export async function countListingsByBrand(db: Db, now: Date) {
  return selectRows<{ marka: string; n: number }>(
    db,
    sql`select b.marka, coalesce(c.n, 0)::int as n
          from (select distinct brand as marka from catalogue_products where status = 'approved') b
          full join (select l.marka, count(*)::int as n
                       from listings l
                       join catalogue_products p on p.id = l.product_id and p.status = 'approved'
                      where ${onSale(now)}
                      group by l.marka) c using (marka)`,
  );
}
