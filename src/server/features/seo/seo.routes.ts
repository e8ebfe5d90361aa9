import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildRobotsTxt, buildSitemap } from './seo.service.ts';

/** For search engines: /robots.txt and /sitemap.xml (plain text and XML, not the web app's page). */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const robotsTxt = buildRobotsTxt(app.env.APP_URL);
  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(robotsTxt),
  );
  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(await buildSitemap(app.db, app.env.APP_URL)),
  );
};
