import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyReportQuerySchema, moneyReportSchema } from '@laptops/shared/money-report';
import type { Db } from '../../db/client.ts';
import { moneyReport } from './money-report.ts';

/** The admins' Money page: the ledger's totals and series over time. */
export const moneyReportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/money',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Sales, fees, held, refunded and paid out over the last 30, 90 or 365 days, by day or week (UTC)',
        querystring: moneyReportQuerySchema,
        response: { 200: moneyReportSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return moneyReport(db, request.query);
    },
  );
};
