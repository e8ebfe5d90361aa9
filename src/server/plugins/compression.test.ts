import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../../scripts/precompress.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachDatabase } from '../../../test/db.ts';
import { createCatalogueProduct, createListing, createUser } from '../../../test/factories.ts';
import { pickEncoding } from '../lib/accept-encoding.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

/** A built web app in miniature: index.html and an entry script, precompressed as the build does. */
function buildWebRoot(): { root: string; entry: Buffer; index: Buffer } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'optistok-web-'));
  mkdirSync(path.join(root, 'assets'));
  const entry = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export const text${i} = 'Gözlük ${i} için açıklama';`).join('\n'),
  );
  const index = Buffer.from(
    `<!doctype html><html lang="tr"><head><title>OptiStok</title></head><body><div id="root"></div>${'<!-- pad -->'.repeat(20)}<script type="module" src="/assets/index-abc.js"></script></body></html>`,
  );
  writeFileSync(path.join(root, 'assets', 'index-abc.js'), entry);
  writeFileSync(path.join(root, 'index.html'), index);
  precompressFolder(root);
  return { root, entry, index };
}

const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('compression of the built web app', () => {
  const web = buildWebRoot();
  afterAll(() => rmSync(web.root, { recursive: true, force: true }));
  const t = useTestApp('pglite', { webRoot: web.root });

  it('writes brotli and gzip variants beside the built files', () => {
    expect(brotliDecompressSync(readFileSync(path.join(web.root, 'assets', 'index-abc.js.br')))).toEqual(web.entry);
    expect(gunzipSync(readFileSync(path.join(web.root, 'assets', 'index-abc.js.gz')))).toEqual(web.entry);
  });

  for (const encoding of ['br', 'gzip'] as const) {
    it(`serves the entry script ${encoding}-encoded to a client that accepts ${encoding}`, async () => {
      const accept = encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate';
      const res = await t.app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(web.entry.length / 3);
      expect(decoders[encoding](res.rawPayload)).toEqual(web.entry);
      // A script carries the headers that apply to it, not the document's 1 KB policy.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
    });

    it(`serves the app's page (index.html fallback) ${encoding}-encoded`, async () => {
      const res = await t.app.inject({ url: '/kategori/gozluk', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(decoders[encoding](res.rawPayload)).toEqual(web.index);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    });
  }

  it('answers a missing built file with a plain 404, not the app page', async () => {
    const res = await t.app.inject({ url: '/assets/index-gone.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type'] ?? '').not.toMatch(/html/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the original bytes to a client that accepts no encoding (or refuses them)', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const script = await t.app.inject({ url: '/assets/index-abc.js', headers });
      expect(script.headers['content-encoding']).toBeUndefined();
      expect(script.rawPayload).toEqual(web.entry);
      const page = await t.app.inject({ url: '/urun/1', headers });
      expect(page.headers['content-encoding']).toBeUndefined();
      expect(page.rawPayload).toEqual(web.index);
    }
  });
});

describe('choosing an encoding from Accept-Encoding', () => {
  it('prefers brotli, honours q-values and the wildcard', () => {
    expect(pickEncoding('gzip, deflate, br', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('br;q=0.5, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('*;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('deflate', ['br', 'gzip'])).toBeNull();
    expect(pickEncoding(undefined, ['br', 'gzip'])).toBeNull();
    expect(pickEncoding('br', ['gzip'])).toBeNull();
  });
});

describeEachDatabase('compression of API answers', (kind) => {
  const eventStream = `data: ${'x'.repeat(4 * COMPRESS_THRESHOLD_BYTES)}\n\n`;
  const t = useTestApp(kind, {
    extraRoutes: (app) => {
      app.get('/api/test/events', { config: { access: 'public' } }, (_request, reply) =>
        reply.type('text/event-stream').header('Cache-Control', 'no-cache, no-transform').send(eventStream),
      );
    },
  });

  it('compresses a large JSON answer by Accept-Encoding and keeps the security headers', async () => {
    const seller = await createUser(t.database.db);
    for (let i = 0; i < 12; i++) {
      await createListing(
        t.database.db,
        seller,
        await createCatalogueProduct(t.database.db, { name: `Kompresyon ${i}` }),
      );
    }
    const plain = await t.app.inject({ url: '/api/marketplace/listings?pageSize=24' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await t.app.inject({
        url: '/api/marketplace/listings?pageSize=24',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoders[encoding](res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('sends a tiny JSON answer and the JSON errors as they are', async () => {
    const health = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
    const missing = await t.app.inject({ url: '/api/nothing-here', headers: { 'accept-encoding': 'br, gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().error.code).toBe('NOT_FOUND');
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never compresses an event stream', async () => {
    const res = await t.app.inject({ url: '/api/test/events', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(eventStream);
  });
});
