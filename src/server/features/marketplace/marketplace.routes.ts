import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  browseQuerySchema,
  browseResultSchema,
  categoryCountsSchema,
  productDetailParamsSchema,
  productDetailSchema,
} from '#shared/schemas/marketplace.ts';
import { contextFrom } from '../../lib/context.ts';
import { createMarketplaceCache } from './marketplace.cache.ts';
import { browseListings, countCategories, getProductDetail, type Viewer } from './marketplace.service.ts';

const everyone = { access: 'public' as const };
const tags = ['marketplace'];

/** Members in good standing see prices; visitors (and sessions that may do nothing but reset a password) do not. */
async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  const auth = await request.getAuth();
  return { pricesVisible: Boolean(auth && !auth.user.banned && !auth.user.mustResetPassword) };
}

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
    async (request) =>
      browseListings(contextFrom(request), { query: request.query, viewer: await viewerOf(request) }, cache),
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
    async (request) =>
      getProductDetail(contextFrom(request), { id: request.params.id, viewer: await viewerOf(request) }),
  );
};
