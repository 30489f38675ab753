import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests that carry our session cookie but come from
 * another site (cross-site request forgery). Browsers send `Origin` on every such
 * request and `Sec-Fetch-Site` on modern ones, so a forged form post or fetch from
 * another site is recognised; requests without cookies (webhooks, bearer tokens,
 * scripts) cannot ride a session and pass. better-auth checks its own routes too.
 * The check is added to the routes that take such methods only: reads, the busiest
 * requests, skip a hook that would only look at their method.
 */
export const crossSiteGuardPlugin = fp(
  async (app: FastifyInstance, options: { trustedOrigins: string[] }) => {
    const trusted = new Set(options.trustedOrigins.map((origin) => new URL(origin).origin));
    const guard = (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
      if (!unsafeMethods.has(request.method) || !request.headers.cookie) return done();
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      const foreignOrigin = origin !== undefined && (origin === 'null' || !trusted.has(origin));
      const crossSite = fetchSite === 'cross-site';
      if (foreignOrigin || (origin === undefined && crossSite)) {
        return done(
          new HttpError(
            403,
            'CROSS_SITE_REQUEST',
            'This request came from another site and was refused.',
          ),
        );
      }
      done();
    };
    app.addHook('onRoute', (route) => {
      if (![route.method].flat().some((method) => unsafeMethods.has(method))) return;
      // First, before the access check and anything else the route does.
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [guard, ...existing];
    });
  },
);
