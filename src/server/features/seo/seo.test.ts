import { expect, it } from 'vitest';
import { categories } from '#shared/categories.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { createCatalogueProduct, createListing, createUser } from '../../../../test/factories.ts';

const appUrl = 'https://optistok.example';

/** The <loc> addresses of a sitemap. */
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describeEachDatabase('robots.txt and sitemap.xml', (kind) => {
  const t = useTestApp(kind, { env: { APP_URL: appUrl } });

  it('robots.txt is a real robots file: private areas disallowed, product photos allowed, the sitemap linked', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/admin', '/dashboard', '/urun-ekle', '/favorilerim', '/reset-password']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Allow: /api/listing-images/');
    expect(lines).toContain(`Sitemap: ${appUrl}/sitemap.xml`);
    // The public pages Lighthouse and search engines visit stay crawlable.
    for (const path of ['/', '/arama', '/kategori/', '/urun/']) {
      expect(lines.some((line) => line.startsWith('Disallow:') && path.startsWith(line.slice(9).trim()))).toBe(false);
    }
    expect(res.body).not.toContain('<html');
  });

  it('sitemap.xml lists the public pages, every category and the product pages with active listings', async () => {
    const seller = await createUser(t.database.db);
    const listed = await createCatalogueProduct(t.database.db);
    await createListing(t.database.db, seller, listed);
    const unlisted = await createCatalogueProduct(t.database.db);
    const hidden = await createCatalogueProduct(t.database.db);
    await createListing(t.database.db, seller, hidden, { status: 'Yayında Değil' });
    const proposed = await createCatalogueProduct(t.database.db, { status: 'pending' });
    await createListing(t.database.db, seller, proposed);

    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = locsOf(res.body);
    expect(locs.every((loc) => loc.startsWith(`${appUrl}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of ['/', '/kategoriler', '/iletisim', '/hakkimizda', '/sss', '/kvkk', '/gizlilik-politikasi']) {
      expect(locs).toContain(appUrl + path);
    }
    // One address per content page, though two paths show the membership terms.
    expect(locs.filter((loc) => /uy+elik-sartlari$/.test(loc))).toHaveLength(1);
    for (const category of categories) expect(locs).toContain(`${appUrl}/kategori/${category.id}`);
    expect(locs).toContain(`${appUrl}/kategori/gunes-gozlugu/erkek`);
    expect(locs).toContain(`${appUrl}/urun/${listed.id}`);
    expect(res.body).toMatch(
      new RegExp(`<loc>${appUrl}/urun/${listed.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
    );
    for (const product of [unlisted, hidden, proposed]) expect(locs).not.toContain(`${appUrl}/urun/${product.id}`);
    for (const path of ['/admin', '/dashboard', '/login', '/arama']) expect(locs).not.toContain(appUrl + path);
  });
});
