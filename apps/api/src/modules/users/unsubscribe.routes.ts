/** The unsubscribe link of the emails about unread messages (one-click-unsubscribe.ts). */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribeQuerySchema } from '@laptops/shared/settings';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { backOnLink, oneClickUnsubscribeRoutes } from './one-click-unsubscribe.ts';
import { userOfUnsubscribeToken } from './unsubscribe-token.ts';

export const unsubscribePath = '/api/unsubscribe/messages';

export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** The app's secret, which signs the tokens (unsubscribe-token.ts). */
  secret: string;
  publicUrl: string;
}> = async (app, { db, secret, publicUrl }) => {
  await oneClickUnsubscribeRoutes(app, {
    path: unsubscribePath,
    tag: 'users',
    emails: 'the emails about new messages',
    querystring: unsubscribeQuerySchema,
    userOf: (query) => userOfUnsubscribeToken(secret, query.token),
    badLink:
      'This unsubscribe link is not valid. You can turn off emails about new messages in your profile.',
    isOn: async (userId) => {
      const [user] = await db
        .select({ on: users.messageEmails })
        .from(users)
        .where(eq(users.id, userId));
      return user?.on === true;
    },
    turnOff: async (userId) => {
      await db.update(users).set({ messageEmails: false }).where(eq(users.id, userId));
    },
    page: {
      alreadyOff: 'Emails about new messages are off',
      ask: () => 'Stop emails about new messages?',
      why: 'We email you when a message waits unread for a few minutes, once for each conversation until you read it.',
      done: 'You will get no more emails about new messages',
      backOn: backOnLink(publicUrl, '/dashboard/profile', [
        'You can turn them back on in ',
        'your profile',
        '.',
      ]),
    },
  });
};
