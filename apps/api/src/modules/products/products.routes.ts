import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { productDetailsSchema } from '@laptops/shared/product-details';
import { productSchema } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import { sendJsonText } from '../../plugins/list-cache.ts';
import { getProductDetails } from './product-page.service.ts';
import { listAdvertisedProducts, listLatestProducts } from './products.service.ts';

export const productsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/advertiseProducts',
    {
      config: { access: 'public', revalidate: true, frontCache: true },
      compress: false,
      schema: {
        tags: ['products'],
        summary: "Home 'Advertised Items': advertised products that are not sold",
        response: { 200: z.array(productSchema) },
      },
    },
    async (_request, reply) => {
      // The same for every visitor, signed in or not: one cached answer for all.
      const body = await app.listCache.remember('advertised', () => listAdvertisedProducts(db));
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/api/latestProducts',
    {
      config: { access: 'public', revalidate: true, frontCache: true },
      compress: false,
      schema: {
        tags: ['products'],
        summary: "Home 'Latest Items': the newest available products",
        response: { 200: z.array(productSchema) },
      },
    },
    async (_request, reply) => {
      const body = await app.listCache.remember('latest', () => listLatestProducts(db));
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/api/products/:id',
    {
      config: { access: 'public', revalidate: true },
      schema: {
        tags: ['products'],
        summary: "A laptop's page: every spec and photo, and its seller (410 once withdrawn)",
        params: z.object({ id: z.uuid({ message: 'Not a valid id' }) }),
        response: { 200: productDetailsSchema, 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.getViewer();
      // What the signed-in see depends on who they are (their booking, their listing).
      if (viewer) return getProductDetails(db, request.params.id, viewer);
      const body = await app.listCache.remember(`product:${request.params.id}`, () =>
        getProductDetails(db, request.params.id, null),
      );
      return sendJsonText(reply, body);
    },
  );
};
