import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/http-error.ts';
import { acceptsGzip, gzip } from '../lib/gzip.ts';

/** What a page's HTML gets besides what the build wrote into it (see `firstPaint`). */
export type FirstPaint = {
  /** Tags for the head: preloads, the data the page was drawn from. */
  head: string[];
  /** The page drawn on the server, for #root (else the build's first paint stays). */
  root?: string;
  /**
   * Handed out to many requests for a moment (a guest's page, Home: modules/first-paint
   * keeps them): the page's bytes are made once and kept with it.
   */
  shared?: boolean;
  /**
   * The page shows what only this visitor may see: no cache may keep it. Not even the
   * browser's: restored from it after they signed out, a page's embedded session would
   * show the next person at that computer their name and email.
   */
  personal?: boolean;
  /** The answer's status when not 200 (a withdrawn laptop's page is 410). */
  status?: number;
  /** The page's own title and description, in place of the site's. */
  title?: string;
  description?: string;
};

const noFirstPaint: FirstPaint = { head: [] };

/**
 * Serves the built web client. Hashed assets are cached for a year, other files for
 * a day; the pages are revalidated on every visit. Client routes get index.html
 * (Home), page.html with the page drawn on the server (search and category pages), or
 * loading.html; /api/* never does.
 */

export const staticClientPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      distDir: string | undefined;
      /** A page's preloads, and for some pages the page itself drawn on the server. */
      firstPaint?: (request: FastifyRequest) => Promise<FirstPaint>;
      /** How long a page waits for `firstPaint` before going out without it. */
      firstPaintDeadlineMs: number;
    },
  ) => {
    const distDir = options.distDir;
    const hasClient = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
    const hasLoadingPage = hasClient && fs.existsSync(path.join(distDir, 'loading.html'));
    const hasServerPage = hasClient && fs.existsSync(path.join(distDir, 'page.html'));

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
      // Extras only: the page goes without them if they fail or are slow (a database
      // that is down or busy must not hold up the page itself).
      // HEAD too: its headers (length, caching) must be the ones GET would send.
      const paint = options.firstPaint
        ? await withinDeadline(options.firstPaint(request), options.firstPaintDeadlineMs)
        : noFirstPaint;
      const drawn = paint.root !== undefined && hasServerPage;
      // The build writes Home's first paint into index.html, every other page's (the
      // navbar and a spinner) into loading.html, and page.html with #root empty for a
      // page drawn here; an older build has only index.html.
      const file = drawn
        ? 'page.html'
        : pathname === '/' || !hasLoadingPage
          ? 'index.html'
          : 'loading.html';
      const makeBytes = async (): Promise<PageBytes> => {
        let text = await fs.promises.readFile(path.join(distDir, file), 'utf8');
        if (drawn) {
          text = text.replace(EMPTY_ROOT, () => `<div id="root">${paint.root}</div>`);
        }
        if (paint.title !== undefined) {
          text = text.replace(
            /<title>[^<]*<\/title>/,
            () => `<title>${escapeText(paint.title ?? '')}</title>`,
          );
        }
        if (paint.description !== undefined) {
          text = text.replace(
            /(<meta\s+name="description"\s+content=")[^"]*(")/,
            (_match, start: string, end: string) =>
              `${start}${escapeText(paint.description ?? '').replaceAll('"', '&quot;')}${end}`,
          );
        }
        const head = paint.head.filter(Boolean);
        if (head.length > 0) text = text.replace('</head>', () => `${head.join('')}</head>`);
        return { html: Buffer.from(text) };
      };
      let bytes: Promise<PageBytes>;
      if (paint.shared) {
        bytes = sharedPageBytes.get(paint) ?? makeBytes();
        sharedPageBytes.set(paint, bytes);
        bytes.catch(() => sharedPageBytes.delete(paint));
      } else {
        bytes = makeBytes();
      }
      const page = await bytes;
      reply
        .code(paint.status ?? 200)
        .header('cache-control', paint.personal ? 'private, no-store' : 'no-cache')
        // A drawn page depends on who asks (as /api/search does).
        .header('vary', drawn ? 'accept-encoding, cookie' : 'accept-encoding');
      reply.type('text/html; charset=utf-8');
      // Compressed here: @fastify/compress only handles routes, and this is not one.
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(page.html);
      page.gzipped ??= gzip(page.html);
      return reply.header('content-encoding', 'gzip').send(await page.gzipped);
    });
  },
);

/** A page as sent: its HTML, and compressed once a browser asks for that. */
type PageBytes = { html: Buffer; gzipped?: Promise<Buffer> };

/** The bytes of each shared first paint, for as long as that paint is handed out. */
const sharedPageBytes = new WeakMap<FirstPaint, Promise<PageBytes>>();

/** page.html's #root, which a page drawn on the server fills. */
const EMPTY_ROOT = '<div id="root"></div>';

function withinDeadline(paint: Promise<FirstPaint>, ms: number): Promise<FirstPaint> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<FirstPaint>((resolve) => {
    timer = setTimeout(() => resolve(noFirstPaint), ms);
  });
  return Promise.race([paint.catch(() => noFirstPaint), late]).finally(() => clearTimeout(timer));
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
