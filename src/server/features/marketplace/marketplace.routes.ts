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
import { createMarketplaceCache } from './marketplace.cache.ts';
import { browseListings, countCategories, getProductDetail, listBrands, viewerOf } from './marketplace.service.ts';

const everyone = { access: 'public' as const };
const tags = ['marketplace'];

/** The buying side: browse and search listings, category counts, the product page with every offer. */
export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createMarketplaceCache(app.clock);

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
    async (request) => {
      const ctx = await viewerContextFrom(request);
      return browseListings(ctx, { query: request.query, viewer: viewerOf(ctx.user) }, cache);
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
    async (request) => countCategories(contextFrom(request), cache),
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
    async (request) => listBrands(contextFrom(request), cache),
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
