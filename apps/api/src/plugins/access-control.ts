import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserType } from '../db/schema/users.ts';
import { HttpError } from '../lib/http-error.ts';

/** Who may call a route. Every /api route must say it; the server refuses everyone else. */
export type Access = 'public' | 'signed-in' | UserType;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Routes whose access is handled by the library that serves them. */
const selfGuardedPrefixes = ['/api/auth/', '/api/docs'];

export const accessControlPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/');
    if (!isApi || selfGuardedPrefixes.some((prefix) => route.url.startsWith(prefix))) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare who may call it`,
      );
    }
    if (access === 'public') return;
    const guard = async (request: FastifyRequest) => {
      const viewer = await request.getViewer();
      if (!viewer) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in first.');
      if (access !== 'signed-in' && viewer.typeOfUser !== access) {
        throw new HttpError(403, 'FORBIDDEN', 'You are not allowed to do that.');
      }
    };
    const existing = route.preHandler;
    route.preHandler = existing
      ? [guard, ...(Array.isArray(existing) ? existing : [existing])]
      : [guard];
  });
});
