import { build } from 'esbuild';

// Bundles the server into one ESM file; npm packages stay external (PGlite loads its WASM
// files from its own package folder).
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: `${process.env.BUILD_DIR ?? 'dist'}/server/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
