import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests that carry our session cookie but come from
 * another site (cross-site request forgery). Browsers send `Origin` on every such
 * request and `Sec-Fetch-Site` on modern ones, so a forged form post or fetch from
 * another site is recognised; requests without cookies (webhooks, bearer tokens,
 * scripts) cannot ride a session and pass. better-auth checks its own routes too.
 */
export const crossSiteGuardPlugin = fp(
  async (app: FastifyInstance, options: { trustedOrigins: string[] }) => {
    const trusted = new Set(options.trustedOrigins.map((origin) => new URL(origin).origin));
    app.addHook('onRequest', async (request) => {
      if (!unsafeMethods.has(request.method) || !request.headers.cookie) return;
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      const foreignOrigin = origin !== undefined && (origin === 'null' || !trusted.has(origin));
      const crossSite = fetchSite === 'cross-site';
      if (foreignOrigin || (origin === undefined && crossSite)) {
        throw new HttpError(
          403,
          'CROSS_SITE_REQUEST',
          'This request came from another site and was refused.',
        );
      }
    });
  },
);
