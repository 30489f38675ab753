import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema, categoryWithProductsSchema } from '@laptops/shared/categories';
import { idParamsSchema } from '@laptops/shared/ids';
import type { Db } from '../../db/client.ts';
import { getCategoryWithProducts, listCategories } from './categories.service.ts';

export const categoriesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/categories',
    {
      config: { access: 'public', revalidate: true },
      schema: {
        tags: ['categories'],
        summary: 'All product categories',
        response: { 200: z.array(categorySchema) },
      },
    },
    async () => listCategories(db),
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
    async (request) => getCategoryWithProducts(db, request.params.id, await request.getViewer()),
  );
};
