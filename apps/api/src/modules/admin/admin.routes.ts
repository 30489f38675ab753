import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminActivitySchema,
  adminUserSchema,
  emailQuerySchema,
  listQuerySchema,
} from '@laptops/shared/admin';
import { apiErrorSchema } from '@laptops/shared/errors';
import { deletedCountSchema, modifiedCountSchema } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import type { UserType } from '../../db/schema/users.ts';
import { requireViewer } from '../auth/viewer.ts';
import { tellWith } from '../conversations/system-lines.ts';
import type { LiveSignal } from '../live/live-bus.ts';
import { deleteUser, listActivity, listUsers, makeAdmin, verifySeller } from './admin.service.ts';

const refusals = { 404: apiErrorSchema, 409: apiErrorSchema };

/** The original admin calls, with paging and search added for large marketplaces. */
export const adminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** Tells people live of the bookings a deletion ended (modules/live). */
  publish(signal: LiveSignal): Promise<void>;
}> = async (app, { db, publish }) => {
  const tell = tellWith(publish, app.log);
  const lists: [string, UserType[], string][] = [
    ['/api/allSellers', ['seller'], 'Sellers'],
    ['/api/allBuyers', ['buyer'], 'Buyers'],
    ['/api/allUsers', ['buyer', 'seller', 'admin'], 'All users'],
  ];
  for (const [url, roles, summary] of lists) {
    app.get(
      url,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: `${summary}, paged (?page=&limit=&q= by name or email); the total is in X-Total-Count`,
          querystring: listQuerySchema,
          response: { 200: z.array(adminUserSchema) },
        },
      },
      async (request, reply) => {
        const { rows, total } = await listUsers(db, roles, request.query);
        reply.header('x-total-count', String(total));
        return rows;
      },
    );
  }

  app.put(
    '/api/verifySeller',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Verify a seller',
        querystring: emailQuerySchema,
        response: { 200: modifiedCountSchema, ...refusals },
      },
    },
    async (request) => {
      const { modifiedCount } = await verifySeller(
        db,
        await requireViewer(request),
        request.query.email,
      );
      return { modifiedCount };
    },
  );

  app.put(
    '/api/makeAdmin',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Make a user an admin',
        querystring: emailQuerySchema,
        response: { 200: modifiedCountSchema, ...refusals },
      },
    },
    async (request) => {
      const { modifiedCount } = await makeAdmin(
        db,
        await requireViewer(request),
        request.query.email,
      );
      return { modifiedCount };
    },
  );

  const deletions: [
    string,
    UserType[] | undefined,
    'delete-seller' | 'delete-buyer' | 'delete-user',
    string,
  ][] = [
    ['/api/deleteSeller', ['seller'], 'delete-seller', 'Delete a seller (soft delete)'],
    ['/api/allBuyers', ['buyer'], 'delete-buyer', 'Delete a buyer (soft delete)'],
    [
      '/api/deleteUser',
      undefined,
      'delete-user',
      'Delete any user (soft delete; not yourself, not the last admin)',
    ],
  ];
  for (const [url, roles, action, summary] of deletions) {
    app.delete(
      url,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary,
          querystring: emailQuerySchema,
          response: { 200: deletedCountSchema, ...refusals },
        },
      },
      async (request) => {
        const { deletedCount } = await deleteUser(
          { db, tell },
          await requireViewer(request),
          request.query.email,
          roles,
          action,
        );
        return { deletedCount };
      },
    );
  }

  app.get(
    '/api/admin/activity',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The admin activity log, newest first; the total is in X-Total-Count',
        querystring: listQuerySchema,
        response: { 200: z.array(adminActivitySchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listActivity(db, request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );
};
