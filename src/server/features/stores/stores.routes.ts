import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeReviewListSchema } from '#shared/schemas/reviews.ts';
import {
  storeListingListSchema,
  storePageQuerySchema,
  storeParamsSchema,
  storeProfileSchema,
} from '#shared/schemas/stores.ts';
import { viewerContextFrom } from '../../lib/context.ts';
import { getStore, getStoreListings, getStoreReviews } from './stores.service.ts';

// Public like the rest of the catalogue; the answer depends on the viewer (prices, the owner's reply buttons).
const everyone = { access: 'public' as const };
const tags = ['stores'];

/** A store's public page (/magaza/:slug): profile and rating, its reviews, its active listings. */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stores/:slug',
    {
      config: everyone,
      schema: {
        tags,
        summary: "A store's name, city, member since and rating",
        params: storeParamsSchema,
        response: { 200: storeProfileSchema },
      },
    },
    async (request) => getStore(await viewerContextFrom(request), request.params.slug),
  );

  app.get(
    '/api/stores/:slug/reviews',
    {
      config: everyone,
      schema: {
        tags,
        summary: "A page of the store's reviews, newest first (its owner sees which ones await an answer)",
        params: storeParamsSchema,
        querystring: storePageQuerySchema,
        response: { 200: storeReviewListSchema },
      },
    },
    async (request) => getStoreReviews(await viewerContextFrom(request), request.params.slug, request.query.page),
  );

  app.get(
    '/api/stores/:slug/listings',
    {
      config: everyone,
      schema: {
        tags,
        summary: "A page of the store's active listings (prices for members only)",
        params: storeParamsSchema,
        querystring: storePageQuerySchema,
        response: { 200: storeListingListSchema },
      },
    },
    async (request) => getStoreListings(await viewerContextFrom(request), request.params.slug, request.query.page),
  );
};
