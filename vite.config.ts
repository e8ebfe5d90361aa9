import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './scripts/precompress.ts';

const root = path.resolve(import.meta.dirname, 'src/web');

export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: isSsrBuild ? false : path.join(root, 'public'),
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompressAssets()])],
  resolve: {
    alias: [
      { find: /^#shared\/(.*)$/, replacement: path.resolve(import.meta.dirname, 'src/shared/$1') },
      { find: /^#web\/(.*)$/, replacement: path.resolve(import.meta.dirname, 'src/web/$1') },
    ],
  },
  build: {
    // BUILD_DIR lets parallel builds (e.g. two e2e runs) keep apart; default dist.
    // The server renderer (`vite build --ssr`, docs/decisions/045) goes beside the web app.
    outDir: path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? 'dist', isSsrBuild ? 'ssr' : 'web'),
    emptyOutDir: true,
    manifest: !isSsrBuild,
    sourcemap: false,
    target: 'es2022',
    // Every browser of that target preloads modules natively.
    modulePreload: { polyfill: false },
  },
  // The server renderer bundles the few icons it draws instead of importing lucide-react whole at
  // start (all ~1,600 icons: a 1.3 MB source and their components, resident in the server's heap).
  ssr: { noExternal: ['lucide-react'] },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
