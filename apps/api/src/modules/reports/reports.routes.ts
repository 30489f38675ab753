import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { insertResultSchema } from '@laptops/shared/products';
import { reportInputSchema, reportSchema } from '@laptops/shared/reports';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../../plugins/auth.ts';
import { listOpenReports, reportProduct } from './reports.service.ts';

export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/reports',
    {
      config: { access: 'signed-in' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['reports'],
        summary: 'Report a product to the admins (the reporter is the signed-in user)',
        body: reportInputSchema,
        response: { 201: insertResultSchema, 404: apiErrorSchema },
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
        summary: 'Open reports',
        response: { 200: z.array(reportSchema) },
      },
    },
    async () => listOpenReports(db),
  );
};
