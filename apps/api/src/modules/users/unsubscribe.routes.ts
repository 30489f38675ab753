/**
 * The unsubscribe link of the emails about unread messages (RFC 8058 one-click): a
 * POST with the link's token turns them off, as a mail app's "Unsubscribe" button
 * sends it; a GET (someone opening the link, or a mail scanner following it) only
 * shows a page with that button, and changes nothing. No sign-in: the token says who.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { unsubscribeQuerySchema } from '@laptops/shared/settings';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError } from '../../lib/http-error.ts';
import { userOfUnsubscribeToken } from './unsubscribe-token.ts';

export const unsubscribePath = '/api/unsubscribe/messages';

const badToken = () =>
  new HttpError(
    400,
    'BAD_TOKEN',
    'This unsubscribe link is not valid. You can turn off emails about new messages in your profile.',
  );

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A small page of its own: the link may be opened anywhere, signed in or not. */
function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

const profileLink = (publicUrl: string) =>
  `<p>You can turn them back on in <a href="${escapeHtml(`${publicUrl}/dashboard/profile`)}">your profile</a>.</p>`;

export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** The app's secret, which signs the tokens (unsubscribe-token.ts). */
  secret: string;
  publicUrl: string;
}> = async (app, { db, secret, publicUrl }) => {
  const userOf = (token: string) => {
    const userId = userOfUnsubscribeToken(secret, token);
    if (!userId) throw badToken();
    return userId;
  };

  app.get(
    unsubscribePath,
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary:
          'The page of an unsubscribe link: a button that stops emails about new messages (changes nothing itself)',
        querystring: unsubscribeQuerySchema,
        response: { 200: z.string(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = userOf(request.query.token);
      const [user] = await db
        .select({ messageEmails: users.messageEmails })
        .from(users)
        .where(eq(users.id, userId));
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!user?.messageEmails) {
        return page('Emails about new messages are off', profileLink(publicUrl));
      }
      const action = `${unsubscribePath}?token=${encodeURIComponent(request.query.token)}`;
      return page(
        'Stop emails about new messages?',
        '<p>We email you when a message waits unread for a few minutes, once for each conversation until you read it.</p>' +
          `<form method="post" action="${escapeHtml(action)}">` +
          '<button type="submit">Stop these emails</button></form>',
      );
    },
  );

  // Mail apps post `List-Unsubscribe=One-Click` as a form; the token is in the URL.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4 * 1024 },
      (_request, _body, done) => done(null, null),
    );
    scope.post(
      unsubscribePath,
      {
        // Changes one person's setting, no list the catalogue shows.
        config: { access: 'public', keepsLists: true },
        bodyLimit: 4 * 1024,
        schema: {
          tags: ['users'],
          summary:
            'One-click unsubscribe (RFC 8058): stop the emails about new messages for the token’s person',
          querystring: unsubscribeQuerySchema,
          response: { 200: z.string(), 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const userId = userOf(request.query.token);
        // Idempotent: the same link posted again (a retry, a second click) changes nothing more.
        await db.update(users).set({ messageEmails: false }).where(eq(users.id, userId));
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return page('You will get no more emails about new messages', profileLink(publicUrl));
      },
    );
  });
};
