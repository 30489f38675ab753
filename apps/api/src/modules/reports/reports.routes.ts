import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { reportsQuerySchema } from '@laptops/shared/admin';
import { idParamsSchema } from '@laptops/shared/ids';
import {
  deletedCountSchema,
  insertResultSchema,
  modifiedCountSchema,
} from '@laptops/shared/products';
import { reportInputSchema, reportSchema } from '@laptops/shared/reports';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../auth/viewer.ts';
import { tellWith } from '../conversations/system-lines.ts';
import type { LiveSignal } from '../live/live-bus.ts';
import {
  dismissReport,
  listReports,
  removeReportedProduct,
  reportProduct,
} from './reports.service.ts';

export const reportsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** Tells buyers live that a removal ended their booking (modules/live). */
  publish(signal: LiveSignal): Promise<void>;
}> = async (app, { db, publish }) => {
  const tell = tellWith(publish, app.log);
  app.post(
    '/api/reports',
    {
      // Only an admin's decision on the report changes what is listed.
      config: { access: 'signed-in', keepsLists: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['reports'],
        summary:
          "Report a laptop to the admins with a reason (the reporter is the signed-in user; never the laptop's seller)",
        body: reportInputSchema,
        response: {
          201: insertResultSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const id = await reportProduct(db, viewer.id, request.body);
      return reply.status(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.get(
    '/api/reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['reports'],
        summary:
          'Reports (open by default; ?status=resolved) with the laptop, its seller and the reporter, paged; the total is in X-Total-Count',
        querystring: reportsQuerySchema,
        response: { 200: z.array(reportSchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listReports(db, request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.put(
    '/api/reports/:id/dismiss',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['reports'],
        summary: 'Resolve a report and keep the product',
        params: idParamsSchema,
        response: { 200: modifiedCountSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => dismissReport(db, await requireViewer(request), request.params.id),
  );

  app.delete(
    '/api/reports/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['reports'],
        summary: 'Remove the reported product from the marketplace and resolve its reports',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      removeReportedProduct({ db, tell }, await requireViewer(request), request.params.id),
  );
};
