export type ContentEncoding = 'br' | 'gzip';

/**
 * The best of `available` (in order of preference) that the Accept-Encoding header allows, or
 * null for the unencoded body. Honours q-values (q=0 refuses) and the `*` wildcard.
 */
export function pickEncoding(header: string | undefined, available: ContentEncoding[]): ContentEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}
