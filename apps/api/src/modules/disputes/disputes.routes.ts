/**
 * Disputes: the buyer opens one about a paid deal before its money is released; the
 * admins list them, read each with its deal and thread, and settle it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  disputeDetailsSchema,
  disputeSummarySchema,
  disputeThreadSchema,
  disputesQuerySchema,
  openDisputeInputSchema,
  settleDisputeInputSchema,
} from '@laptops/shared/disputes';
import { threadQuerySchema } from '@laptops/shared/conversations';
import { apiErrorSchema } from '@laptops/shared/errors';
import { idParamsSchema } from '@laptops/shared/ids';
import { orderDetailsSchema } from '@laptops/shared/orders';
import { createRateLimiter, enforceLimit, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { requireViewer } from '../auth/viewer.ts';
import type { DealDeps } from '../deals/deal-actions.ts';
import { getOrderDetails } from '../orders/order-details.service.ts';
import { disputeDetails, disputeThread, listDisputes } from './dispute-console.ts';
import { openDispute } from './open-dispute.ts';
import { settleDispute } from './settle-dispute.ts';

const refusals = { 404: apiErrorSchema, 409: apiErrorSchema };

export const disputesRoutes: FastifyPluginAsyncZod<{
  deps: DealDeps;
  rateLimitStore: RateLimitStore;
}> = async (app, { deps, rateLimitStore }) => {
  // One dispute per deal; this only slows someone trying again and again.
  const openings = createRateLimiter({
    store: rateLimitStore,
    name: 'open-dispute',
    max: 10,
    windowMs: 60 * 60_000,
  });

  app.post(
    '/api/orders/:id/dispute',
    {
      config: { access: 'buyer', keepsLists: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['disputes'],
        summary:
          'The buyer opens a dispute about a paid deal before the money is released: it stays held',
        params: idParamsSchema,
        body: openDisputeInputSchema,
        response: {
          201: orderDetailsSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const buyer = await requireViewer(request);
      await enforceLimit(
        openings,
        buyer.id,
        reply,
        'You have tried to open disputes many times. Please try again in an hour.',
      );
      await openDispute(deps, buyer.id, request.params.id, request.body);
      reply.code(201);
      return getOrderDetails(deps.db, buyer, request.params.id);
    },
  );

  app.get(
    '/api/admin/disputes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'disputes'],
        summary:
          'Disputes: open ones first (the longest waiting first), then settled ones; ?status=open|settled; the total is in X-Total-Count',
        querystring: disputesQuerySchema,
        response: { 200: z.array(disputeSummarySchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listDisputes(deps.db, request.query);
      reply.header('x-total-count', String(total));
      reply.header('cache-control', 'private, no-store');
      return rows;
    },
  );

  app.get(
    '/api/admin/disputes/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'disputes'],
        summary: 'One dispute with its deal: laptop, people, money, timeline, evidence',
        params: idParamsSchema,
        response: { 200: disputeDetailsSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return disputeDetails(deps.db, request.params.id);
    },
  );

  app.get(
    '/api/admin/disputes/:id/thread',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'disputes'],
        summary:
          "The disputed deal's conversation, read only, through its dispute: newest first (pass nextCursor as before)",
        params: idParamsSchema,
        querystring: threadQuerySchema,
        response: { 200: disputeThreadSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireViewer(request);
      reply.header('cache-control', 'private, no-store');
      return disputeThread(deps.db, admin, request.params.id, request.query.before);
    },
  );

  app.post(
    '/api/admin/disputes/:id/settle',
    {
      config: { access: 'admin', keepsLists: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['admin', 'disputes'],
        summary:
          'Settle an open dispute: refund in full, refund in part (the rest to the seller), or release to the seller',
        params: idParamsSchema,
        body: settleDisputeInputSchema,
        response: { 200: disputeDetailsSchema, 422: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      const admin = await requireViewer(request);
      await settleDispute(deps, admin, request.params.id, request.body);
      return disputeDetails(deps.db, request.params.id);
    },
  );
};
