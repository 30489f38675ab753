import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import {
  deletedCountSchema,
  insertResultSchema,
  modifiedCountSchema,
  myBuyerSchema,
  productIdQuerySchema,
  productEditSchema,
  productInputSchema,
} from '@laptops/shared/products';
import { ownProductSchema } from '@laptops/shared/own-products';
import { serialMessages } from '@laptops/shared/serial-checks';
import type { Db } from '../../db/client.ts';
import { createRateLimiter, enforceLimit, type RateLimitStore } from '../../lib/rate-limiter.ts';
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
  /** Told after an edit lowered a laptop's price (its savers are emailed: modules/favourites). */
  onPriceLowered?: (productId: string) => Promise<unknown>;
  /** A listing was just posted: saved searches are matched against it (modules/saved-searches). */
  onPublished?(productId: string): Promise<void>;
  /** Checks the hardware report tokens a listing is saved with (report-token.ts). */
  secret: string;
  /** Keys the serial numbers' hashes (modules/serial-checks). */
  serialSecret: string;
  rateLimitStore: RateLimitStore;
  /** Listings one seller may save with a serial number per hour. */
  serialChecksPerSeller: number;
}> = async (app, options) => {
  const { db, publish, onPriceLowered, onPublished } = options;
  const secrets = { reportSecret: options.secret, serialSecret: options.serialSecret };
  const tell = tellWith(publish, app.log);
  // Saving a serial answers whether it is reported stolen: limited per seller, so that
  // an account cannot be used to test many serials (decision 0045).
  const serialChecks = createRateLimiter({
    store: options.rateLimitStore,
    name: 'serial-checks-seller',
    max: options.serialChecksPerSeller,
    windowMs: 60 * 60_000,
  });
  const checkSerialLimit = async (sellerId: string, serial: unknown, reply: FastifyReply) => {
    if (typeof serial === 'string')
      await enforceLimit(serialChecks, sellerId, reply, serialMessages.tooManyChecks);
  };
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
        response: {
          201: insertResultSchema,
          400: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await checkSerialLimit(viewer.id, request.body.serialNumber, reply);
      const id = await addProduct(db, viewer, request.body, secrets);
      // Posted either way: a queue that is away costs the alerts, not the listing.
      await onPublished?.(id).catch((error: unknown) =>
        request.log.warn({ err: error, productId: id }, 'saved search matching not queued'),
      );
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
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await checkSerialLimit(viewer.id, request.body.serialNumber, reply);
      const { modifiedCount, priceLowered } = await editMyProduct(
        db,
        viewer.id,
        request.params.id,
        request.body,
        secrets,
      );
      if (priceLowered && onPriceLowered) {
        // The edit is saved either way; without the job its savers are not emailed.
        await onPriceLowered(request.params.id).catch((error: unknown) => {
          request.log.warn({ err: error }, 'saved laptop news could not be queued');
        });
      }
      return { modifiedCount };
    },
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
