/**
 * The unsubscribe link of saved-search emails (one-click-unsubscribe.ts): it turns off
 * the emails of the searches it names; its token is signed for exactly those searches.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { oneClickUnsubscribeRoutes, backOnLink } from '../users/one-click-unsubscribe.ts';
import { userOfUnsubscribeToken } from '../users/unsubscribe-token.ts';
import {
  savedSearchList,
  unsubscribeSavedSearchesPath,
  unsubscribeSearches,
} from './saved-search-alerts.ts';

const querySchema = z.object({
  ids: z
    .string()
    .max(20 * 37)
    .transform((text) => text.split(','))
    .pipe(
      z
        .array(z.uuid({ message: 'This unsubscribe link is not valid' }))
        .min(1)
        .max(20),
    ),
  token: z.string().min(1, 'This unsubscribe link has no token').max(400),
});

export const savedSearchUnsubscribeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  secret: string;
  publicUrl: string;
}> = async (app, { db, secret, publicUrl }) => {
  await oneClickUnsubscribeRoutes(app, {
    path: unsubscribeSavedSearchesPath,
    tag: 'saved-searches',
    emails: 'the emails of the link’s saved searches',
    querystring: querySchema,
    userOf: (query) => userOfUnsubscribeToken(secret, query.token, savedSearchList(query.ids)),
    badLink:
      'This unsubscribe link is not valid. You can manage your saved searches in your dashboard.',
    isOn: async (userId, query) => {
      const result = await db.execute(sql`
        select count(*)::int as n from saved_searches
        where user_id = ${userId} and unsubscribed_at is null and id in (${sql.join(
          query.ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
      return ((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0;
    },
    turnOff: (userId, query) => unsubscribeSearches(db, userId, query.ids),
    page: {
      alreadyOff: 'These alerts are off',
      ask: (query) =>
        query.ids.length === 1
          ? 'Stop emails for this saved search?'
          : 'Stop emails for these saved searches?',
      why: 'We email you when a new laptop matches a search you saved. The search stays saved, and you can turn its emails back on at any time.',
      done: 'You will get no more emails for these saved searches',
      backOn: backOnLink(publicUrl, '/dashboard/saved-searches', [
        'You can manage your alerts in ',
        'your saved searches',
        '.',
      ]),
    },
  });
};
