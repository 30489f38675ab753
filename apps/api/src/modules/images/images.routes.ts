import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import type { ImageStorage } from './image-storage.ts';
import { imageKeyPattern } from './image-storage.ts';

export const imagesRoutes: FastifyPluginAsyncZod<{ storage: ImageStorage }> = async (
  app,
  { storage },
) => {
  app.get(
    '/api/images/:key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'An image stored by the marketplace (WebP)',
        params: z.object({ key: z.string().regex(imageKeyPattern, 'Not a valid image name') }),
      },
    },
    async (request, reply) => {
      const image = await storage.get(request.params.key);
      if (!image) throw notFound('This image does not exist.');
      // Keys are never reused for other content, so the bytes can be cached for good.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image);
    },
  );
};
