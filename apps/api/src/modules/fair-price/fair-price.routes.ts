import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { fairPriceAnswerSchema, fairPriceQuerySchema } from '@laptops/shared/fair-price';
import type { Db } from '../../db/client.ts';
import { createRateLimiter, enforceLimit, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { requireViewer } from '../auth/viewer.ts';
import { fairPriceRange } from './fair-price.service.ts';

/**
 * How many ranges a seller may ask for: the form asks once a pause in typing after each
 * change of brand, model, memory, storage or age, so pricing a laptop or two takes a
 * few dozen. The limit stops a script from walking every model to copy the catalogue's
 * prices, one aggregate at a time.
 */
export const FAIR_PRICE_LOOKUPS_PER_WINDOW = 120;
const WINDOW_MS = 10 * 60_000;
const tooMany = 'You have looked up many similar sales in a short time. Please wait a few minutes.';

/** GET /api/fair-price: what similar laptops sold for, for a seller pricing one. */
export const fairPriceRoutes: FastifyPluginAsyncZod<{
  db: Db;
  rateLimitStore: RateLimitStore;
}> = async (app, { db, rateLimitStore }) => {
  const lookupsPerSeller = createRateLimiter({
    store: rateLimitStore,
    name: 'fair-price-seller',
    max: FAIR_PRICE_LOOKUPS_PER_WINDOW,
    windowMs: WINDOW_MS,
  });

  app.get(
    '/api/fair-price',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['fair-price'],
        summary:
          'What similar laptops sold for here (brand, model family, memory, storage, age within a year): the middle half of the prices, the median and the number of sales; null below 5 sales',
        querystring: fairPriceQuerySchema,
        response: { 200: fairPriceAnswerSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await enforceLimit(lookupsPerSeller, viewer.id, reply, tooMany);
      // Nothing personal and nothing cached by others: it changes with every sale.
      void reply.header('cache-control', 'private, no-store');
      return { range: await fairPriceRange(db, request.query) };
    },
  );
};
