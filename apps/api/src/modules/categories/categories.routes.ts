import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema, categoryWithProductsSchema } from '@laptops/shared/categories';
import { idParamsSchema } from '@laptops/shared/ids';
import type { Db } from '../../db/client.ts';
import { sendJsonText } from '../../plugins/list-cache.ts';
import { getCategoryWithProducts, listCategories } from './categories.service.ts';

export const categoriesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/categories',
    {
      config: { access: 'public', revalidate: true, frontCache: true },
      compress: false,
      schema: {
        tags: ['categories'],
        summary: 'All product categories',
        response: { 200: z.array(categorySchema) },
      },
    },
    // The web app asks for it on every page. Made per request, its query (and, on the
    // embedded database, PostgreSQL itself, run on the server's one thread) held the
    // answer to about 700 a second, 2% of what node:http sends; kept like Home's lists,
    // it costs what sending them does. The same for everyone: no viewer in the key.
    async (_request, reply) =>
      sendJsonText(reply, await app.listCache.remember('categories', () => listCategories(db))),
  );

  app.get(
    '/api/category/:id',
    {
      config: { access: 'public', revalidate: true },
      schema: {
        tags: ['categories'],
        summary: 'One category: its name and its products',
        params: idParamsSchema,
        response: { 200: categoryWithProductsSchema },
      },
    },
    async (request) => getCategoryWithProducts(db, request.params.id),
  );
};
