import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { categoryLabel, subcategoryLabel } from '#shared/categories.ts';

// Both sides of a search fold the same letters: Turkish ones to their ASCII base, then lower case.
// (lower() alone depends on the database's locale and leaves Ş, İ, Ö ... untouched under "C".)
const FROM = 'İIıŞşĞğÜüÖöÇçÂâÎîÛû';
const TO = 'iiissgguuooccaaiiuu';
const foldMap = new Map([...FROM].map((ch, i) => [ch, TO[i]]));

/** "ŞULE Işık" → "sule isik". */
export function foldTurkish(value: string): string {
  return [...value].map((ch) => foldMap.get(ch) ?? ch).join('').toLowerCase();
}

/** The SQL counterpart of foldTurkish for a column or expression. */
export function foldedSql(expression: AnyColumn | SQL): SQL {
  return sql`lower(translate(coalesce(${expression}, ''), ${FROM}, ${TO}))`;
}

/** A LIKE pattern matching the folded text anywhere, with the user's % and _ taken literally. */
export function containsPattern(query: string): string {
  return `%${foldTurkish(query).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The folded words of a text, split on anything but letters and digits: "RAY-BAN 2140" → ["ray", "ban", "2140"]. */
export function searchWords(value: string): string[] {
  return foldTurkish(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
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
  const words = [product.brand, product.modelCode, product.name, product.colourCode ?? '', categoryLabel(product.category), subcategoryLabel(product.category, product.subcategory) ?? '']
    .flatMap(searchWords);
  const joined = [product.brand, product.modelCode].map((part) => searchWords(part)).filter((parts) => parts.length > 1).map((parts) => parts.join(''));
  return [...new Set([...words, ...joined])].join(' ');
}
