/**
 * Buyers and sellers talk about a laptop: start (or reopen) a conversation, the inbox,
 * a thread, send, read. Every route is for signed-in people, and a conversation only
 * for its two people.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationSummarySchema,
  messageInputSchema,
  messageSchema,
  startConversationSchema,
  startedConversationSchema,
  threadQuerySchema,
  threadSchema,
} from '@laptops/shared/conversations';
import { apiErrorSchema } from '@laptops/shared/errors';
import { unreadCountSchema } from '@laptops/shared/live';
import { idParamsSchema } from '@laptops/shared/ids';
import type { Db } from '../../db/client.ts';
import { createRateLimiter, enforceLimit, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { requireViewer } from '../auth/viewer.ts';
import type { JobSender } from '../jobs/job-queue.ts';
import type { LiveSignal } from '../live/live-bus.ts';
import { queueAwayEmail } from './away-emails.ts';
import {
  getThread,
  listConversations,
  markRead,
  sendMessage,
  startConversation,
  unreadCount,
} from './conversations.service.ts';

/** Messages per thread per minute, whoever writes them: a flood in one thread stops. */
const MESSAGES_PER_THREAD_MINUTE = 20;

export const conversationsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  rateLimitStore: RateLimitStore;
  messagesPerSender: number;
  /** Tells every instance's event streams (modules/live). */
  publish(signal: LiveSignal): Promise<void>;
  /** Emails a message left unread this long (away-emails.ts); none: the job queue is off. */
  awayEmails?: { sender: JobSender; delayMs: number };
}> = async (app, { db, rateLimitStore, messagesPerSender, publish, awayEmails }) => {
  // The message is stored either way; a lost signal only delays it until the next load.
  const tell = (signal: LiveSignal) =>
    publish(signal).catch((error: unknown) => {
      app.log.warn({ err: error }, 'live: a signal could not be published');
    });
  const perSender = createRateLimiter({
    store: rateLimitStore,
    name: 'messages-sender',
    max: messagesPerSender,
    windowMs: 10 * 60_000,
  });
  const perThread = createRateLimiter({
    store: rateLimitStore,
    name: 'messages-thread',
    max: MESSAGES_PER_THREAD_MINUTE,
    windowMs: 60_000,
  });
  const tooMany = 'You have sent many messages in a short time. Please wait a moment.';

  app.post(
    '/api/conversations',
    {
      // A conversation changes no list the catalogue shows.
      config: { access: 'signed-in', keepsLists: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['conversations'],
        summary:
          "Ask a laptop's seller: the signed-in user's conversation about it, started if there is none (201) or as it is (200)",
        body: startConversationSchema,
        response: {
          200: startedConversationSchema,
          201: startedConversationSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { id, started } = await startConversation(db, viewer, request.body.productId);
      return reply.status(started ? 201 : 200).send({ conversationId: id });
    },
  );

  app.get(
    '/api/conversations',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['conversations'],
        summary: "The signed-in user's conversations, latest message first, with unread counts",
        response: { 200: z.array(conversationSummarySchema) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header('cache-control', 'private, no-store');
      return listConversations(db, viewer);
    },
  );

  app.get(
    '/api/conversations/unread',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['conversations'],
        summary: 'How many messages the signed-in user has not read, in all their conversations',
        response: { 200: unreadCountSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header('cache-control', 'private, no-store');
      return { count: await unreadCount(db, viewer) };
    },
  );

  app.get(
    '/api/conversations/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['conversations'],
        summary:
          'A conversation of the signed-in user: its laptop, the other person, messages newest first (pass nextCursor as before)',
        params: idParamsSchema,
        querystring: threadQuerySchema,
        response: { 200: threadSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header('cache-control', 'private, no-store');
      return getThread(db, viewer, request.params.id, request.query.before);
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      config: { access: 'signed-in', keepsLists: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['conversations'],
        summary: 'Send a message in a conversation of the signed-in user',
        params: idParamsSchema,
        body: messageInputSchema,
        response: {
          201: messageSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await enforceLimit(perSender, viewer.id, reply, tooMany);
      await enforceLimit(perThread, request.params.id, reply, tooMany);
      const { message, people } = await sendMessage(db, viewer, request.params.id, request.body);
      await tell({
        kind: 'message',
        conversationId: request.params.id,
        messageId: message._id,
        userIds: people,
      });
      const recipientId = people.find((id) => id !== viewer.id);
      if (awayEmails && recipientId) {
        // The message is stored either way; without the job the recipient is not emailed.
        await queueAwayEmail(awayEmails.sender, awayEmails.delayMs, {
          conversationId: request.params.id,
          recipientId,
        }).catch((error: unknown) => {
          request.log.warn({ err: error }, 'message email: the check could not be queued');
        });
      }
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      config: { access: 'signed-in', keepsLists: true },
      schema: {
        tags: ['conversations'],
        summary: 'The signed-in user has read the conversation up to now',
        params: idParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await markRead(db, viewer, request.params.id);
      await tell({ kind: 'read', conversationId: request.params.id, userIds: [viewer.id] });
      return reply.status(204).send(null);
    },
  );
};
