import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptsGzip, gzip } from '../lib/gzip.ts';
import { etagOf } from './conditional-get.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This write never changes what a list or catalogue page shows (a sign-in, a
     * message to the operator), so the caches stay; a function decides per request.
     * Writes that do not say so clear them.
     */
    keepsLists?: true | ((request: FastifyRequest) => boolean);
  }
  interface FastifyInstance {
    listCache: ListCache;
    /** Pages as the server sends them to guests (modules/first-paint), kept like the lists. */
    pageCache: ListCache;
  }
}

/**
 * An answer's JSON and its ETag, hashed once rather than on every request, and its
 * gzip bytes once a browser asks for them (compressing 20 KB per request cost several
 * times what sending the cached answer does). `bytes`: the JSON encoded once, too.
 */
export type CachedJson = {
  json: string;
  etag: string;
  /** When the cache drops it (plugins/front-cache.ts keeps its bytes until then). */
  expiresAt: number;
  /** How many times the cache had been cleared when this was asked for. */
  generation: number;
  bytes?: Buffer;
  gzipped?: Promise<Buffer>;
};

export type ListCache = {
  /** The JSON of `key`, made by `produce` at most once per `ttlMs` (0: every time). */
  remember(key: string, produce: () => Promise<unknown>): Promise<CachedJson>;
  /** The same for any value: one object for every request within `ttlMs`. */
  rememberValue<T>(key: string, produce: () => Promise<T>): Promise<T>;
  /** Whether no write has cleared the cache since `cached` was asked for. */
  isCurrent(cached: CachedJson): boolean;
  clear(): void;
};

async function toCachedJson(
  produce: () => Promise<unknown>,
  expiresAt: number,
  generation: number,
): Promise<CachedJson> {
  const json = JSON.stringify(await produce());
  return { json, etag: etagOf(json), expiresAt, generation };
}

export function createListCache(options: {
  ttlMs: number;
  /** Searches make many keys: past this many, the oldest is dropped. */
  maxEntries?: number;
  now?: () => number;
}): ListCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 1000;
  // Promises, so that many requests arriving together share one query.
  const entries = new Map<string, { value: Promise<unknown>; expiresAt: number }>();
  let generation = 0;
  function rememberValue<T>(key: string, produce: () => Promise<T>): Promise<T> {
    if (options.ttlMs <= 0) return produce();
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) return entry.value as Promise<T>;
    const value = produce();
    entries.delete(key);
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, { value, expiresAt: now() + options.ttlMs });
    value.catch(() => entries.delete(key));
    return value;
  }
  return {
    remember: (key, produce) =>
      rememberValue(key, () => toCachedJson(produce, now() + options.ttlMs, generation)),
    rememberValue,
    isCurrent: (cached) => cached.generation === generation,
    clear() {
      generation++;
      entries.clear();
    },
  };
}

const sentJson = new WeakMap<FastifyReply, CachedJson>();

/** The cached answer `sendJsonText` sent with this reply, if it did. */
export function cachedJsonSentBy(reply: FastifyReply): CachedJson | undefined {
  return sentJson.get(reply);
}

/** Below this, compressing saves less than it costs (as @fastify/compress's threshold). */
const GZIP_THRESHOLD_BYTES = 1024;

/**
 * Sends JSON made by `remember` as it is, with its ETag, so conditionalGetPlugin need
 * not hash it again; to a client that accepts gzip, compressed (once per cached answer;
 * @fastify/compress leaves an encoded reply alone). As bytes encoded once, as a bare
 * node:http server would: sent as a string, every request measured the whole JSON
 * for its Content-Length and encoded it again.
 */
export async function sendJsonText(reply: FastifyReply, cached: CachedJson) {
  sentJson.set(reply, cached);
  reply
    .header('etag', cached.etag)
    // Lowercase: @fastify/compress (for a client that takes only br) adds it otherwise.
    .header('vary', 'accept-encoding')
    .type('application/json; charset=utf-8');
  if (
    cached.json.length < GZIP_THRESHOLD_BYTES ||
    !acceptsGzip(reply.request.headers['accept-encoding'])
  ) {
    cached.bytes ??= Buffer.from(cached.json);
    return reply.send(cached.bytes);
  }
  cached.gzipped ??= gzip(cached.json);
  return reply.header('content-encoding', 'gzip').send(await cached.gzipped);
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Home's lists and catalogue pages (their results, and the pages drawn for guests)
 * are the busiest answers and the same for every visitor, signed in or not, so they
 * are kept for a moment instead of made per request. A successful
 * write through this instance forgets them at once, so a seller sees a new listing on
 * the next visit; another instance shows it within `ttlMs` (writes there are not seen
 * here). Writes whose route says `keepsLists` (sign-ins, messages, reports) leave them:
 * on a busy site those come often and would otherwise keep every list cold.
 */
export const listCachePlugin = fp(
  async (app: FastifyInstance, options: { ttlMs: number; frontCache?: { clear(): void } }) => {
    const lists = createListCache({ ttlMs: options.ttlMs });
    // A drawn page is a few times the size of its results' JSON: fewer are kept.
    const pages = createListCache({ ttlMs: options.ttlMs, maxEntries: 100 });
    app.decorate('listCache', lists);
    app.decorate('pageCache', pages);
    const forgetAfterWrite = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!writeMethods.has(request.method) || reply.statusCode >= 400) return;
      const keepsLists = request.routeOptions.config.keepsLists;
      if (keepsLists === true || (typeof keepsLists === 'function' && keepsLists(request))) return;
      lists.clear();
      pages.clear();
      options.frontCache?.clear();
    };
    // Only on routes that take writes: the lists' own requests run no hook of this plugin.
    app.addHook('onRoute', (route) => {
      if (![route.method].flat().some((method) => writeMethods.has(method))) return;
      const existing = route.onResponse;
      route.onResponse = existing
        ? [...(Array.isArray(existing) ? existing : [existing]), forgetAfterWrite]
        : [forgetAfterWrite];
    });
  },
);
