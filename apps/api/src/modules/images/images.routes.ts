import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { imageUploadResultSchema } from '@laptops/shared/images';
import { imageMessages } from '@laptops/shared/messages';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../auth/viewer.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { createRateLimiter, type RateLimitStore } from '../../lib/rate-limiter.ts';
import type { ImageStorage } from './image-storage.ts';
import { imageKeyPattern, PRIVATE_IMAGE_PREFIX } from './image-storage.ts';
import { storeUpload } from './images.service.ts';
import { imageMultipartLimits, MAX_UPLOAD_BYTES, readImageField } from './read-upload.ts';

/** How long the per-user upload count runs (UPLOAD_RATE_LIMIT_PER_USER per window). */
const UPLOAD_WINDOW_MS = 10 * 60_000;

export const imagesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: ImageStorage;
  uploadLimit: { store: RateLimitStore; perUser: number };
}> = async (app, { db, storage, uploadLimit }) => {
  // Every upload is stored (and kept), so one account cannot fill the storage: a
  // person choosing pictures for a few listings stays far below the limit.
  const uploadsPerUser = createRateLimiter({
    store: uploadLimit.store,
    name: 'uploads-user',
    max: uploadLimit.perUser,
    windowMs: UPLOAD_WINDOW_MS,
  });
  await app.register(fastifyMultipart, {
    limits: imageMultipartLimits,
  });

  app.post(
    '/api/images',
    {
      // A picture shows once a listing uses it, and that write clears the lists.
      config: { access: 'signed-in', keepsLists: true },
      // The multipart parser enforces the 5 MB file limit; this caps the whole request.
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: {
        tags: ['images'],
        summary:
          'Upload an image (multipart field `image`; JPEG, PNG or WebP up to 5 MB), stored as WebP',
        consumes: ['multipart/form-data'],
        response: {
          201: imageUploadResultSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'MULTIPART_REQUIRED', imageMessages.missing);
      }
      const viewer = await requireViewer(request);
      const limit = await uploadsPerUser.hit(viewer.id);
      if (limit.limited) {
        // The body is not read: the connection goes, as with one that is too large.
        reply.header('retry-after', String(limit.retryAfterSeconds)).header('connection', 'close');
        throw new HttpError(429, 'TOO_MANY_REQUESTS', imageMessages.tooMany);
      }
      const bytes = await readImageField(request, reply);
      const url = await storeUpload({ db, storage }, viewer.id, bytes);
      return reply.status(201).send({ success: true, data: { url } });
    },
  );

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
      // Private images (a listing's verification photo) have their own guarded route.
      if (request.params.key.startsWith(PRIVATE_IMAGE_PREFIX))
        throw notFound('This image does not exist.');
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
