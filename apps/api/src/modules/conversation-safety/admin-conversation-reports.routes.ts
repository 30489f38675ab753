/**
 * The admins' conversation reports: the list, the reported thread read through its
 * report (never a conversation by its own id), and what they decide on each.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationReportSchema,
  conversationReportsQuerySchema,
  reportedThreadSchema,
} from '@laptops/shared/conversation-safety';
import { threadQuerySchema } from '@laptops/shared/conversations';
import { apiErrorSchema } from '@laptops/shared/errors';
import { idParamsSchema } from '@laptops/shared/ids';
import { modifiedCountSchema } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../auth/viewer.ts';
import {
  banFromMessaging,
  dismissConversationReport,
  liftMessagingBan,
} from './conversation-report-actions.ts';
import { listConversationReports, reportedThread } from './conversation-reports.service.ts';

const refusals = { 404: apiErrorSchema, 409: apiErrorSchema };

export const adminConversationReportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (
  app,
  { db },
) => {
  app.get(
    '/api/admin/conversation-reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Conversation reports (open by default; ?status=resolved), newest first, paged; the total is in X-Total-Count',
        querystring: conversationReportsQuerySchema,
        response: { 200: z.array(conversationReportSchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listConversationReports(db, request.query);
      reply.header('x-total-count', String(total));
      reply.header('cache-control', 'private, no-store');
      return rows;
    },
  );

  app.get(
    '/api/admin/conversation-reports/:id/thread',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'The reported conversation, read only, through its report: messages newest first (pass nextCursor as before)',
        params: idParamsSchema,
        querystring: threadQuerySchema,
        response: { 200: reportedThreadSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireViewer(request);
      reply.header('cache-control', 'private, no-store');
      return reportedThread(db, admin, request.params.id, request.query.before);
    },
  );

  app.put(
    '/api/admin/conversation-reports/:id/dismiss',
    {
      config: { access: 'admin', keepsLists: true },
      schema: {
        tags: ['admin'],
        summary: 'Resolve a conversation report and change nothing else',
        params: idParamsSchema,
        response: { 200: modifiedCountSchema, ...refusals },
      },
    },
    async (request) =>
      dismissConversationReport(db, await requireViewer(request), request.params.id),
  );

  app.put(
    '/api/admin/conversation-reports/:id/messaging-ban',
    {
      config: { access: 'admin', keepsLists: true },
      schema: {
        tags: ['admin'],
        summary:
          'Stop the reported person from sending messages anywhere, and resolve the open reports about them',
        params: idParamsSchema,
        response: { 200: modifiedCountSchema, ...refusals },
      },
    },
    async (request) => banFromMessaging(db, await requireViewer(request), request.params.id),
  );

  app.delete(
    '/api/admin/conversation-reports/:id/messaging-ban',
    {
      config: { access: 'admin', keepsLists: true },
      schema: {
        tags: ['admin'],
        summary: "Let the report's reported person send messages again",
        params: idParamsSchema,
        response: { 200: modifiedCountSchema, ...refusals },
      },
    },
    async (request) => liftMessagingBan(db, await requireViewer(request), request.params.id),
  );
};
