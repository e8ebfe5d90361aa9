import { param, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';

// Search: query words → catalogue products (trigram and full-text matching, barcodes).

export interface SearchWord {
  word: string;
  /** LIKE patterns: the terms starting with the word, and (for 3+ letters) containing it. */
  prefixPattern: string;
  infixPattern: string | null;
  /** The word with a Turkish suffix taken off (turkishStems), matched against whole terms. */
  stems: string[];
}

export interface ProductMatch {
  id: string;
  score: number;
}

/** How close a lexicon term must be to a query word, by trigram similarity, to count as a typo of it. */
const TYPO_SIMILARITY_MIN = 0.35;
/** Lexicon terms one query word may stand for, closest first. */
const TERMS_PER_WORD = 16;
/** Added to a product whose barcode is the query, so its offers come first. */
const BARCODE_SCORE = 10;

/**
 * Approved products matching the words, best first. Each word is expanded to lexicon terms: equal
 * (closeness 1), the word without a Turkish suffix (0.85), starting with it (0.8), containing it
 * (0.6), or a trigram-similar typo (0.9 × similarity). A product's score adds, per word, its best term's closeness × (1 + ts_rank), so
 * exact words beat typos and brand/model matches (weight A) beat name or category ones. Products
 * must match every word; when none does, those matching any word are returned. A barcode equal
 * to the query adds BARCODE_SCORE.
 */
export async function matchProducts(db: Db, words: SearchWord[], barcode: string | null): Promise<ProductMatch[]> {
  const wordCount = Math.max(words.length, 1);
  return selectRows<ProductMatch>(
    db,
    sql`with words as (
          select w.word, w.prefix, w.infix, string_to_array(w.stems, ' ') as stems, w.ord
            from unnest(${param(words.map((w) => w.word))}::text[], ${param(words.map((w) => w.prefixPattern))}::text[],
                        ${param(words.map((w) => w.infixPattern))}::text[], ${param(words.map((w) => w.stems.join(' ')))}::text[])
                 with ordinality as w(word, prefix, infix, stems, ord)
        ),
        expansions as (
          select w.ord, x.term, x.closeness
            from words w
            cross join lateral (
              select c.term, max(c.closeness) as closeness
                from (
                  select t.term, 1.0::float8 as closeness from catalogue_search_terms t where t.term = w.word
                  union all
                  select t.term, 0.85 from catalogue_search_terms t where t.term = any(w.stems)
                  union all
                  select t.term, 0.8 from catalogue_search_terms t where t.term like w.prefix
                  union all
                  select t.term, 0.6 from catalogue_search_terms t where w.infix is not null and t.term like w.infix
                  union all
                  select t.term, 0.9 * similarity(t.term, w.word) from catalogue_search_terms t
                   where t.term % w.word and similarity(t.term, w.word) >= ${TYPO_SIMILARITY_MIN}
                ) c
               group by c.term
               order by closeness desc, c.term
               limit ${TERMS_PER_WORD}
            ) x
        ),
        postings as (
          select p.id, e.ord, max(e.closeness * (1 + ts_rank(p.search_vector, plainto_tsquery('simple', e.term)))) as score
            from expansions e
            join catalogue_products p on p.search_vector @@ plainto_tsquery('simple', e.term)
           where p.status = 'approved'
           group by p.id, e.ord
        ),
        matched as (
          select id, count(*)::int as words, sum(score) as score from postings group by id
          union all
          select id, ${wordCount}::int, ${BARCODE_SCORE}::float8 from catalogue_products where barcode = ${barcode} and status = 'approved'
        ),
        ranked as (
          select id, max(words) as words, sum(score) as score from matched group by id
        )
        select id::text as id, round(score::numeric, 3)::float8 as score
          from ranked
         where words >= ${wordCount} or not exists (select 1 from ranked where words >= ${wordCount})
         order by score desc, id`,
  );
}
