import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOptionsSchema, jwtResultSchema } from '@laptops/shared/auth';
import { apiErrorSchema } from '@laptops/shared/errors';
import { HttpError } from '../../lib/http-error.ts';

const SESSION_COOKIES = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/g;

/** A cookie's value as better-auth reads it; undefined if it is not valid percent-encoding. */
function cookieValue(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

export const authRoutes: FastifyPluginAsyncZod<{ googleEnabled: boolean }> = async (
  app,
  { googleEnabled },
) => {
  app.get(
    '/api/auth-options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in methods this marketplace offers',
        response: { 200: authOptionsSchema },
      },
    },
    async () => ({ google: googleEnabled }),
  );

  app.get(
    '/api/jwt',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: "A bearer token for the signed-in user's session (for API clients)",
        description:
          'The `email` query is optional; when given it must be the signed-in user’s own.',
        querystring: z.object({ email: z.string().optional() }),
        response: { 200: jwtResultSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = await request.getViewer();
      const { email } = request.query;
      if (!viewer || (email !== undefined && email.trim().toLowerCase() !== viewer.email)) {
        throw new HttpError(403, 'FORBIDDEN', 'You can only get a token for your own account.');
      }
      // The signed session token, accepted back as `Authorization: Bearer <token>`.
      // A session cookie that is not valid percent-encoding cannot be the one that
      // signed the caller in: it is passed over.
      const fromCookie = [...(request.headers.cookie ?? '').matchAll(SESSION_COOKIES)]
        .map((match) => cookieValue(match[1] ?? ''))
        .find(Boolean);
      const fromBearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const token = fromCookie ?? fromBearer;
      if (!token) throw new HttpError(401, 'UNAUTHENTICATED', 'Please log in first.');
      return { accessToken: token };
    },
  );
};
