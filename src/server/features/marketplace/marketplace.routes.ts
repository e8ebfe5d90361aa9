import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  brandListSchema,
  browseQuerySchema,
  browseResultSchema,
  categoryCountsSchema,
  productDetailParamsSchema,
  productDetailSchema,
} from '#shared/schemas/marketplace.ts';
import { contextFrom, viewerContextFrom } from '../../lib/context.ts';
import { Counter } from 'prom-client';
import type { Database } from '../../db/client.ts';
import { memoisedJson } from '../../lib/memoised-json.ts';
import { createMarketplaceCache, parseAnnouncement } from './marketplace.cache.ts';
import { browseListings, countCategories, getProductDetail, listBrands, viewerOf } from './marketplace.service.ts';

const everyone = { access: 'public' as const };
/** The channel of migration 0033's marketplace change announcements. */
const MARKETPLACE_CHANNEL = 'optistok_marketplace';
const tags = ['marketplace'];

/** The buying side: browse and search listings, category counts, the product page with every offer. */
export const marketplaceRoutes: FastifyPluginAsyncZod<{ listen: Database['listen'] }> = async (app, options) => {
  const computed = new Counter({
    name: 'optistok_marketplace_cache_computations_total',
    help: 'Marketplace counts and pages computed because no cached result could answer, by cache.',
    labelNames: ['cache'] as const,
    registers: [app.metrics],
  });
  const cache = createMarketplaceCache(app.clock, (name) => computed.inc({ cache: name }));
  // Listing changes reach every instance's caches through LISTEN (decision 012, amended 2026-11-29).
  const unlisten = await options.listen(MARKETPLACE_CHANNEL, {
    onMessage: (payload) => {
      const announcement = parseAnnouncement(payload);
      if (announcement) cache.changes.hear(announcement);
      else {
        app.log.error(
          { payload: payload.slice(0, 200) },
          'marketplace: unreadable change announcement; caches emptied',
        );
        cache.changes.setAvailable(true);
      }
    },
    onLost: () => {
      app.log.warn('marketplace: LISTEN connection lost; result caches off until it is back');
      cache.changes.setAvailable(false);
    },
    onReconnect: () => cache.changes.setAvailable(true),
  });
  cache.changes.setAvailable(true);
  app.addHook('onClose', async () => {
    cache.changes.setAvailable(false);
    await unlisten();
  });

  // Cached answers go out as the bytes they were first sent as.
  const sendBrowseResult = memoisedJson(browseResultSchema, { method: 'GET', url: '/api/marketplace/listings' });
  const sendCategoryCounts = memoisedJson(categoryCountsSchema, { method: 'GET', url: '/api/marketplace/categories' });
  const sendBrands = memoisedJson(brandListSchema, { method: 'GET', url: '/api/marketplace/brands' });
  app.get(
    '/api/marketplace/listings',
    {
      config: everyone,
      schema: {
        tags,
        summary:
          'Active listings with filters, sorting, pagination and facets; with q, a Turkish full-text search ranked by relevance. Prices only for members',
        querystring: browseQuerySchema,
        response: { 200: browseResultSchema },
      },
    },
    async (request, reply) => {
      const ctx = await viewerContextFrom(request);
      return sendBrowseResult(
        reply,
        await browseListings(ctx, { query: request.query, viewer: viewerOf(ctx.user) }, cache),
      );
    },
  );

  app.get(
    '/api/marketplace/categories',
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Live listing counts per category and subcategory',
        response: { 200: categoryCountsSchema },
      },
    },
    async (request, reply) => sendCategoryCounts(reply, await countCategories(contextFrom(request), cache)),
  );

  app.get(
    '/api/marketplace/brands',
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Every catalogue brand with its live (active) listing count and logo initials (/markalar)',
        response: { 200: brandListSchema },
      },
    },
    async (request, reply) => sendBrands(reply, await listBrands(contextFrom(request), cache)),
  );

  app.get(
    '/api/marketplace/products/:id',
    {
      config: everyone,
      schema: {
        tags,
        summary:
          'An approved catalogue product with every active offer; the id may be a listing id, whose offer is then highlighted',
        params: productDetailParamsSchema,
        response: { 200: productDetailSchema },
      },
    },
    async (request) => {
      const ctx = await viewerContextFrom(request);
      return getProductDetail(ctx, { id: request.params.id, viewer: viewerOf(ctx.user) });
    },
  );
};
