import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/http-error.ts';

/**
 * Serves the built web client. Hashed assets are cached for a year; index.html is
 * revalidated on every visit. Client routes get index.html; /api/* never does.
 */
export const staticClientPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string | undefined }) => {
    const distDir = options.distDir;
    const hasClient = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));

    if (hasClient) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // Our own cache headers below, not the plugin's default max-age=0.
        cacheControl: false,
        setHeaders(res, filePath) {
          const isHashed = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
          res.setHeader(
            'cache-control',
            isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const wantsPage =
        hasClient &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api' &&
        !path.extname(pathname);
      if (!wantsPage) throw notFound(`No such route: ${request.method} ${pathname}`);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
);
