/**
 * Demo product pictures, drawn as SVG: a shape per category (a frame, sunglasses, a contact lens
 * box, a spectacle lens, a solution bottle, a case, a workshop device) in a colour of the brand,
 * with the brand and model written under it. sharp renders them at seed time (seed.ts).
 */
export interface PictureProduct {
  brand: string;
  modelCode: string;
  category: string;
  subcategory: string | null;
}

/** Rendered size in pixels (drawn on an 800 × 800 canvas): enough for the product page, quick to encode. */
export const PICTURE_SIZE = 480;

/** A stable hue per brand, so one brand's products share a colour. */
function brandHue(brand: string): number {
  let hash = 0;
  for (const char of brand) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** Two lenses, a bridge and the temples' ends; sunglasses have dark lenses. */
function glasses(colour: string, tinted: boolean): string {
  const lens = tinted ? 'url(#tint)' : '#eef6fb';
  return `
    <defs><linearGradient id="tint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1f2937"/><stop offset="1" stop-color="#4b5563"/></linearGradient></defs>
    <g stroke="${colour}" stroke-width="18" stroke-linejoin="round" fill="${lens}">
      <rect x="130" y="250" width="230" height="170" rx="70"/>
      <rect x="440" y="250" width="230" height="170" rx="70"/>
    </g>
    <path d="M360 300 Q400 270 440 300" stroke="${colour}" stroke-width="16" fill="none"/>
    <path d="M130 290 L70 270 M670 290 L730 270" stroke="${colour}" stroke-width="16" stroke-linecap="round"/>
    ${tinted ? '' : '<path d="M170 290 L220 270 M480 290 L530 270" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/>'}`;
}

function contactLensBox(colour: string): string {
  return `
    <rect x="190" y="170" width="420" height="300" rx="24" fill="#ffffff" stroke="${colour}" stroke-width="12"/>
    <rect x="190" y="170" width="420" height="80" rx="24" fill="${colour}"/>
    <ellipse cx="400" cy="370" rx="95" ry="60" fill="#e0f2fe" stroke="${colour}" stroke-width="8"/>
    <ellipse cx="400" cy="355" rx="55" ry="22" fill="#ffffff" opacity="0.8"/>`;
}

function spectacleLens(colour: string): string {
  return `
    <circle cx="400" cy="320" r="170" fill="#e0f2fe" stroke="${colour}" stroke-width="12"/>
    <circle cx="400" cy="320" r="120" fill="none" stroke="#bae6fd" stroke-width="6"/>
    <path d="M300 240 Q340 200 390 195" stroke="#ffffff" stroke-width="16" fill="none" stroke-linecap="round"/>`;
}

function solutionBottle(colour: string): string {
  return `
    <rect x="355" y="120" width="90" height="60" rx="10" fill="${colour}"/>
    <path d="M320 190 H480 L520 250 V490 Q520 520 490 520 H310 Q280 520 280 490 V250 Z" fill="#ffffff" stroke="${colour}" stroke-width="12"/>
    <rect x="300" y="300" width="200" height="120" rx="12" fill="${colour}" opacity="0.85"/>`;
}

function glassesCase(colour: string): string {
  return `
    <rect x="150" y="230" width="500" height="200" rx="100" fill="${colour}"/>
    <path d="M160 330 H640" stroke="#ffffff" stroke-width="8" opacity="0.7"/>
    <circle cx="400" cy="330" r="14" fill="#ffffff"/>`;
}

function chain(colour: string): string {
  const links = Array.from(
    { length: 9 },
    (_, i) =>
      `<ellipse cx="${150 + i * 62}" cy="${330 + Math.round(Math.sin(i / 1.4) * 60)}" rx="38" ry="22" fill="none" stroke="${colour}" stroke-width="10"/>`,
  );
  return links.join('');
}

function workshopDevice(colour: string): string {
  return `
    <rect x="200" y="180" width="400" height="300" rx="28" fill="#f1f5f9" stroke="${colour}" stroke-width="12"/>
    <rect x="240" y="220" width="200" height="130" rx="10" fill="#0f172a"/>
    <path d="M260 300 L300 260 L340 310 L380 270 L420 300" stroke="#38bdf8" stroke-width="6" fill="none"/>
    <circle cx="520" cy="250" r="28" fill="${colour}"/>
    <circle cx="520" cy="330" r="20" fill="${colour}" opacity="0.6"/>
    <rect x="240" y="390" width="320" height="40" rx="10" fill="${colour}" opacity="0.3"/>`;
}

function shapeOf(product: PictureProduct, colour: string): string {
  switch (product.category) {
    case 'gunes-gozlugu':
      return glasses(colour, true);
    case 'gozluk':
    case 'cocuk-gozlugu':
      return glasses(colour, false);
    case 'lens':
      return product.subcategory === 'kontakt' ? contactLensBox(colour) : spectacleLens(colour);
    case 'aksesuar':
      if (product.subcategory === 'temizlik') return solutionBottle(colour);
      if (product.subcategory === 'zincir') return chain(colour);
      return glassesCase(colour);
    default:
      return workshopDevice(colour);
  }
}

/** The product's picture as an SVG document (PICTURE_SIZE square). */
export function drawProductPicture(product: PictureProduct): string {
  const hue = brandHue(product.brand);
  const colour = `hsl(${hue}, 55%, 38%)`;
  const background = `hsl(${hue}, 40%, 96%)`;
  const brand = escapeXml(product.brand);
  const model = escapeXml(product.modelCode.length > 28 ? `${product.modelCode.slice(0, 27)}…` : product.modelCode);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_SIZE}" height="${PICTURE_SIZE}" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="${background}"/>
  ${shapeOf(product, colour)}
  <text x="400" y="640" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="${colour}">${brand}</text>
  <text x="400" y="720" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="44" fill="#334155">${model}</text>
</svg>`;
}
