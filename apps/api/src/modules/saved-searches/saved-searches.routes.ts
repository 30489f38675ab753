import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import {
  savedSearchIdSchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
} from '@laptops/shared/saved-searches';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../auth/viewer.ts';
import {
  changeFrequency,
  deleteSavedSearch,
  listSavedSearches,
  saveSearch,
} from './saved-searches.service.ts';

/**
 * A buyer's or seller's saved searches (admins keep none): save the search page's
 * search, list them, change how often each emails, delete one.
 */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/saved-searches',
    {
      config: { access: 'member', keepsLists: true },
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['saved-searches'],
        summary:
          "Save the search page's search (its filters as the page has them) for email alerts",
        body: savedSearchInputSchema,
        response: { 201: savedSearchSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      return reply.status(201).send(await saveSearch(db, viewer.id, request.body));
    },
  );

  app.get(
    '/api/saved-searches',
    {
      config: { access: 'member' },
      schema: {
        tags: ['saved-searches'],
        summary: "The signed-in person's saved searches, oldest first",
        response: { 200: savedSearchListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listSavedSearches(db, (await requireViewer(request)).id);
    },
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      config: { access: 'member', keepsLists: true },
      bodyLimit: 1024,
      schema: {
        tags: ['saved-searches'],
        summary: 'Change how often a saved search emails (and turn its emails back on)',
        params: savedSearchIdSchema,
        body: savedSearchUpdateSchema,
        response: { 200: savedSearchSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      changeFrequency(
        db,
        (await requireViewer(request)).id,
        request.params.id,
        request.body.frequency,
      ),
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      config: { access: 'member', keepsLists: true },
      schema: {
        tags: ['saved-searches'],
        summary: 'Delete a saved search',
        params: savedSearchIdSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteSavedSearch(db, (await requireViewer(request)).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
