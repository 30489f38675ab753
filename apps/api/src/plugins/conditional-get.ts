import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public lists: answered with an ETag, revalidated on every visit, 304 when unchanged. */
    revalidate?: boolean;
  }
}

/**
 * Conditional GETs for the catalogue lists: browsers (and proxies) keep the bytes
 * and ask "still the same?"; an unchanged list costs a 304 and no body. Some answers
 * depend on who asks (a laptop's page tells its seller it is theirs, a buyer of their
 * booking), hence `Vary`.
 */
export const conditionalGetPlugin = fp(async (app: FastifyInstance) => {
  // A callback, not an async function: it runs on the busiest answers, and a promise
  // per request is measurable there.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.method !== 'GET' ||
      reply.statusCode !== 200 ||
      !request.routeOptions.config.revalidate ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload))
    ) {
      done(null, payload);
      return;
    }
    // Cached lists come with theirs (sendJsonText); hashing 20 KB on every request
    // was a large part of serving them.
    const given = reply.getHeader('etag');
    const etag = typeof given === 'string' ? given : etagOf(payload);
    reply.header('etag', etag);
    reply.header('cache-control', 'no-cache');
    const vary = reply.getHeader('vary');
    reply.header('vary', [vary, 'Cookie, Authorization'].filter(Boolean).join(', '));
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
      reply.code(304);
      reply.removeHeader('content-encoding');
      done(null, '');
      return;
    }
    done(null, payload);
  });
});

/** A weak ETag: the same JSON gives the same tag. */
export function etagOf(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}
