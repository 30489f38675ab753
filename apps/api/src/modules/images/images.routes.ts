import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { imageUploadResultSchema, MAX_IMAGE_BYTES } from '@laptops/shared/images';
import { imageMessages } from '@laptops/shared/messages';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../auth/viewer.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { createRateLimiter, type RateLimitStore } from '../../lib/rate-limiter.ts';
import type { ImageStorage } from './image-storage.ts';
import { imageKeyPattern } from './image-storage.ts';
import { storeUpload } from './images.service.ts';

/** The whole request may be the image plus a little multipart framing, never more. */
const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

/**
 * The bytes of the `image` field of a multipart request, read as they arrive. A body
 * that is too large is refused as soon as that is known (from Content-Length, or
 * once 5 MB of the file have arrived), and the connection is closed so the rest is
 * never read: a 50 MB upload costs the server 5 MB at most.
 */
async function readImageField(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const tooLarge = () => {
    void reply.header('connection', 'close');
    return new HttpError(413, 'IMAGE_TOO_LARGE', imageMessages.tooLarge);
  };
  if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES) throw tooLarge();
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'image')
      throw new HttpError(400, 'IMAGE_MISSING', imageMessages.missing);
    // At 5 MB the parser only drops the rest of the file (still reading it all):
    // ending the file stream with the refusal stops the parser at once instead.
    file.file.once('limit', () => file.file.destroy(tooLarge()));
    const chunks: Buffer[] = [];
    for await (const chunk of file.file as AsyncIterable<Buffer>) chunks.push(chunk);
    if (file.file.truncated) throw tooLarge();
    return Buffer.concat(chunks);
  } catch (error) {
    // The multipart limits answer 4xx themselves; anything else the parser throws
    // (no boundary, a body cut short) is a malformed request, not a server fault.
    const { statusCode: status, code } = error as { statusCode?: unknown; code?: unknown };
    // A text part (a name given as a field, not a file) trips the limit of no fields:
    // what is missing is the image, not room.
    if (code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, 'IMAGE_MISSING', imageMessages.missing);
    if (error instanceof HttpError || (typeof status === 'number' && status < 500)) throw error;
    throw new HttpError(400, 'UPLOAD_MALFORMED', imageMessages.malformed);
  }
}

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
