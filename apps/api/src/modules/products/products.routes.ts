import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { productSchema } from '@laptops/shared/products';
import { searchQuerySchema, searchResultSchema } from '@laptops/shared/search';
import type { Db } from '../../db/client.ts';
import { sendJsonText } from '../../plugins/list-cache.ts';
import { searchCacheKey } from '../first-paint/first-paint.ts';
import { listAdvertisedProducts, listLatestProducts } from './products.service.ts';
import { searchProducts } from './search.service.ts';

export const productsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/search',
    {
      config: { access: 'public', revalidate: true },
      // sendJsonText compresses each cached answer once; @fastify/compress's hooks are not needed.
      compress: false,
      schema: {
        tags: ['products'],
        summary:
          'Search available laptops: text, filters, sort, keyset pages (pass nextCursor as cursor)',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The category page's first pages are the catalogue's busiest answers.
      const viewer = await request.getViewer();
      const key = searchCacheKey(viewer, request.query);
      const body = await app.listCache.remember(key, () =>
        searchProducts(db, request.query, viewer),
      );
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/api/advertiseProducts',
    {
      config: { access: 'public', revalidate: true },
      compress: false,
      schema: {
        tags: ['products'],
        summary: "Home 'Advertised Items': advertised products that are not sold",
        response: { 200: z.array(productSchema) },
      },
    },
    async (request, reply) => {
      // Signed-in visitors also see contact details: one cached answer for each kind.
      const viewer = await request.getViewer();
      const body = await app.listCache.remember(`advertised:${viewer ? 'member' : 'guest'}`, () =>
        listAdvertisedProducts(db, viewer),
      );
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/api/latestProducts',
    {
      config: { access: 'public', revalidate: true },
      compress: false,
      schema: {
        tags: ['products'],
        summary: "Home 'Latest Items': the newest available products",
        response: { 200: z.array(productSchema) },
      },
    },
    async (request, reply) => {
      const viewer = await request.getViewer();
      const body = await app.listCache.remember(`latest:${viewer ? 'member' : 'guest'}`, () =>
        listLatestProducts(db, viewer),
      );
      return sendJsonText(reply, body);
    },
  );
};
