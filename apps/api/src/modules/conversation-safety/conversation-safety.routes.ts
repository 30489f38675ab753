/**
 * What a person can do about someone in their conversations: block them (every
 * conversation between the two closes), see whom they blocked and unblock, and report
 * a conversation to the admins. All for signed-in people, about their own conversations.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockedPersonSchema,
  conversationReportCreatedSchema,
  conversationReportInputSchema,
} from '@laptops/shared/conversation-safety';
import { apiErrorSchema } from '@laptops/shared/errors';
import { idParamsSchema } from '@laptops/shared/ids';
import type { Db } from '../../db/client.ts';
import { createRateLimiter, enforceLimit, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { requireViewer } from '../auth/viewer.ts';
import {
  blockInConversation,
  listBlocked,
  unblock,
  unblockInConversation,
} from './blocks.service.ts';
import { reportConversation } from './conversation-reports.service.ts';

/** Conversation reports one person may send an hour: enough for real trouble, not a flood. */
export const CONVERSATION_REPORTS_PER_HOUR = 10;

export const conversationSafetyRoutes: FastifyPluginAsyncZod<{
  db: Db;
  rateLimitStore: RateLimitStore;
}> = async (app, { db, rateLimitStore }) => {
  const reportsPerReporter = createRateLimiter({
    store: rateLimitStore,
    name: 'conversation-reports',
    max: CONVERSATION_REPORTS_PER_HOUR,
    windowMs: 60 * 60_000,
  });

  app.post(
    '/api/conversations/:id/block',
    {
      config: { access: 'signed-in', keepsLists: true },
      schema: {
        tags: ['conversations'],
        summary:
          'Block the other person of a conversation of the signed-in user: no messages either way in any conversation of theirs (201; 200 if already blocked)',
        params: idParamsSchema,
        response: { 200: blockedPersonSchema, 201: blockedPersonSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { person, created } = await blockInConversation(db, viewer, request.params.id);
      return reply.status(created ? 201 : 200).send(person);
    },
  );

  app.delete(
    '/api/conversations/:id/block',
    {
      config: { access: 'signed-in', keepsLists: true },
      schema: {
        tags: ['conversations'],
        summary: 'Unblock the other person of a conversation of the signed-in user',
        params: idParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await unblockInConversation(db, await requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/blocks',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['conversations'],
        summary: 'The people the signed-in user blocked, the latest first',
        response: { 200: z.array(blockedPersonSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listBlocked(db, await requireViewer(request));
    },
  );

  app.delete(
    '/api/blocks/:id',
    {
      config: { access: 'signed-in', keepsLists: true },
      schema: {
        tags: ['conversations'],
        summary: 'End one of the signed-in user\u2019s blocks (its id from GET /api/blocks)',
        params: idParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await unblock(db, await requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/conversations/:id/reports',
    {
      config: { access: 'signed-in', keepsLists: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['conversations'],
        summary:
          'Report a conversation of the signed-in user to the admins, about the other person in it, with a reason',
        params: idParamsSchema,
        body: conversationReportInputSchema,
        response: {
          201: conversationReportCreatedSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await enforceLimit(
        reportsPerReporter,
        viewer.id,
        reply,
        'You have sent many reports in a short time. Please wait a while before sending another.',
      );
      const reportId = await reportConversation(db, viewer, request.params.id, request.body);
      return reply.status(201).send({ reportId });
    },
  );
};
