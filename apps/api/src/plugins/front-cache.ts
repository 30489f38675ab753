import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyServerFactory,
  onSendHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { acceptsGzip } from '../lib/gzip.ts';
import { carriesSession } from '../modules/auth/viewer.ts';
import { cachedJsonSentBy, type ListCache } from './list-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A guest's answer (no session) is kept whole, headers and bytes, while the list
     * cache keeps its JSON, and sent again before the request reaches the router, to
     * guests and signed-in visitors alike. Only for answers that are the same for
     * everyone: nothing here may depend on who asks.
     */
    frontCache?: true;
  }
}

type Entry = {
  /** The list cache's own expiry of the JSON these bytes carry. */
  expiresAt: number;
  etag: string;
  headers: OutgoingHttpHeaders;
  notModifiedHeaders: OutgoingHttpHeaders;
  body: Buffer;
};

export type FrontCache = ReturnType<typeof createFrontCache>;

/**
 * Home's lists and the category list are the busiest answers and the same bytes for
 * everyone for two seconds at a time. Routed through Fastify (hooks, reply, logging)
 * such an answer cost about 2.5 times a bare node:http server's CPU per request; from
 * here it costs one Map lookup, the write and the log line. The bytes and headers are
 * exactly what Fastify sent the last guest (security headers, ETag, Vary included), they
 * expire with the list cache's copy, and a write that clears the list cache clears these
 * too. Only a guest's answer is kept, so nothing made for a signed-in visitor is ever
 * handed to anyone else; signed-in visitors are sent the same bytes, as these lists no
 * longer differ by viewer. Other methods and anything not stored go through Fastify.
 */
export function createFrontCache(options: { logger?: FastifyBaseLogger; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let served = 0;

  // Each variant Fastify might send: plain or gzip, and HSTS or not behind a proxy.
  const keyOf = (url: string, headers: IncomingHttpHeaders) =>
    `${url}|${acceptsGzip(headers['accept-encoding']) ? 'gzip' : ''}|${String(headers['x-forwarded-proto'] ?? '')}`;

  function serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (entries.size === 0 || request.method !== 'GET' || !request.url) return false;
    const { headers } = request;
    const key = keyOf(request.url, headers);
    const entry = entries.get(key);
    if (!entry) return false;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return false;
    }
    const started = performance.now();
    const ifNoneMatch = headers['if-none-match'];
    const unchanged =
      ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(entry.etag);
    if (unchanged) {
      response.writeHead(304, entry.notModifiedHeaders);
      response.end();
    } else {
      response.writeHead(200, entry.headers);
      response.end(entry.body);
    }
    // The same line as every request's (lib/logger.ts), marked as answered here.
    options.logger?.info(
      {
        reqId: `front-${++served}`,
        method: 'GET',
        url: request.url,
        statusCode: response.statusCode,
        responseTime: Math.round((performance.now() - started) * 100) / 100,
        frontCache: true,
      },
      'request completed',
    );
    return true;
  }

  /**
   * Keeps what Fastify is sending a guest on a `frontCache` route, unless a write has
   * cleared the list cache since its JSON was made (it would be out of date).
   */
  const keep =
    (lists: ListCache): onSendHookHandler =>
    (request, reply, payload, done) => {
      const cached = cachedJsonSentBy(reply);
      if (
        cached &&
        lists.isCurrent(cached) &&
        cached.expiresAt > now() &&
        request.method === 'GET' &&
        reply.statusCode === 200 &&
        Buffer.isBuffer(payload) &&
        // The route's own path: a query string would make a new entry per question asked.
        request.url === request.routeOptions.url &&
        !carriesSession(request.headers)
      ) {
        const headers = {
          ...reply.getHeaders(),
          'content-length': payload.length,
        } as OutgoingHttpHeaders;
        const {
          'content-length': _length,
          'content-encoding': _encoding,
          ...notModifiedHeaders
        } = headers;
        entries.set(keyOf(request.url, request.headers), {
          expiresAt: cached.expiresAt,
          etag: cached.etag,
          headers,
          notModifiedHeaders,
          body: payload,
        });
      }
      done(null, payload);
    };

  return {
    serve,
    keep,
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Fastify's HTTP/1 server (timeouts as Fastify sets them), asking the front cache
 * first: what it answers never reaches the router.
 */
export function serverWithFrontCache(frontCache: FrontCache): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    // Fastify's options, with its defaults filled in.
    const options = fastifyOptions as {
      http?: http.ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
    };
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!frontCache.serve(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    return server;
  };
}

/**
 * Attaches the keeping hook to the routes that ask for it, and to no other; after the
 * list cache (whose writes clear this too) and the plugins that set headers.
 */
export const frontCachePlugin = fp(
  async (app: FastifyInstance, options: { frontCache: FrontCache }) => {
    const keep = options.frontCache.keep(app.listCache);
    app.addHook('onRoute', (route) => {
      if (!route.config?.frontCache) return;
      const existing = route.onSend;
      route.onSend = existing
        ? [...(Array.isArray(existing) ? existing : [existing]), keep]
        : [keep];
    });
  },
);
