/**
 * Verification photos: a seller's code and photo for one of their listings, the photo
 * itself (its seller and admins only), and the admins' queue and decision.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { idParamsSchema } from '@laptops/shared/ids';
import { imageMessages } from '@laptops/shared/messages';
import {
  photoVerificationDecisionSchema,
  photoVerificationMessages as m,
  photoVerificationQueueItemSchema,
  photoVerificationQueueQuerySchema,
  photoVerificationSchema,
  verificationIdParamsSchema,
} from '@laptops/shared/photo-verification';
import { modifiedCountSchema } from '@laptops/shared/products';
import { HttpError } from '../../lib/http-error.ts';
import { createRateLimiter, enforceLimit, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { requireViewer } from '../auth/viewer.ts';
import { imageMultipartLimits, MAX_UPLOAD_BYTES, readImageField } from '../images/read-upload.ts';
import {
  decideVerification,
  listWaitingVerifications,
  requestVerificationCode,
  sellerVerification,
  submitVerificationPhoto,
  verificationPhoto,
  type PhotoVerificationDeps,
} from './photo-verification.service.ts';

const HOUR_MS = 60 * 60_000;
/** The image upload's window: a verification photo counts as one of the seller's uploads. */
const UPLOAD_WINDOW_MS = 10 * 60_000;

export const photoVerificationRoutes: FastifyPluginAsyncZod<{
  deps: PhotoVerificationDeps;
  rateLimitStore: RateLimitStore;
  uploadsPerUser: number;
}> = async (app, { deps, rateLimitStore, uploadsPerUser }) => {
  // A code is a row; a seller with a few listings and a rejection or two stays far below.
  const codes = createRateLimiter({
    store: rateLimitStore,
    name: 'verification-code',
    max: 10,
    windowMs: HOUR_MS,
  });
  // The same count as /api/images: one allowance for everything a seller uploads.
  const uploads = createRateLimiter({
    store: rateLimitStore,
    name: 'uploads-user',
    max: uploadsPerUser,
    windowMs: UPLOAD_WINDOW_MS,
  });
  await app.register(fastifyMultipart, { limits: imageMultipartLimits });

  app.get(
    '/api/myProducts/:id/verification',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['photo-verification'],
        summary: "Where the seller's listing's verification photo stands: code, result, reason",
        params: idParamsSchema,
        response: { 200: photoVerificationSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header('cache-control', 'private, no-store');
      return sellerVerification(deps.db, viewer.id, request.params.id);
    },
  );

  app.post(
    '/api/myProducts/:id/verification/code',
    {
      // Nothing public changes until an admin approves.
      config: { access: 'seller', keepsLists: true },
      schema: {
        tags: ['photo-verification'],
        summary:
          'A code for the listing, made by the server: 201 a new one, 200 the one still waiting for its photo',
        params: idParamsSchema,
        response: {
          200: photoVerificationSchema,
          201: photoVerificationSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await enforceLimit(codes, viewer.id, reply, m.tooManyCodes);
      const { created, verification } = await requestVerificationCode(
        deps.db,
        viewer.id,
        request.params.id,
      );
      reply.code(created ? 201 : 200);
      return verification;
    },
  );

  app.post(
    '/api/myProducts/:id/verification/photo',
    {
      config: { access: 'seller', keepsLists: true },
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: {
        tags: ['photo-verification'],
        summary:
          'The photo of the laptop with its code (multipart field `image`; JPEG, PNG or WebP up to 5 MB, at least 480 px on its shorter side)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          201: photoVerificationSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
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
      const limit = await uploads.hit(viewer.id);
      if (limit.limited) {
        reply.header('retry-after', String(limit.retryAfterSeconds)).header('connection', 'close');
        throw new HttpError(429, 'TOO_MANY_REQUESTS', imageMessages.tooMany);
      }
      const bytes = await readImageField(request, reply);
      const verification = await submitVerificationPhoto(deps, viewer.id, request.params.id, bytes);
      return reply.status(201).send(verification);
    },
  );

  app.get(
    '/api/photo-verifications/:verificationId/photo',
    {
      // Its seller or an admin; the service answers 404 to anyone else.
      config: { access: 'signed-in' },
      schema: {
        tags: ['photo-verification'],
        summary: "A verification photo (WebP), for the listing's seller and admins only",
        params: verificationIdParamsSchema,
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const bytes = await verificationPhoto(deps, viewer, request.params.verificationId);
      // Never kept by a shared cache: who may see it is decided per request.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.get(
    '/api/admin/photo-verifications',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'photo-verification'],
        summary:
          'Verification photos waiting for an admin, the oldest first; the total is in X-Total-Count',
        querystring: photoVerificationQueueQuerySchema,
        response: { 200: z.array(photoVerificationQueueItemSchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listWaitingVerifications(deps.db, request.query);
      reply.header('x-total-count', String(total));
      reply.header('cache-control', 'private, no-store');
      return rows;
    },
  );

  app.post(
    '/api/admin/photo-verifications/:verificationId/decision',
    {
      // An approval changes the laptop's page (its badge), so the lists are cleared.
      config: { access: 'admin' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['admin', 'photo-verification'],
        summary:
          'Approve a verification photo (the listing shows "Photo verified") or reject it with a reason the seller reads',
        params: verificationIdParamsSchema,
        body: photoVerificationDecisionSchema,
        response: {
          200: modifiedCountSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      decideVerification(
        deps.db,
        await requireViewer(request),
        request.params.verificationId,
        request.body,
      ),
  );
};
