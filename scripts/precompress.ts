import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** Every file under dir, except Vite's own metadata (.vite/manifest.json is read by tests, never served). */
function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? listFiles(file) : [file];
  });
}

/**
 * Writes file.br (brotli, quality 11) and file.gz (gzip, level 9) beside every text file under dir.
 * A variant that would not be smaller is not written; the server then sends the original.
 */
export function precompressFolder(dir: string): void {
  for (const file of listFiles(dir).filter((f) => COMPRESSIBLE.test(f))) {
    const raw = readFileSync(file);
    const variants: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
      ],
      ['.gz', gzipSync(raw, { level: 9 })],
    ];
    for (const [suffix, compressed] of variants) {
      if (compressed.length < raw.length) writeFileSync(file + suffix, compressed);
    }
  }
}

/**
 * Precompresses the build once (precompressFolder), so the server sends the smallest encoding without compressing per request
 * (@fastify/static's preCompressed; see docs/decisions/019-compression-and-bundles.md).
 */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'optistok:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
