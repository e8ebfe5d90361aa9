import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { callApi, createCatalogueProduct, createListing, createUser, signIn } from '../../../test/factories.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The real web build (app and server renderer), as `npm run build` makes it, in a folder of its own. */
async function buildWeb(outDir: string) {
  const configFile = path.join(repoRoot, 'vite.config.ts');
  await build({ configFile, logLevel: 'warn', build: { outDir: path.join(outDir, 'web') } });
  await build({
    configFile,
    logLevel: 'warn',
    build: { ssr: 'entry-server.tsx', outDir: path.join(outDir, 'ssr') },
  });
}

const outDir = mkdtempSync(path.join(os.tmpdir(), 'optistok-ssr-'));
beforeAll(() => buildWeb(outDir), 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('server rendering of the public pages', () => {
  const t = useTestApp('pglite', { webRoot: path.join(outDir, 'web') });

  async function productFixture() {
    const seller = await createUser(t.database.db);
    const product = await createCatalogueProduct(t.database.db, {
      brand: 'Persol',
      modelCode: 'PO3019S',
      name: 'Persol Kırmızı Çerçeve',
    });
    await createListing(t.database.db, seller, product, { priceKurus: 987_654 });
    return product;
  }

  it("renders a product page's name, title and description into the HTML, compressed, for a visitor", async () => {
    const product = await productFixture();
    const res = await t.app.inject({ url: `/urun/${product.id}`, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="query-state"'));
    expect(root).toContain('Persol Kırmızı Çerçeve');
    expect(root).toContain('<h1');
    expect(html).toContain('<title>Persol PO3019S | OptiStok</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toMatch(/<meta name="description" content="[^"]*Persol Kırmızı Çerçeve/);
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/product-page-[\w-]+\.js"/);
    // The query cache the browser hydrates from, JSON that cannot close its script element.
    const state = /<script type="application\/json" id="query-state">([^]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(state!).queries.length).toBeGreaterThan(0);
  });

  it("holds nothing a visitor may not see: the seller's price stays out of the page", async () => {
    const product = await productFixture();
    const res = await t.app.inject({ url: `/urun/${product.id}` });
    expect(res.body).toContain('Persol Kırmızı Çerçeve');
    expect(res.body).not.toMatch(/987[.,]?654|9876[.,]54/);
    expect(res.body).toContain('"pricesVisible":false');
  });

  it('sends the SPA shell to a request with a session cookie', async () => {
    const product = await productFixture();
    const res = await t.app.inject({
      url: `/urun/${product.id}`,
      headers: { cookie: 'optistok.session_token=anything' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('Persol');
    expect(res.body).not.toContain('query-state');
  });

  it("answers an unknown product with the shell and a 404 (the app's own not-found screen)", async () => {
    const res = await t.app.inject({ url: '/urun/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('renders search and category pages with their results', async () => {
    await productFixture();
    for (const url of ['/arama?q=Persol', '/kategori/gunes-gozlugu']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="query-state"');
      expect(res.body, url).toContain('PO3019S');
    }
  });

  it('renders the listing, brand, store, contact and static pages with their content, and no price', async () => {
    const seller = await createUser(t.database.db, {
      name: 'Kırmızı Optik',
      publicHandle: 'kirmizioptik',
      publicSlug: 'kirmizioptik',
    });
    const product = await createCatalogueProduct(t.database.db, { brand: 'Persol', modelCode: 'PO3019S' });
    await createListing(t.database.db, seller, product, { priceKurus: 987_654 });
    // What the markup inside #root must hold for each page, read without running any JavaScript.
    const expected: Record<string, { root: string[]; title: string }> = {
      '/urunler': { root: ['PO3019S'], title: 'OptiStok' },
      '/kategoriler': { root: ['Güneş Gözlüğü'], title: 'OptiStok' },
      '/markalar': { root: ['Persol'], title: 'Markalar' },
      '/magaza/kirmizioptik': { root: ['Kırmızı Optik', 'PO3019S'], title: 'Kırmızı Optik' },
      '/iletisim': { root: ['<h1', '<form'], title: 'İletişim' },
      '/hakkimizda': { root: ['<h1', 'Biz kimiz?'], title: 'Hakkımızda' },
    };
    for (const [url, { root, title }] of Object.entries(expected)) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const html = res.body;
      const markup = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
      expect(markup, url).not.toContain('<div id="root"></div>');
      for (const text of root) expect(markup, url).toContain(text);
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], url).toContain(title);
      expect(html, url).not.toMatch(/987[.,]?654|9876[.,]54/);
    }
  });

  it('leaves member pages to the shell', async () => {
    const res = await t.app.inject({ url: '/siparislerim' });
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe("a member's document starts the screen's first fetches (decision 049)", () => {
  const t = useTestApp('pglite', { webRoot: path.join(outDir, 'web') });

  /** The hrefs of the document's `<link rel=preload as=fetch crossorigin>`, attribute-decoded. */
  const fetchPreloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );

  it("names the exact API addresses of /siparislerim's filters, privately, with the page's chunk", async () => {
    const cookie = await signIn(t, await createUser(t.database.db));
    const res = await t.app.inject({
      url: '/siparislerim?page=2&q=Persol%20PO',
      headers: { cookie, 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    // What useBuyerOrders(2, 'Persol PO') and useSession fetch, byte for byte.
    expect(fetchPreloads(html)).toEqual(['/api/auth/session', '/api/orders?page=2&pageSize=10&q=Persol+PO']);
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/buyer-orders-page-[\w-]+\.js">/);
    // Links only: the data itself is fetched by the browser, with the member's cookie.
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('query-state');
    for (const href of fetchPreloads(html)) {
      expect((await callApi(t, 'GET', href, { cookie })).statusCode, href).toBe(200);
    }
  });

  it("names the notification page and the seller's orders tab from their addresses, and the cart's chunks", async () => {
    const cookie = await signIn(t, await createUser(t.database.db));
    const expected: Record<string, string[]> = {
      '/bildirimler?okunmamis=1&tur=order_new&sayfa=3': ['/api/notifications/page?page=3&unread=true&type=order_new'],
      '/dashboard?tab=orders&view=pending&page=2': ['/api/seller/orders?view=pending&page=2&pageSize=25'],
      '/dashboard/orders?cargo=aras&q=ABC': ['/api/seller/orders?q=ABC&view=all&cargoCompany=aras&page=1&pageSize=25'],
      '/sepet': [],
    };
    for (const [url, apiPaths] of Object.entries(expected)) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      expect(fetchPreloads(res.body), url).toEqual(['/api/auth/session', ...apiPaths]);
      expect(res.body, url).toContain('<link rel="modulepreload"');
    }
    const cart = await t.app.inject({ url: '/sepet', headers: { cookie } });
    expect(cart.body).toMatch(/<link rel="modulepreload" href="\/assets\/cart-route-[\w-]+\.js">/);
    expect(cart.body).toMatch(/<link rel="modulepreload" href="\/assets\/start-quote-[\w-]+\.js">/);
  });

  it("gives a visitor's /siparislerim and a member's other screens the plain shell", async () => {
    const visitor = await t.app.inject({ url: '/siparislerim?page=2' });
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(fetchPreloads(visitor.body)).toEqual([]);
    const cookie = await signIn(t, await createUser(t.database.db));
    for (const url of ['/profilim', '/dashboard', '/dashboard?tab=listings']) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(fetchPreloads(res.body), url).toEqual([]);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
