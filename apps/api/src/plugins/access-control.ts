import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserType } from '../db/schema/users.ts';
import { HttpError } from '../lib/http-error.ts';

/**
 * Who may call a route. Every /api route must say it; the server refuses everyone else.
 * 'member': a buyer or a seller, anyone signed in but an admin.
 */
export type Access = 'public' | 'signed-in' | 'member' | UserType;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every guarded API route and who may call it, for the authorization matrix test. */
    accessRegistry: { method: string; url: string; access: Access }[];
  }
}

/** Routes whose access is handled by the library that serves them. */
const selfGuardedPrefixes = ['/api/auth/', '/api/docs'];

export const accessControlPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('accessRegistry', []);
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/');
    if (!isApi || selfGuardedPrefixes.some((prefix) => route.url.startsWith(prefix))) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare who may call it`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.accessRegistry.push({ method, url: route.url, access });
    }
    if (access === 'public') return;
    const guard = async (request: FastifyRequest) => {
      const viewer = await request.getViewer();
      if (!viewer) throw new HttpError(401, 'UNAUTHENTICATED', 'Please log in first.');
      const allowed =
        access === 'signed-in' ||
        (access === 'member' ? viewer.typeOfUser !== 'admin' : viewer.typeOfUser === access);
      if (!allowed) {
        throw new HttpError(403, 'FORBIDDEN', 'You are not allowed to do that.');
      }
    };
    // onRequest: refuse before the body is even read or validated. After the
    // cross-site check (plugins/cross-site-guard.ts), which a forged request meets first.
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, guard];
  });
});
