import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createCatalogueProduct, createListing, createUser } from '../../../test/factories.ts';

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

describe('server rendering of the public pages', () => {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'optistok-ssr-'));
  beforeAll(() => buildWeb(outDir), 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));
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

  it('leaves member pages to the shell', async () => {
    const res = await t.app.inject({ url: '/siparislerim' });
    expect(res.body).toContain('<div id="root"></div>');
  });
});
