import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other
 * non-API path so the client router takes over (the not-found handler calls sendSpa).
 */
export const webStaticPlugin = fp(async (app, options: { root: string }) => {
  const indexPath = path.join(options.root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ root: options.root }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  const indexHtml = readFileSync(indexPath);
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath: string) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  app.decorate('sendSpa', (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send();
    return reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
});
