import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import {
  deletedCountSchema,
  insertResultSchema,
  modifiedCountSchema,
  myBuyerSchema,
  ownProductSchema,
  productIdQuerySchema,
  productEditSchema,
  productInputSchema,
} from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../auth/viewer.ts';
import { tellWith } from '../conversations/system-lines.ts';
import type { LiveSignal } from '../live/live-bus.ts';
import {
  addProduct,
  advertiseMyProduct,
  deleteMyProduct,
  editMyProduct,
  listMyBuyers,
  listMyProducts,
} from './my-products.service.ts';

/** The seller's side: post, list, advertise and delete own products; see own buyers. */
export const myProductsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** Tells buyers live that a withdrawal ended their booking (modules/live). */
  publish(signal: LiveSignal): Promise<void>;
}> = async (app, { db, publish }) => {
  const tell = tellWith(publish, app.log);
  // The original calls send ?email=; whose data it is comes from the session instead.
  const ignoredEmail = z.object({ email: z.string().optional() });

  app.post(
    '/api/products',
    {
      config: { access: 'seller' },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['products'],
        summary: 'Post a product for the signed-in seller',
        body: productInputSchema,
        response: { 201: insertResultSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const id = await addProduct(db, await requireViewer(request), request.body);
      return reply.status(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.get(
    '/api/myProducts',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['products'],
        summary: "The signed-in seller's products, with the mobile number each was listed with",
        querystring: ignoredEmail,
        response: { 200: z.array(ownProductSchema) },
      },
    },
    async (request) => listMyProducts(db, await requireViewer(request)),
  );

  app.put(
    '/api/myProducts',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['products'],
        summary: "Advertise one of the signed-in seller's available products",
        querystring: productIdQuerySchema,
        response: { 200: modifiedCountSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => advertiseMyProduct(db, (await requireViewer(request)).id, request.query.id),
  );

  app.patch(
    '/api/myProducts/:id',
    {
      config: { access: 'seller' },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['products'],
        summary: "Edit one of the signed-in seller's unsold products: any field, the photos",
        params: productIdQuerySchema,
        body: productEditSchema,
        response: {
          200: modifiedCountSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      editMyProduct(db, (await requireViewer(request)).id, request.params.id, request.body),
  );

  app.delete(
    '/api/myProducts',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['products'],
        summary:
          "Delete one of the signed-in seller's unsold products (withdrawn if it has bookings)",
        querystring: productIdQuerySchema,
        response: { 200: deletedCountSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      deleteMyProduct({ db, tell }, (await requireViewer(request)).id, request.query.id),
  );

  app.get(
    '/api/myBuyers',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['products'],
        summary: "Bookings of the signed-in seller's products",
        querystring: ignoredEmail,
        response: { 200: z.array(myBuyerSchema) },
      },
    },
    async (request) => listMyBuyers(db, (await requireViewer(request)).id),
  );
};
