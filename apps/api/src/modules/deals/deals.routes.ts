import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dealTermsSchema, handoverInputSchema } from '@laptops/shared/deals';
import { apiErrorSchema } from '@laptops/shared/errors';
import { idParamsSchema } from '@laptops/shared/ids';
import { orderDetailsSchema } from '@laptops/shared/orders';
import { createRateLimiter, enforceLimit, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { requireViewer } from '../auth/viewer.ts';
import { getOrderDetails } from '../orders/order-details.service.ts';
import { confirmReceived, enterHandoverCode, sellerCancel, type DealDeps } from './deal-actions.ts';
import type { DealTerms } from './deal-terms.ts';

const actionErrors = { 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * A paid deal's handover: the seller enters the buyer's code, or the buyer confirms they
 * have the laptop (either releases the held money), or the seller cancels before it
 * (the buyer is refunded). Each answers with the order page as it now stands.
 */
export const dealsRoutes: FastifyPluginAsyncZod<{
  deps: DealDeps;
  terms: DealTerms;
  rateLimitStore: RateLimitStore;
}> = async (app, { deps, terms, rateLimitStore }) => {
  // Six digits are a million guesses: a few tries per deal, then a pause.
  const codeTries = createRateLimiter({
    store: rateLimitStore,
    name: 'handover-code',
    max: 5,
    windowMs: 15 * 60_000,
  });

  app.get(
    '/api/deal-terms',
    {
      config: { access: 'public' },
      schema: {
        tags: ['deals'],
        summary: "The platform's fee and when held money is released",
        response: { 200: dealTermsSchema },
      },
    },
    async () => ({
      feePercent: terms.feeBps / 100,
      releaseAfterHours: terms.releaseAfterMs / 3_600_000,
    }),
  );

  app.post(
    '/api/orders/:id/handover',
    {
      config: { access: 'seller' },
      bodyLimit: 1024,
      schema: {
        tags: ['deals'],
        summary: "The seller enters the buyer's handover code: the money is released",
        params: idParamsSchema,
        body: handoverInputSchema,
        response: {
          200: orderDetailsSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          ...actionErrors,
        },
      },
    },
    async (request, reply) => {
      const seller = await requireViewer(request);
      await enforceLimit(
        codeTries,
        `${seller.id}:${request.params.id}`,
        reply,
        'Too many wrong codes. Please try again in 15 minutes, or ask the buyer to confirm on their order page.',
      );
      await enterHandoverCode(deps, seller.id, request.params.id, request.body.code);
      return getOrderDetails(deps.db, seller, request.params.id);
    },
  );

  app.post(
    '/api/orders/:id/received',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['deals'],
        summary: 'The buyer says they have the laptop: the money is released',
        params: idParamsSchema,
        response: { 200: orderDetailsSchema, ...actionErrors },
      },
    },
    async (request) => {
      const buyer = await requireViewer(request);
      await confirmReceived(deps, buyer.id, request.params.id);
      return getOrderDetails(deps.db, buyer, request.params.id);
    },
  );

  app.post(
    '/api/orders/:id/seller-cancel',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['deals'],
        summary: 'The seller cancels a paid deal before the handover: a full refund',
        params: idParamsSchema,
        response: { 200: orderDetailsSchema, ...actionErrors },
      },
    },
    async (request) => {
      const seller = await requireViewer(request);
      await sellerCancel(deps, seller.id, request.params.id);
      return getOrderDetails(deps.db, seller, request.params.id);
    },
  );
};
