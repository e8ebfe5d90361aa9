const turkishToAscii: Record<string, string> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ş: 's',
  ü: 'u',
  â: 'a',
  î: 'i',
  û: 'u',
};

/** Lower-case ASCII under Turkish rules: "Işık Gözlük İzmir" → "isik gozluk izmir". */
export function foldToAscii(text: string): string {
  return text
    .toLocaleLowerCase('tr-TR')
    .replace(/[çğıöşüâîû]/g, (c) => turkishToAscii[c])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** "Kadıköy Optik & Lens" → "kadikoy-optik-lens" (the public slug before any suffix). */
export function publicSlugBase(storeName: string): string {
  const slug = foldToAscii(storeName)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug || 'magaza';
}

/** "Kadıköy Optik & Lens" → "kadikoyoptiklens" (the public handle before any suffix). */
export function publicHandleBase(storeName: string): string {
  return publicSlugBase(storeName).replace(/-/g, '').slice(0, 30) || 'magaza';
}

/** The base itself when free, else the base with the smallest numeric suffix (2, 3 ...) that is. */
export function firstFreeName(base: string, taken: Set<string | null>, separator: string): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${separator}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
