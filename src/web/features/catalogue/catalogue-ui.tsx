import { categoryLabel, subcategoryLabel } from '#shared/categories.ts';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import type { CatalogueProduct } from '#shared/schemas/catalogue.ts';
import { Badge, type BadgeColour } from '../../components/ui/badge.tsx';

const statusColours: Record<string, BadgeColour> = { approved: 'green', pending: 'amber', rejected: 'red' };

export function CatalogueStatusBadge({ status }: { status: string }) {
  return <Badge colour={statusColours[status] ?? 'grey'}>{catalogueMessages.status[status] ?? status}</Badge>;
}

/** "Güneş Gözlüğü / Erkek". */
export function categoryText(product: Pick<CatalogueProduct, 'category' | 'subcategory'>): string {
  const sub = subcategoryLabel(product.category, product.subcategory);
  return sub ? `${categoryLabel(product.category)} / ${sub}` : categoryLabel(product.category);
}

const decimal = (value: number) => value.toFixed(1).replace('.', ',');

/** The measures opticians read: frames as eye size□bridge-temple ("50□22-150"), contact lenses as BC and DIA. */
export function measuresText(product: CatalogueProduct): string {
  const parts: string[] = [];
  if (product.eyeSizeMm !== null)
    parts.push(`${product.eyeSizeMm}□${product.bridgeMm ?? '–'}-${product.templeMm ?? '–'}`);
  if (product.baseCurveMm !== null) parts.push(`BC ${decimal(product.baseCurveMm)}`);
  if (product.diameterMm !== null) parts.push(`DIA ${decimal(product.diameterMm)}`);
  if (product.colourCode) parts.push(product.colourCode);
  return parts.join(' · ');
}
