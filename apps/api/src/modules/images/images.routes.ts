import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { imageUploadResultSchema, MAX_IMAGE_BYTES } from '@laptops/shared/images';
import { imageMessages } from '@laptops/shared/messages';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../../plugins/auth.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { ImageStorage } from './image-storage.ts';
import { imageKeyPattern } from './image-storage.ts';
import { storeUpload } from './images.service.ts';

export const imagesRoutes: FastifyPluginAsyncZod<{ db: Db; storage: ImageStorage }> = async (
  app,
  { db, storage },
) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: 1,
      fields: 0,
      parts: 1,
      fieldNameSize: 50,
      headerPairs: 50,
    },
  });

  app.post(
    '/api/images',
    {
      config: { access: 'signed-in' },
      // The multipart parser enforces the 5 MB file limit; this caps the whole request.
      bodyLimit: MAX_IMAGE_BYTES + 64 * 1024,
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
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'MULTIPART_REQUIRED', imageMessages.missing);
      }
      const file = await request.file();
      if (!file || file.fieldname !== 'image')
        throw new HttpError(400, 'IMAGE_MISSING', imageMessages.missing);
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new HttpError(413, 'IMAGE_TOO_LARGE', imageMessages.tooLarge);
      const viewer = await requireViewer(request);
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
