import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/http-error.ts';
import { acceptsGzip, gzip } from '../lib/gzip.ts';

/**
 * Serves the built web client. Hashed assets are cached for a year, other files for
 * a day; the pages are revalidated on every visit. Client routes get index.html (Home) or loading.html;
 * /api/* never does.
 */

export const staticClientPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      distDir: string | undefined;
      /** Extra tags for a page's head (preloads of what the page will ask for first). */
      headTags?: (request: FastifyRequest) => Promise<string[]>;
    },
  ) => {
    const distDir = options.distDir;
    const hasClient = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
    const hasLoadingPage = hasClient && fs.existsSync(path.join(distDir, 'loading.html'));

    if (hasClient) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies of the assets (apps/web/scripts/compress.mjs).
        preCompressed: true,
        // Our own cache headers below, not the plugin's default max-age=0.
        cacheControl: false,
        setHeaders(res, filePath) {
          const isHashed = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
          // Pages are revalidated so a deploy shows at once. Other unhashed files (the
          // favicon, drawn three times on every page) may be a day old.
          const cacheControl = isHashed
            ? 'public, max-age=31536000, immutable'
            : filePath.endsWith('.html')
              ? 'no-cache'
              : 'public, max-age=86400';
          res.setHeader('cache-control', cacheControl);
          // Which copy (brotli, gzip, plain) depends on the request's accept-encoding,
          // and shared caches must know (@fastify/static 9 does not say so itself;
          // version 10 does, and passes the reply here instead: revisit on upgrading).
          res.setHeader('vary', 'accept-encoding');
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const wantsPage =
        hasClient &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api' &&
        !path.extname(pathname);
      if (!wantsPage) throw notFound(`No such route: ${request.method} ${pathname}`);
      // The build writes Home's first paint into index.html and every other page's
      // (the navbar and a spinner) into loading.html; an older build has only index.html.
      const page = pathname === '/' || !hasLoadingPage ? 'index.html' : 'loading.html';
      let html = await fs.promises.readFile(path.join(distDir, page));
      // Hints only: the page goes without them if they fail or are slow (a database
      // that is down or busy must not hold up the page itself).
      const tags =
        request.method === 'GET' && options.headTags
          ? await withinDeadline(options.headTags(request), HEAD_TAGS_DEADLINE_MS)
          : [];
      if (tags.length > 0)
        html = Buffer.from(html.toString().replace('</head>', () => `${tags.join('')}</head>`));
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      reply.type('text/html; charset=utf-8');
      // Compressed here: @fastify/compress only handles routes, and this is not one.
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(html);
      return reply.header('content-encoding', 'gzip').send(await gzip(html));
    });
  },
);

/** How long a page waits for its preload hints before going without them. */
const HEAD_TAGS_DEADLINE_MS = 150;

function withinDeadline(tags: Promise<string[]>, ms: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), ms);
  });
  return Promise.race([tags.catch(() => []), late]).finally(() => clearTimeout(timer));
}
