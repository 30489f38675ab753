/**
 * The unsubscribe link of every kind of email we send (RFC 8058 one-click): a POST
 * with the link's token turns that kind off, as a mail app's "Unsubscribe" button sends
 * it; a GET (someone opening the link, or a mail scanner following it) only shows a page
 * with that button, and changes nothing. No sign-in: the signed token says who.
 */
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { HttpError } from '../../lib/http-error.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A small page of its own: the link may be opened anywhere, signed in or not. */
export function unsubscribePage(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

/** "You can turn them back on in your profile." and the like, with its link. */
export const backOnLink = (publicUrl: string, path: string, words: [string, string, string]) =>
  `<p>${escapeHtml(words[0])}<a href="${escapeHtml(`${publicUrl}${path}`)}">${escapeHtml(words[1])}</a>${escapeHtml(words[2])}</p>`;

export type OneClickUnsubscribe<Query extends { token: string }> = {
  path: string;
  /** The OpenAPI tag. */
  tag: string;
  /** The emails, in the routes' summaries: "emails about new messages". */
  emails: string;
  querystring: z.ZodType<Query>;
  /** The link's person, or null when the token was not signed for this link. */
  userOf: (query: Query) => string | null;
  /** Said when the token is not valid, with where else to turn the emails off. */
  badLink: string;
  /** Whether any of the link's emails are still on. */
  isOn: (userId: string, query: Query) => Promise<boolean>;
  /** Turns them off; the same link posted again changes nothing more. */
  turnOff: (userId: string, query: Query) => Promise<void>;
  page: {
    /** Opened when they are already off. */
    alreadyOff: string;
    /** The question, and what the emails are, above the button. */
    ask: (query: Query) => string;
    why: string;
    /** After the button. */
    done: string;
    /** Under every page: where to turn them back on. */
    backOn: string;
  };
};

export async function oneClickUnsubscribeRoutes<Query extends { token: string }>(
  app: App,
  link: OneClickUnsubscribe<Query>,
) {
  const userOf = (query: Query) => {
    const userId = link.userOf(query);
    if (!userId) throw new HttpError(400, 'BAD_TOKEN', link.badLink);
    return userId;
  };
  const schema = (summary: string) => ({
    tags: [link.tag],
    summary,
    querystring: link.querystring,
    response: { 200: z.string(), 400: apiErrorSchema },
  });

  app.get(
    link.path,
    {
      config: { access: 'public' },
      schema: schema(
        `The page of an unsubscribe link: a button that stops ${link.emails} (changes nothing itself)`,
      ),
    },
    async (request, reply) => {
      const query = request.query as Query;
      const userId = userOf(query);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!(await link.isOn(userId, query))) {
        return unsubscribePage(link.page.alreadyOff, link.page.backOn);
      }
      // The button posts to this same address, token and all.
      return unsubscribePage(
        link.page.ask(query),
        `<p>${escapeHtml(link.page.why)}</p>` +
          `<form method="post" action="${escapeHtml(request.url)}">` +
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
      link.path,
      {
        // Changes one person's setting, no list the catalogue shows.
        config: { access: 'public', keepsLists: true },
        bodyLimit: 4 * 1024,
        schema: schema(`One-click unsubscribe (RFC 8058): stop ${link.emails}`),
      },
      async (request, reply) => {
        const query = request.query as Query;
        await link.turnOff(userOf(query), query);
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return unsubscribePage(link.page.done, link.page.backOn);
      },
    );
  });
}
