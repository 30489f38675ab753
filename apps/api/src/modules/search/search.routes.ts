/** GET /api/search: the search and category pages' answers, kept in the list cache. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { searchQuerySchema, searchResultSchema, specCountsSchema } from '@laptops/shared/search';
import type { Db } from '../../db/client.ts';
import { sendJsonText } from '../../plugins/list-cache.ts';
import { searchCacheKey } from '../first-paint/first-paint.ts';
import { searchProducts } from './search.service.ts';
import { countSpecChoices } from './spec-counts.ts';
import { filtersOf } from './search-query.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/search',
    {
      config: { access: 'public', revalidate: true },
      // sendJsonText compresses each cached answer once; @fastify/compress's hooks are not needed.
      compress: false,
      schema: {
        tags: ['products'],
        summary:
          'Search available laptops: text, filters, sort, keyset pages (pass nextCursor as cursor)',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The category page's first pages are the catalogue's busiest answers, and the
      // same for every visitor, signed in or not.
      const key = searchCacheKey(request.query);
      const body = await app.listCache.remember(key, () => searchProducts(db, request.query));
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/api/search/counts',
    {
      config: { access: 'public', revalidate: true },
      compress: false,
      schema: {
        tags: ['products'],
        summary:
          "For each spec filter, how many laptops each choice would find (the search's own query)",
        querystring: searchQuerySchema,
        response: { 200: specCountsSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The same for every visitor; the page, the sort and their size do not change it.
      const key = `counts:${JSON.stringify([request.query.q ?? '', ...filtersOf(request.query)])}`;
      const body = await app.listCache.remember(key, () => countSpecChoices(db, request.query));
      return sendJsonText(reply, body);
    },
  );
};
