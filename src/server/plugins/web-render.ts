import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QUERY_STATE_ELEMENT_ID } from '#shared/server-render.ts';

/**
 * The server rendering of the public pages for visitors (docs/decisions/045-server-rendering.md).
 * The renderer is the web app's own code, built by `vite build --ssr` into <build>/ssr and loaded
 * here by path: the server never imports the web side.
 */

/** What <build>/ssr/entry-server.js answers (src/web/entry-server.tsx). */
type RenderResult = { kind: 'page'; head: string; html: string; state: string } | { kind: 'not-found' };
type Render = (url: string, signal: AbortSignal) => Promise<RenderResult | null>;
type RendererModule = {
  createRenderer(options: {
    fetchApi: (path: string, init: RequestInit) => Promise<Response>;
    manifest: unknown;
  }): Render;
  /** A member's preload and modulepreload links for the screen at `url`, '' for none (decision 049). */
  memberHead(url: string, manifest: unknown): string;
};

/** A render slower than this gives way to the SPA shell: the visitor then waits for the app's own fetches instead. */
export const SSR_TIMEOUT_MS = 2_000;

/** better-auth's session cookie (lib/auth.ts: cookiePrefix 'optistok'); its __Secure- form on HTTPS. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?optistok\.session_token=/;

/** Whether the request carries a session: members get the SPA shell, never a page rendered here. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return SESSION_COOKIE.test(request.headers.cookie ?? '');
}

/** What sendSpa sends: a rendered document, the shell with a 404, or the plain shell. */
export type RenderedDocument = { kind: 'page'; body: string } | { kind: 'not-found' } | null;

/**
 * Loads the built renderer beside the web root (null when the build has none, e.g. tests on a
 * web build made without it) and returns the functions that make a request's document: a
 * visitor's rendered page, and a member's shell with the links of their screen's first fetches.
 */
export async function loadRenderer(app: FastifyInstance, webRoot: string, template: string) {
  const entry = path.join(webRoot, '..', 'ssr', 'entry-server.js');
  const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestPath)) {
    app.log.warn({ entry }, 'server renderer not built; public pages go out as the SPA shell');
    return null;
  }
  const { createRenderer, memberHead } = (await import(pathToFileURL(entry).href)) as RendererModule;
  const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const render = createRenderer({
    manifest,
    // In-process and without cookies: the page holds exactly what the public API shows a visitor.
    fetchApi: async (apiPath) => {
      const response = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
      const hasBody = response.statusCode !== 204 && response.statusCode !== 304;
      return new Response(hasBody ? response.rawPayload : null, {
        status: response.statusCode,
        headers: {
          'content-type': String(response.headers['content-type'] ?? ''),
          date: String(response.headers.date ?? ''),
        },
      });
    },
  });

  /** The shell with the preloads of a member's screen (decision 049), or null for a screen without any. */
  function memberDocument(request: FastifyRequest): string | null {
    const head = memberHead(request.url, manifest);
    return head ? template.replace('</head>', `${head}</head>`) : null;
  }

  async function renderDocument(request: FastifyRequest): Promise<RenderedDocument> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`render exceeded ${SSR_TIMEOUT_MS} ms`)), SSR_TIMEOUT_MS);
    try {
      const aborted = new Promise<never>((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error)),
      );
      const result = await Promise.race([render(request.url, controller.signal), aborted]);
      if (!result || result.kind === 'not-found') return result;
      return { kind: 'page', body: fillTemplate(template, result) };
    } catch (error) {
      // A public page never fails for a render: the shell renders it in the browser instead.
      request.log.warn({ err: error, url: request.url }, 'server render failed; sending the SPA shell');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return { renderDocument, memberDocument };
}

/** index.html with the rendered page: its title and description replace the defaults. */
function fillTemplate(template: string, page: { head: string; html: string; state: string }): string {
  let html = template;
  if (page.head.includes('<title>')) html = html.replace(/<title>[^<]*<\/title>/, '');
  if (page.head.includes('name="description"')) html = html.replace(/<meta\s+name="description"[^>]*>/, '');
  return html
    .replace('</head>', `${page.head}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${page.html}</div><script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${page.state}</script>`,
    );
}
