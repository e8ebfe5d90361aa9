import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** Gzipped size budget of the JavaScript a visitor downloads to see the landing page. */
const LANDING_BUDGET_BYTES = 120 * 1024;
// The build under test: BUILD_DIR as `npm run build` used it (default dist).
const dist = path.resolve(import.meta.dirname, '..', process.env.BUILD_DIR ?? 'dist', 'web');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  try {
    return JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    throw new Error('dist/web is missing: run `npm run build` before the unit tests (npm test does).');
  }
}

/** The entry chunk and everything it imports statically: what loads before any lazy route. */
function initialChunks(manifest: Record<string, ManifestChunk>): Set<string> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entryKey);
  return seen;
}

describe('bundle budget', () => {
  const manifest = readManifest();
  const initial = initialChunks(manifest);
  const gzipped = (key: string) => gzipSync(readFileSync(path.join(dist, manifest[key].file))).length;

  it(`keeps the landing page's initial JavaScript within ${LANDING_BUDGET_BYTES / 1024} KB gzipped`, () => {
    const total = [...initial].reduce((sum, key) => sum + gzipped(key), 0);
    console.info(`landing initial JS: ${(total / 1024).toFixed(1)} KB gzipped in ${initial.size} chunk(s)`);
    expect(total).toBeGreaterThan(10 * 1024); // the measurement sees the real bundle
    expect(total).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
  });

  it('ships every script, style and the page with brotli and gzip variants beside them', () => {
    const assets = readdirSync(path.join(dist, 'assets')).filter((name) => /\.(js|css)$/.test(name));
    // A tiny chunk may gain nothing from brotli (the build then writes no .br); everything else has both.
    const sizeable = [...assets.map((name) => path.join('assets', name)), 'index.html'].filter(
      (file) => readFileSync(path.join(dist, file)).length >= 1024,
    );
    expect(sizeable.length).toBeGreaterThan(10);
    for (const file of sizeable) {
      expect(existsSync(path.join(dist, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(path.join(dist, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
  });

  it('splits every area but the landing page into lazily loaded chunks', () => {
    for (const lazyArea of [
      'features/contact/',
      'features/content/',
      'features/marketplace/search-page',
      'features/messages/',
    ]) {
      const keys = Object.keys(manifest).filter((key) => key.includes(lazyArea));
      expect(keys.length, `${lazyArea} has its own chunk`).toBeGreaterThan(0);
      for (const key of keys) expect(initial.has(key), `${key} must not load with the landing page`).toBe(false);
    }
  });
});
