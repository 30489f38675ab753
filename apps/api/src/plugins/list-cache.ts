import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    listCache: ListCache;
  }
}

export type ListCache = {
  /** The JSON of `key`, made by `produce` at most once per `ttlMs` (0: every time). */
  remember(key: string, produce: () => Promise<unknown>): Promise<string>;
  clear(): void;
};

export function createListCache(options: {
  ttlMs: number;
  /** Searches make many keys: past this many, the oldest is dropped. */
  maxEntries?: number;
  now?: () => number;
}): ListCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 1000;
  // Promises, so that many requests arriving together share one query.
  const entries = new Map<string, { body: Promise<string>; expiresAt: number }>();
  return {
    remember(key, produce) {
      if (options.ttlMs <= 0) return produce().then((value) => JSON.stringify(value));
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return entry.body;
      const body = produce().then((value) => JSON.stringify(value));
      entries.delete(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { body, expiresAt: now() + options.ttlMs });
      body.catch(() => entries.delete(key));
      return body;
    },
    clear() {
      entries.clear();
    },
  };
}

/** Sends JSON text made by `remember` as it is (Fastify does not serialize strings). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Home's lists and catalogue pages are the busiest answers and the same for every
 * visitor (or every signed-in visitor), so they are
 * kept for a moment instead of queried per request. Any successful write through
 * this instance forgets them at once, so a seller sees a new listing on the next
 * visit; another instance shows it within `ttlMs` (writes there are not seen here).
 */
export const listCachePlugin = fp(async (app: FastifyInstance, options: { ttlMs: number }) => {
  const cache = createListCache({ ttlMs: options.ttlMs });
  app.decorate('listCache', cache);
  app.addHook('onResponse', async (request, reply) => {
    if (writeMethods.has(request.method) && reply.statusCode < 400) cache.clear();
  });
});
