import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { categoryLabel, subcategoryLabel } from '#shared/categories.ts';
import { foldTurkish, TURKISH_FOLD_FROM, TURKISH_FOLD_TO } from '#shared/turkish-fold.ts';

// Both sides of a search fold the same letters: Turkish ones to their ASCII base, then lower case
// (shared with the web app). lower() alone depends on the database's locale and leaves Ş, İ, Ö ...
// untouched under "C", so SQL folds with translate() first.
export { foldTurkish };

/** The SQL counterpart of foldTurkish for a column or expression. */
export function foldedSql(expression: AnyColumn | SQL): SQL {
  return sql`lower(translate(coalesce(${expression}, ''), ${TURKISH_FOLD_FROM}, ${TURKISH_FOLD_TO}))`;
}

/** A LIKE pattern matching the folded text anywhere, with the user's % and _ taken literally. */
export function containsPattern(query: string): string {
  return `%${foldTurkish(query).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A LIKE pattern matching folded text that starts with the query, with the user's % and _ taken literally. */
export function startsWithPattern(query: string): string {
  return containsPattern(query).slice(1);
}

/** The folded words of a text, split on anything but letters and digits: "RAY-BAN 2140" → ["ray", "ban", "2140"]. */
export function searchWords(value: string): string[] {
  return foldTurkish(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Most words of one search query that are looked at, and the longest word kept. */
const QUERY_WORDS_MAX = 8;
const QUERY_WORD_LENGTH_MAX = 40;

/**
 * The distinct folded words of a search query, the first 8 at most, each cut to 40 characters.
 * Being letters and digits only, they are safe search lexemes whatever the user typed: quotes,
 * operators, control characters and emoji all fall away as separators.
 */
export function searchQueryWords(query: string): string[] {
  const words = searchWords(query).map((word) => [...word].slice(0, QUERY_WORD_LENGTH_MAX).join(''));
  return [...new Set(words)].slice(0, QUERY_WORDS_MAX);
}

// Common Turkish inflectional suffixes in folded form (ı→i, ü→u ...), longest first: plural,
// possessive and case endings ("gözlükleri", "lensler", "kutuları", "çerçevesi").
const SUFFIXES = [
  'lerinden',
  'larindan',
  'lerinin',
  'larinin',
  'lerini',
  'larini',
  'lerde',
  'larda',
  'leri',
  'lari',
  'ler',
  'lar',
  'nin',
  'nun',
  'den',
  'dan',
  'ten',
  'tan',
  'si',
  'su',
  'de',
  'da',
  'in',
  'un',
  'i',
  'u',
];
const STEM_LENGTH_MIN = 3;

/** Final k, p, t soften before a vowel ("gözlük" → "gözlüğü", "kitap" → "kitabı"); folded forms. */
const SOFTENED: Record<string, string> = { k: 'g', p: 'b', t: 'd' };

/**
 * Other forms of a folded query word to look up in the catalogue's words: the word with one
 * common suffix taken off ("gozlukleri" → "gozluk" ...), and the word or stem with its possessive
 * ending after a softened consonant ("gozluk" → "gozlugu"). A light stemmer: the forms only count
 * where they equal a catalogue word, so a wrong cut finds nothing rather than something wrong.
 */
export function turkishStems(word: string): string[] {
  const stems = SUFFIXES.filter(
    (suffix) => word.endsWith(suffix) && word.length - suffix.length >= STEM_LENGTH_MIN,
  ).map((suffix) => word.slice(0, -suffix.length));
  const possessives = [word, ...stems].flatMap((stem) => {
    const soft = SOFTENED[stem.at(-1) ?? ''];
    return soft && stem.length >= STEM_LENGTH_MIN
      ? [`${stem.slice(0, -1)}${soft}i`, `${stem.slice(0, -1)}${soft}u`]
      : [];
  });
  return [...new Set([...stems, ...possessives])].filter((form) => form !== word);
}

/** The query itself when it can be a GTIN barcode (8 to 14 digits); otherwise null. */
export function barcodeQuery(query: string): string | null {
  const trimmed = query.trim();
  return /^[0-9]{8,14}$/.test(trimmed) ? trimmed : null;
}

export interface SearchableProduct {
  brand: string;
  modelCode: string;
  name: string;
  category: string;
  subcategory: string | null;
  colourCode?: string | null;
}

/**
 * The folded search text of a catalogue product: the words of its brand, model code, name,
 * colour code and Turkish category names, plus the joined form of a multi-word brand or model
 * ("Ray-Ban" → "ray ban rayban"), so "rayban", "ray ban" and "RAY-BAN" all find it.
 */
export function catalogueSearchText(product: SearchableProduct): string {
  const words = [
    product.brand,
    product.modelCode,
    product.name,
    product.colourCode ?? '',
    categoryLabel(product.category),
    subcategoryLabel(product.category, product.subcategory) ?? '',
  ].flatMap(searchWords);
  const joined = [product.brand, product.modelCode]
    .map((part) => searchWords(part))
    .filter((parts) => parts.length > 1)
    .map((parts) => parts.join(''));
  return [...new Set([...words, ...joined])].join(' ');
}
