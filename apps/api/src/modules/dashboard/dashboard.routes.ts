import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardOverviewSchema } from '@laptops/shared/dashboard';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../auth/viewer.ts';
import { dashboardOverview } from './overview.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/dashboard',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary:
          "The dashboard's first page for the signed-in person's role: a buyer's orders and next step, a seller's laptops, deals and money, an admin's queues",
        response: { 200: dashboardOverviewSchema },
      },
    },
    async (request, reply) => {
      // One person's orders and money: never kept by a browser or a proxy.
      reply.header('cache-control', 'private, no-store');
      return dashboardOverview(db, await requireViewer(request));
    },
  );
};
