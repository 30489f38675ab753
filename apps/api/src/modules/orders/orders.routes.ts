import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { idParamsSchema } from '@laptops/shared/ids';
import { bookingInputSchema, orderDetailsSchema, orderSchema } from '@laptops/shared/orders';
import { deletedCountSchema, insertResultSchema } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createRateLimiter, enforceLimit, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { requireViewer } from '../auth/viewer.ts';
import type { LiveSignal } from '../live/live-bus.ts';
import { tellWith } from '../conversations/system-lines.ts';
import { getOrderDetails } from './order-details.service.ts';
import { bookProduct, cancelMyOrder, getMyOrder, listMyOrders } from './orders.service.ts';

export const ordersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  rateLimitStore: RateLimitStore;
  bookingsPerBuyer: number;
  /** Tells every instance's event streams of the lines a booking writes (modules/live). */
  publish(signal: LiveSignal): Promise<void>;
  /** Told after a laptop was booked (its savers hear it may be sold soon: modules/favourites). */
  onBooked?: (productId: string) => Promise<unknown>;
}> = async (
  app,
  { db, mailer, publicUrl, rateLimitStore, bookingsPerBuyer, publish, onBooked },
) => {
  const tell = tellWith(publish, app.log);
  // A booking mails the seller and may hold the laptop's line: one buyer cannot book and
  // cancel in a loop (a probe sent a seller 100 mails in 4 seconds).
  const perBuyer = createRateLimiter({
    store: rateLimitStore,
    name: 'bookings-buyer',
    max: bookingsPerBuyer,
    windowMs: 60 * 60_000,
  });
  const limitBuyer = (buyerId: string, reply: FastifyReply) =>
    enforceLimit(
      perBuyer,
      buyerId,
      reply,
      'You have booked and cancelled many times in the last hour. Please try again later.',
    );

  app.post(
    '/api/myOrders',
    {
      config: { access: 'buyer' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['orders'],
        summary: 'Book a laptop (buyer, price and product details come from the server)',
        body: bookingInputSchema,
        response: {
          201: insertResultSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const buyer = await requireViewer(request);
      await limitBuyer(buyer.id, reply);
      const id = await bookProduct({ db, mailer, publicUrl, tell }, buyer, request.body);
      if (onBooked) {
        // The booking stands either way; without the job the laptop's savers are not told.
        await onBooked(request.body.productId).catch((error: unknown) => {
          request.log.warn({ err: error }, 'saved laptop news could not be queued');
        });
      }
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

  app.get(
    '/api/orders/:id',
    {
      // Its buyer or the laptop's seller; the service answers 404 to anyone else.
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'One booking, as its buyer or the seller sees it (the order page)',
        params: idParamsSchema,
        response: { 200: orderDetailsSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getOrderDetails(db, await requireViewer(request), request.params.id),
  );

  app.delete(
    '/api/myOrders/:id',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid booking',
        params: idParamsSchema,
        response: {
          200: deletedCountSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const buyer = await requireViewer(request);
      await limitBuyer(buyer.id, reply);
      return cancelMyOrder({ db, tell }, buyer.id, request.params.id);
    },
  );
};
