import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { favouriteIdsSchema, favouriteListSchema, favouriteParamsSchema } from '#shared/schemas/favourites.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { addFavourite, listFavouriteIds, listFavourites, removeFavourite } from './favourites.service.ts';

const member = { access: 'member' as const };
const noContent = { 204: z.null().describe('Done') };
const tags = ['favourites'];

/** The signed-in member's favourite catalogue products (the hearts on cards and product pages). */
export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/favourites',
    {
      config: member,
      schema: {
        tags,
        summary: 'Favourite products with their best current offer',
        response: { 200: favouriteListSchema },
      },
    },
    async (request) => listFavourites(await memberContextFrom(request)),
  );

  app.get(
    '/api/favourites/ids',
    {
      config: member,
      schema: { tags, summary: 'Ids of the favourite products', response: { 200: favouriteIdsSchema } },
    },
    async (request) => listFavouriteIds(await memberContextFrom(request)),
  );

  app.put(
    '/api/favourites/:productId',
    {
      config: member,
      schema: {
        tags,
        summary: 'Add a product to the favourites (idempotent)',
        params: favouriteParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await addFavourite(await memberContextFrom(request), request.params.productId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/favourites/:productId',
    {
      config: member,
      schema: {
        tags,
        summary: 'Remove a product from the favourites (idempotent)',
        params: favouriteParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await removeFavourite(await memberContextFrom(request), request.params.productId);
      return reply.code(204).send(null);
    },
  );
};
