/** The spec's category ids and subcategory ids (part 2 §2), with their Turkish names. */
export const categories = [
  {
    id: 'gozluk',
    label: 'Optik Çerçeve',
    subcategories: [
      { id: 'klasik', label: 'Klasik' },
      { id: 'modern', label: 'Modern' },
      { id: 'cocuk', label: 'Çocuk' },
      { id: 'spor', label: 'Spor' },
    ],
  },
  {
    id: 'gunes-gozlugu',
    label: 'Güneş Gözlüğü',
    subcategories: [
      { id: 'erkek', label: 'Erkek' },
      { id: 'kadin', label: 'Kadın' },
      { id: 'cocuk', label: 'Çocuk' },
      { id: 'spor', label: 'Spor' },
    ],
  },
  {
    id: 'lens',
    label: 'Lens',
    subcategories: [
      { id: 'tek-odak', label: 'Tek Odak' },
      { id: 'bifocal', label: 'Bifokal' },
      { id: 'progressif', label: 'Progresif' },
      { id: 'kontakt', label: 'Kontakt Lens' },
    ],
  },
  {
    id: 'atolye',
    label: 'Atölye',
    subcategories: [
      { id: 'vida-takimi', label: 'Vida Takımı' },
      { id: 'burunluk', label: 'Burunluk' },
      { id: 'malzemeler', label: 'Malzemeler' },
      { id: 'fokometre', label: 'Fokometre' },
      { id: 'pupilametre', label: 'Pupilametre' },
      { id: 'cam-kesme', label: 'Cam Kesme' },
      { id: 'tamir', label: 'Tamir' },
    ],
  },
  {
    id: 'aksesuar',
    label: 'Aksesuar',
    subcategories: [
      { id: 'kutular', label: 'Kutular' },
      { id: 'temizlik', label: 'Temizlik' },
      { id: 'zincir', label: 'Zincir' },
      { id: 'burun-pedi', label: 'Burun Pedi' },
    ],
  },
  // Linked from the footer and side menu although the spec's id list leaves it out; it has no
  // subcategories of its own.
  { id: 'cocuk-gozlugu', label: 'Çocuk Gözlüğü', subcategories: [] },
] as const satisfies readonly { id: string; label: string; subcategories: readonly { id: string; label: string }[] }[];

export type Category = (typeof categories)[number];
export type CategoryId = Category['id'];
export const categoryIds = categories.map((c) => c.id) as [CategoryId, ...CategoryId[]];

const byId = new Map<string, Category>(categories.map((c) => [c.id, c]));

export function findCategory(id: string): Category | undefined {
  return byId.get(id);
}

export function isSubcategoryOf(categoryId: string, subcategoryId: string): boolean {
  return findCategory(categoryId)?.subcategories.some((s) => s.id === subcategoryId) ?? false;
}

export function categoryLabel(id: string): string {
  return findCategory(id)?.label ?? id;
}

export function subcategoryLabel(categoryId: string, subcategoryId: string | null | undefined): string | null {
  if (!subcategoryId) return null;
  return findCategory(categoryId)?.subcategories.find((s) => s.id === subcategoryId)?.label ?? subcategoryId;
}

/** Categories whose products are frames: eye size, bridge and temple apply. */
export const frameCategoryIds: readonly CategoryId[] = ['gozluk', 'gunes-gozlugu', 'cocuk-gozlugu'];

/**
 * Lens and solution goods need an expiry date (spec: "Kontakt Lens, Temizlik or Günlük"). Daily
 * ("Günlük") lenses are contact lenses, so the two subcategory ids cover all three names.
 */
export function requiresExpiry(categoryId: string, subcategoryId: string | null | undefined): boolean {
  return (
    (categoryId === 'lens' && subcategoryId === 'kontakt') ||
    (categoryId === 'aksesuar' && subcategoryId === 'temizlik')
  );
}

/** Contact lenses carry base curve and diameter. */
export function isContactLens(categoryId: string, subcategoryId: string | null | undefined): boolean {
  return categoryId === 'lens' && subcategoryId === 'kontakt';
}
