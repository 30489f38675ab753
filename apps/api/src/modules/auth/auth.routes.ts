import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOptionsSchema, jwtResultSchema } from '@laptops/shared/auth';
import { apiErrorSchema } from '@laptops/shared/errors';
import { HttpError } from '../../lib/http-error.ts';

/**
 * A session token signed as better-auth signs its session cookie (HMAC-SHA256 with
 * the auth secret, in base64): the value the bearer plugin accepts back.
 */
function signedSessionToken(token: string, secret: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}

export const authRoutes: FastifyPluginAsyncZod<{
  googleEnabled: boolean;
  /** Signs the bearer tokens GET /api/jwt gives out. */
  authSecret: string;
}> = async (app, { googleEnabled, authSecret }) => {
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
    async (request, reply) => {
      const viewer = await request.getViewer();
      // The session that signed the viewer in, as better-auth chose it (a valid bearer
      // token over the cookie, on https the __Secure- cookie only), never another
      // session cookie the request carries: one planted under the other name came
      // first and was handed out.
      const sessionToken = await request.getSessionToken();
      const { email } = request.query;
      if (
        !viewer ||
        !sessionToken ||
        (email !== undefined && email.trim().toLowerCase() !== viewer.email)
      ) {
        throw new HttpError(403, 'FORBIDDEN', 'You can only get a token for your own account.');
      }
      // A credential: no cache, shared or the browser's, may keep it.
      reply.header('cache-control', 'no-store');
      // Accepted back as `Authorization: Bearer <token>`.
      return { accessToken: signedSessionToken(sessionToken, authSecret) };
    },
  );
};
