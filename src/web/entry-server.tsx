import { dehydrate, type Query } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import { contentPages } from '#shared/site-pages.ts';
import { AppRoot } from './app/app-root.tsx';
import { memberPreloadsOf } from './app/member-preloads.ts';
import { ApiError, setApiTransport } from './lib/api-client.ts';
import { paths, routePatterns } from './lib/paths.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * The server renderer of the public pages (docs/decisions/045-server-rendering.md). Built by
 * `vite build --ssr` into <BUILD_DIR>/ssr/entry-server.js and loaded by the server by path
 * (plugins/web-static.ts), so neither side imports the other.
 */

/** The public pages rendered for visitors, each with the source of its lazy chunk (Vite's manifest key). */
const publicPages: { path: string; module?: string }[] = [
  { path: paths.home },
  { path: paths.search, module: 'features/marketplace/search-page.tsx' },
  { path: paths.products, module: 'features/marketplace/listings-page.tsx' },
  { path: paths.marketplace, module: 'features/marketplace/listings-page.tsx' },
  { path: paths.categories, module: 'features/marketplace/categories-page.tsx' },
  { path: routePatterns.category, module: 'features/marketplace/category-page.tsx' },
  { path: routePatterns.subcategory, module: 'features/marketplace/category-page.tsx' },
  { path: routePatterns.product, module: 'features/marketplace/product-page.tsx' },
  { path: routePatterns.store, module: 'app/pages/store-page.tsx' },
  { path: paths.brands, module: 'features/marketplace/brands-page.tsx' },
  { path: paths.contact, module: 'features/contact/contact-page.tsx' },
  ...Object.keys(contentPages).map((path) => ({ path, module: 'features/content/content-page.tsx' })),
];

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

export type RenderResult =
  /** The page, to put in index.html: `head` goes before </head>, `html` into #root, `state` into the JSON script. */
  | { kind: 'page'; head: string; html: string; state: string }
  /** The page's data is not there (unknown product): the shell with this status shows the app's own screen. */
  | { kind: 'not-found' };

/** Rounds of render → fetch what the render asked for; a page's queries depend on the previous ones' data at most this deep. */
const MAX_PASSES = 4;

/** JSON safe inside <script>: no "</script>", no "<!--", no line separators that end a JS string. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** The hrefs of a module's chunk and the chunks it imports, the entry's own excepted (already in index.html). */
function chunkFiles(manifest: ViteManifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || chunk.isEntry || seen.has(key)) return [];
  seen.add(key);
  return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}

/** A URL inside a double-quoted attribute. */
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The links a member's document carries for the screens members open most (docs/decisions/049):
 * a `preload as=fetch` of each API address the screen's first queries fetch (anonymous CORS mode,
 * as the app's same-origin fetch, so the browser hands the preloaded answer to it) and the page's
 * chunks. '' for any other screen. No data: the document stays the shell plus these links.
 */
export function memberHead(url: string, manifest: ViteManifest): string {
  const preloads = memberPreloadsOf(url);
  if (!preloads) return '';
  const seen = new Set<string>();
  return [
    ...preloads.apiPaths.map((href) => `<link rel="preload" as="fetch" crossorigin href="${attribute(href)}">`),
    ...preloads.modules
      .flatMap((key) => chunkFiles(manifest, key, seen))
      .map((href) => `<link rel="modulepreload" href="${href}">`),
  ].join('');
}

/**
 * Makes the renderer. `fetchApi` answers a GET on the public API in-process and without cookies:
 * the pages' own query functions call it, so the server fetches what the browser would, under
 * the same query keys, as a visitor.
 */
export function createRenderer(options: {
  fetchApi: (path: string, init: RequestInit) => Promise<Response>;
  manifest: ViteManifest;
}) {
  setApiTransport(options.fetchApi);

  /** Renders a visitor's public page, or null for a path that is not one (the SPA shell serves it). */
  return async function render(url: string, signal: AbortSignal): Promise<RenderResult | null> {
    const pathname = new URL(url, 'http://localhost').pathname;
    const match = matchRoutes(publicPages, pathname)?.[0]?.route;
    if (!match) return null;
    const queryClient = createQueryClient();
    // One try per query: a retry's pause would only delay the fallback to the shell.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;

    let html: string;
    for (let pass = 0; ; pass++) {
      // prerender waits for every lazy chunk and Suspense boundary before it answers.
      const errors: unknown[] = [];
      const { prelude } = await prerender(<AppRoot queryClient={queryClient} router={Router} />, {
        signal,
        onError: (error) => void errors.push(error),
        // React outlines a large boundary (its content comes later, put in place by an inline
        // script): with the whole page at once there is nothing to stream early.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      });
      // A component that throws here would be rendered by the browser instead (an inline script
      // the CSP blocks): the page goes out as the shell.
      if (errors.length > 0) throw errors[0];
      html = await new Response(prelude).text();
      const pending = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && isEnabled(query));
      // A boundary that waited for a lazy chunk comes out of order, moved into place by an inline
      // script that the CSP (script-src 'self') blocks; rendered again, the chunk is there at once.
      const isInOrder = !html.includes('<script');
      if (pending.length === 0 && isInOrder) break;
      if (pass === MAX_PASSES) throw new Error(`page not settled after ${MAX_PASSES} passes`);
      await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
      signal.throwIfAborted();
    }

    const failed = queryClient
      .getQueryCache()
      .getAll()
      .find((query) => query.state.status === 'error');
    if (failed) {
      const error = failed.state.error;
      if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
      throw error ?? new Error('query failed');
    }

    // React hoists the page's <title>, <meta> and resource hints (e.g. the cover image's preload) to the
    // front of a render without <html>; they go to the document's head.
    const hoisted = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)*/.exec(html)?.[0] ?? '';
    const modulePreloads = match.module
      ? chunkFiles(options.manifest, match.module).map((href) => `<link rel="modulepreload" href="${href}">`)
      : [];
    return {
      kind: 'page',
      head: hoisted + modulePreloads.join(''),
      html: html.slice(hoisted.length),
      state: scriptSafeJson(dehydrate(queryClient)),
    };
  };
}
