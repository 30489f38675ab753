import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { idParamsSchema } from '@laptops/shared/ids';
import { bookingInputSchema, orderSchema } from '@laptops/shared/orders';
import { deletedCountSchema, insertResultSchema } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { requireViewer } from '../../plugins/auth.ts';
import { bookProduct, cancelMyOrder, getMyOrder, listMyOrders } from './orders.service.ts';

export const ordersRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer }> = async (
  app,
  { db, mailer },
) => {
  app.post(
    '/api/myOrders',
    {
      config: { access: 'buyer' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['orders'],
        summary: 'Book a laptop (buyer, price and product details come from the server)',
        body: bookingInputSchema,
        response: { 201: insertResultSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const id = await bookProduct({ db, mailer }, await requireViewer(request), request.body);
      return reply.status(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.get(
    '/api/myOrders',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['orders'],
        summary: "The signed-in buyer's orders",
        querystring: z.object({ email: z.string().optional() }),
        response: { 200: z.array(orderSchema) },
      },
    },
    async (request) => listMyOrders(db, (await requireViewer(request)).id),
  );

  app.get(
    '/api/myOrders/:id',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['orders'],
        summary: "One of the signed-in buyer's orders",
        params: idParamsSchema,
        response: { 200: orderSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getMyOrder(db, (await requireViewer(request)).id, request.params.id),
  );

  app.delete(
    '/api/myOrders/:id',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid booking',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => cancelMyOrder(db, (await requireViewer(request)).id, request.params.id),
  );
};
