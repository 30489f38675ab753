import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@laptops/shared/health';
import { apiErrorSchema } from '@laptops/shared/errors';
import { isDatabaseReachable, type Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Answers ok once the database is reachable',
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async () => {
      if (!(await isDatabaseReachable(db))) {
        throw new HttpError(
          503,
          'DATABASE_UNAVAILABLE',
          'The marketplace cannot reach its database right now. Please try again shortly.',
        );
      }
      return { status: 'ok' as const };
    },
  );
};
