import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { apiErrorSchema } from '@laptops/shared/errors';
import {
  favouriteEmailsSchema,
  favouriteIdsSchema,
  favouriteListSchema,
  favouriteParamsSchema,
  favouriteResultSchema,
} from '@laptops/shared/favourites';
import { unsubscribeQuerySchema } from '@laptops/shared/settings';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { requireViewer } from '../auth/viewer.ts';
import { userOfUnsubscribeToken } from '../users/unsubscribe-token.ts';
import { backOnLink, oneClickUnsubscribeRoutes } from '../users/one-click-unsubscribe.ts';
import { FAVOURITE_LIST, favouriteUnsubscribePath } from './favourite-alerts.ts';
import {
  addFavourite,
  getFavouriteEmails,
  listFavouriteIds,
  listFavourites,
  removeFavourite,
  setFavouriteEmails,
} from './favourites.service.ts';

/**
 * Saved laptops: a buyer saves laptops (as only buyers book them), lists them
 * with where each stands, and chooses whether their news is emailed; and the emails'
 * one-click unsubscribe (public: the token says who).
 */
export const favouritesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** The app's secret, which signs the unsubscribe links. */
  secret: string;
  publicUrl: string;
}> = async (app, { db, secret, publicUrl }) => {
  app.get(
    '/api/favourites',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['favourites'],
        summary: "The signed-in person's saved laptops, newest first, with where each stands",
        response: { 200: favouriteListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listFavourites(db, await requireViewer(request));
    },
  );

  app.get(
    '/api/favourites/ids',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['favourites'],
        summary: "The ids of the signed-in person's saved laptops (the cards' hearts)",
        response: { 200: favouriteIdsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listFavouriteIds(db, await requireViewer(request));
    },
  );

  app.put(
    '/api/favourites/:productId',
    {
      // Saving a laptop changes no list the catalogue shows.
      config: { access: 'buyer', keepsLists: true },
      schema: {
        tags: ['favourites'],
        summary: 'Save a laptop (idempotent)',
        params: favouriteParamsSchema,
        response: {
          200: favouriteResultSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => addFavourite(db, await requireViewer(request), request.params.productId),
  );

  app.delete(
    '/api/favourites/:productId',
    {
      config: { access: 'buyer', keepsLists: true },
      schema: {
        tags: ['favourites'],
        summary: 'Remove a saved laptop (idempotent)',
        params: favouriteParamsSchema,
        response: { 200: favouriteResultSchema },
      },
    },
    async (request) => removeFavourite(db, await requireViewer(request), request.params.productId),
  );

  app.get(
    '/api/favourite-emails',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['favourites'],
        summary: 'Whether price drops and bookings of saved laptops are emailed',
        response: { 200: favouriteEmailsSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getFavouriteEmails(db, await requireViewer(request));
    },
  );

  app.put(
    '/api/favourite-emails',
    {
      config: { access: 'buyer', keepsLists: true },
      schema: {
        tags: ['favourites'],
        summary: 'Turn the emails about saved laptops on or off',
        body: favouriteEmailsSchema,
        response: { 200: favouriteEmailsSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      setFavouriteEmails(db, await requireViewer(request), request.body.favouriteEmails),
  );

  await oneClickUnsubscribeRoutes(app, {
    path: favouriteUnsubscribePath,
    tag: 'favourites',
    emails: 'the emails about saved laptops',
    querystring: unsubscribeQuerySchema,
    userOf: (query) => userOfUnsubscribeToken(secret, query.token, FAVOURITE_LIST),
    badLink:
      'This unsubscribe link is not valid. You can turn off emails about saved laptops in your profile.',
    isOn: async (userId) => {
      const [user] = await db
        .select({ on: users.favouriteEmails })
        .from(users)
        .where(eq(users.id, userId));
      return user?.on === true;
    },
    turnOff: async (userId) => {
      await db.update(users).set({ favouriteEmails: false }).where(eq(users.id, userId));
    },
    page: {
      alreadyOff: 'Emails about saved laptops are off',
      ask: () => 'Stop emails about saved laptops?',
      why: 'We email you when a laptop you saved gets cheaper, and once when another buyer books it.',
      done: 'You will get no more emails about saved laptops',
      backOn: backOnLink(publicUrl, '/dashboard/profile', [
        'You can turn them back on in ',
        'your profile',
        '.',
      ]),
    },
  });
};
