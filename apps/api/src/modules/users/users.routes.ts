import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleCheckSchemas } from '@laptops/shared/auth';
import { hasNoNul, nulMessage } from '@laptops/shared/fields';
import { apiErrorSchema } from '@laptops/shared/errors';
import { settingsInputSchema, settingsSchema } from '@laptops/shared/settings';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../auth/viewer.ts';
import { getSettings, roleOfAccount, updateSettings } from './users.service.ts';

/**
 * The original role lookups: GET /api/users/{admin|buyer|seller}/:email, answering
 * isAdmin, isBuyer or isSeller. A user may ask about their own email; an admin about
 * anyone's. And each person's settings (emails about unread messages).
 */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const roles = [
    ['admin', 'isAdmin'],
    ['buyer', 'isBuyer'],
    ['seller', 'isSeller'],
  ] as const;

  for (const [role, key] of roles) {
    app.get(
      `/api/users/${role}/:email`,
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['users'],
          summary: `Whether the user with this email is a ${role}`,
          params: z.object({
            email: z.string().min(1).max(254).refine(hasNoNul, nulMessage),
          }),
          response: { 200: roleCheckSchemas[role], 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const typeOfUser = await roleOfAccount(
          db,
          await requireViewer(request),
          request.params.email,
        );
        return { [key]: typeOfUser === role } as { isAdmin: boolean } & {
          isBuyer: boolean;
        } & { isSeller: boolean };
      },
    );
  }

  app.get(
    '/api/settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: "The signed-in user's settings: whether unread messages are emailed",
        response: { 200: settingsSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header('cache-control', 'private, no-store');
      return getSettings(db, viewer.id);
    },
  );

  app.patch(
    '/api/settings',
    {
      // A person's settings change no list the catalogue shows.
      config: { access: 'signed-in', keepsLists: true },
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['users'],
        summary: "Change the signed-in user's settings",
        body: settingsInputSchema,
        response: { 200: settingsSchema, 404: apiErrorSchema },
      },
    },
    async (request) => updateSettings(db, (await requireViewer(request)).id, request.body),
  );
};
