import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickEncoding, type ContentEncoding } from '../lib/accept-encoding.ts';
import { BUILT_ASSETS_PREFIX } from './security-headers.ts';
import { hasSessionCookie, loadRenderer } from './web-render.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered document compressed per request: a fast brotli level, it is made for one visitor. */
function compressDocument(body: string, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(body);
}

const encodingSuffix: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/** index.html and the variants the build wrote beside it (scripts/precompress.ts), read once. */
function readIndexVariants(indexPath: string) {
  const variants = new Map<ContentEncoding, Buffer>();
  for (const encoding of ['br', 'gzip'] as const) {
    const file = indexPath + encodingSuffix[encoding];
    if (existsSync(file)) variants.set(encoding, readFileSync(file));
  }
  return { identity: readFileSync(indexPath), variants, available: [...variants.keys()] };
}

/**
 * Sends a document made for this request. The not-found handler is no route, so
 * plugins/compression.ts's hooks do not run here: it is compressed for the request itself. It
 * depends on the cookie (visitor or member), hence the Vary.
 */
async function sendDocument(request: FastifyRequest, reply: FastifyReply, body: string, cacheControl: string) {
  reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', cacheControl)
    .header('Vary', 'Accept-Encoding, Cookie');
  const encoding = pickEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
  if (!encoding) return reply.send(body);
  return reply.header('Content-Encoding', encoding).send(await compressDocument(body, encoding));
}

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other
 * non-API path so the client router takes over (the not-found handler calls sendSpa). Both go
 * out in the precompressed variant the client accepts (brotli, else gzip), never compressed per request.
 */
export const webStaticPlugin = fp(async (app, options: { root: string }) => {
  const indexPath = path.join(options.root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ root: options.root }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  const index = readIndexVariants(indexPath);
  const renderer = await loadRenderer(app, options.root, index.identity.toString('utf8'));
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath: string) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  app.decorate('sendSpa', async (request, reply) => {
    // A missing built file is a 404, not the app's page: a stale chunk fails plainly, and no document
    // is ever served under the prefix that carries no document headers (security-headers.ts).
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.startsWith(BUILT_ASSETS_PREFIX)) {
      return reply.code(404).send();
    }
    // Visitors get the public pages rendered with their data; members (a session cookie) the shell,
    // with the links that start their screen's first fetches (decision 049).
    const isMember = hasSessionCookie(request);
    if (renderer && request.method === 'GET' && isMember) {
      const body = renderer.memberDocument(request);
      // Links built from a member's address, for a member: no shared cache may keep it.
      if (body) return sendDocument(request, reply, body, 'private, no-cache');
    }
    const rendered = renderer && request.method === 'GET' && !isMember ? await renderer.renderDocument(request) : null;
    if (rendered?.kind === 'page') return sendDocument(request, reply, rendered.body, 'no-cache');
    const encoding = pickEncoding(request.headers['accept-encoding'], index.available);
    reply
      .code(rendered?.kind === 'not-found' ? 404 : 200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Cookie');
    if (!encoding) return reply.send(index.identity);
    return reply.header('Content-Encoding', encoding).send(index.variants.get(encoding));
  });
});
