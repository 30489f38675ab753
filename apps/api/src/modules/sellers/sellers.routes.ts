/** GET /api/sellers/:id and its reviews' later pages: a seller's public profile. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import {
  sellerIdParamsSchema,
  sellerProfileSchema,
  sellerReviewsPageSchema,
  sellerReviewsQuerySchema,
} from '@laptops/shared/sellers';
import type { Db } from '../../db/client.ts';
import { sendJsonText } from '../../plugins/list-cache.ts';
import { getSellerProfile, getSellerReviews } from './sellers.service.ts';

export const sellersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/sellers/:id',
    {
      config: { access: 'public', revalidate: true },
      compress: false,
      schema: {
        tags: ['sellers'],
        summary: "A seller's public profile: rating, record, reply time, laptops for sale, reviews",
        params: sellerIdParamsSchema,
        response: { 200: sellerProfileSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The same for every visitor: one cached answer, cleared by any write.
      const body = await app.listCache.remember(`seller:${request.params.id}`, () =>
        getSellerProfile(db, request.params.id),
      );
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/api/sellers/:id/reviews',
    {
      config: { access: 'public', revalidate: true },
      schema: {
        tags: ['sellers'],
        summary: "A seller's reviews by buyers, newest first (pass nextCursor as cursor)",
        params: sellerIdParamsSchema,
        querystring: sellerReviewsQuerySchema,
        response: { 200: sellerReviewsPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getSellerReviews(db, request.params.id, request.query.cursor),
  );
};
