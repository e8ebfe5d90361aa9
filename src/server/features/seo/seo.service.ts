import { categories } from '#shared/categories.ts';
import { LISTING_IMAGES_PATH } from '#shared/schemas/listings.ts';
import { contentPages, publicPagePaths } from '#shared/site-pages.ts';
import { categoryPath, productPath } from '#shared/site-paths.ts';
import type { Db } from '../../db/client.ts';
import { findPublicProducts } from './seo.repo.ts';

/** A sitemap file holds at most 50,000 addresses; the fixed pages take well under a hundred. */
const MAX_PRODUCT_URLS = 49_000;

/** Members' and admins' areas, account and checkout steps: nothing a search engine should index. */
const privatePaths = [
  '/api/',
  '/admin',
  '/dashboard',
  '/panel',
  '/profilim',
  '/profile',
  '/settings',
  '/urun-ekle',
  '/urunlerim',
  '/favorilerim',
  '/store-dashboard',
  '/sepet',
  '/sepetim',
  '/odeme',
  '/checkout',
  '/siparislerim',
  '/mesajlar',
  '/bildirimler',
  '/reset-password',
  '/force-password-reset',
];

const origin = (appUrl: string) => appUrl.replace(/\/+$/, '');

export function buildRobotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    // Product photos are public and belong in image search, though they are served under /api/.
    `Allow: ${LISTING_IMAGES_PATH}`,
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin(appUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The public pages, categories and product pages (from the database), as absolute APP_URL addresses. */
export async function buildSitemap(db: Db, appUrl: string): Promise<string> {
  const base = origin(appUrl);
  // Two paths show the same content page (the spec's spelling and the usual one): list each page once.
  const contentPaths = [...new Map(Object.entries(contentPages).map(([path, slug]) => [slug, path])).values()];
  const categoryPaths = categories.flatMap((category) => [
    categoryPath(category.id),
    ...category.subcategories.map((sub) => categoryPath(category.id, sub.id)),
  ]);
  const entries: { path: string; lastmod: string | null }[] = [
    ...publicPagePaths,
    ...contentPaths,
    ...categoryPaths,
  ].map((path) => ({ path, lastmod: null }));
  for (const product of await findPublicProducts(db, MAX_PRODUCT_URLS)) {
    entries.push({ path: productPath(product.id), lastmod: new Date(product.updated_at).toISOString().slice(0, 10) });
  }
  const urls = entries.map(
    ({ path, lastmod }) =>
      `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
