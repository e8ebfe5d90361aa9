/**
 * Folding for comparisons that ignore case and Turkish letters: Turkish ones go to their ASCII
 * base, then lower case, so "ŞULE Işık" and "sule isik" match, and "istanbul" finds "İSTANBUL".
 * (toLowerCase alone turns "I" into "i", not "ı", and leaves "Ş" a different letter from "s".)
 */
export const TURKISH_FOLD_FROM = 'İIıŞşĞğÜüÖöÇçÂâÎîÛû';
export const TURKISH_FOLD_TO = 'iiissgguuooccaaiiuu';
const foldMap = new Map([...TURKISH_FOLD_FROM].map((ch, i) => [ch, TURKISH_FOLD_TO[i]]));

/** "ŞULE Işık" → "sule isik". */
export function foldTurkish(value: string): string {
  return [...value]
    .map((ch) => foldMap.get(ch) ?? ch)
    .join('')
    .toLowerCase();
}
