/**
 * Reviews after a completed deal: the order page's reviews, writing one, the reviewed
 * person's reply, anyone's report, and the admins' queue of reported reviews.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { idParamsSchema } from '@laptops/shared/ids';
import { modifiedCountSchema } from '@laptops/shared/products';
import {
  hideReviewBodySchema,
  orderReviewsSchema,
  reportedReviewSchema,
  reviewIdParamsSchema,
  reviewReplyBodySchema,
  reviewReportBodySchema,
  reviewReportedSchema,
  reviewReportsQuerySchema,
  writeReviewBodySchema,
} from '@laptops/shared/reviews';
import { createRateLimiter, enforceLimit, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { requireViewer } from '../auth/viewer.ts';
import {
  dismissReviewReports,
  hideReview,
  listReportedReviews,
  orderReviews,
  replyToReview,
  reportReview,
  writeReview,
  type ReviewDeps,
} from './reviews.service.ts';

const refusals = { 404: apiErrorSchema, 409: apiErrorSchema };
const HOUR_MS = 60 * 60_000;

export const reviewsRoutes: FastifyPluginAsyncZod<{
  deps: ReviewDeps;
  rateLimitStore: RateLimitStore;
}> = async (app, { deps, rateLimitStore }) => {
  // One review per side per deal; these only slow someone scripting many (each may mail).
  const writes = createRateLimiter({
    store: rateLimitStore,
    name: 'write-review',
    max: 20,
    windowMs: HOUR_MS,
  });
  const replies = createRateLimiter({
    store: rateLimitStore,
    name: 'review-reply',
    max: 20,
    windowMs: HOUR_MS,
  });
  const reports = createRateLimiter({
    store: rateLimitStore,
    name: 'review-report',
    max: 10,
    windowMs: HOUR_MS,
  });

  app.get(
    '/api/orders/:id/reviews',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reviews'],
        summary:
          "The deal's reviews for its buyer or seller: their own, and the other side's once published",
        params: idParamsSchema,
        response: { 200: orderReviewsSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header('cache-control', 'private, no-store');
      return orderReviews(deps.db, viewer, request.params.id);
    },
  );

  app.post(
    '/api/orders/:id/reviews',
    {
      config: { access: 'signed-in' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['reviews'],
        summary:
          'The buyer or seller of a completed deal reviews the other side: sealed until both are in or the window closes',
        params: idParamsSchema,
        body: writeReviewBodySchema,
        response: {
          201: orderReviewsSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await enforceLimit(
        writes,
        viewer.id,
        reply,
        'You have written many reviews in a short time. Please try again in an hour.',
      );
      await writeReview(deps, viewer, request.params.id, request.body);
      reply.code(201);
      return orderReviews(deps.db, viewer, request.params.id);
    },
  );

  app.post(
    '/api/reviews/:reviewId/reply',
    {
      config: { access: 'signed-in', keepsLists: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['reviews'],
        summary: 'The reviewed person answers a published review of them, once',
        params: reviewIdParamsSchema,
        body: reviewReplyBodySchema,
        response: {
          200: orderReviewsSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await enforceLimit(
        replies,
        viewer.id,
        reply,
        'You have replied many times in a short time. Please try again in an hour.',
      );
      const orderId = await replyToReview(
        deps.db,
        viewer,
        request.params.reviewId,
        request.body.reply,
      );
      return orderReviews(deps.db, viewer, orderId);
    },
  );

  app.post(
    '/api/reviews/:reviewId/report',
    {
      config: { access: 'signed-in', keepsLists: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['reviews'],
        summary:
          'Report a published review to the admins: 201 the first time, 200 (nothing changes) after',
        params: reviewIdParamsSchema,
        body: reviewReportBodySchema,
        response: {
          200: reviewReportedSchema,
          201: reviewReportedSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await enforceLimit(
        reports,
        viewer.id,
        reply,
        'You have reported many reviews in a short time. Please try again in an hour.',
      );
      const added = await reportReview(
        deps.db,
        viewer,
        request.params.reviewId,
        request.body.reason,
      );
      reply.code(added ? 201 : 200);
      return { reported: true as const };
    },
  );

  app.get(
    '/api/admin/review-reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'reviews'],
        summary:
          'Reviews with open reports, the longest waiting first, each with its reports; the total is in X-Total-Count',
        querystring: reviewReportsQuerySchema,
        response: { 200: z.array(reportedReviewSchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listReportedReviews(deps.db, request.query);
      reply.header('x-total-count', String(total));
      reply.header('cache-control', 'private, no-store');
      return rows;
    },
  );

  app.post(
    '/api/admin/review-reports/:reviewId/hide',
    {
      config: { access: 'admin' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['admin', 'reviews'],
        summary:
          'Hide a review from everyone but admins (the reason is for admins) and resolve its open reports',
        params: reviewIdParamsSchema,
        body: hideReviewBodySchema,
        response: { 200: modifiedCountSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request) =>
      hideReview(
        deps.db,
        await requireViewer(request),
        request.params.reviewId,
        request.body.reason,
      ),
  );

  app.post(
    '/api/admin/review-reports/:reviewId/dismiss',
    {
      config: { access: 'admin', keepsLists: true },
      schema: {
        tags: ['admin', 'reviews'],
        summary: "Dismiss a review's open reports: the review stays published",
        params: reviewIdParamsSchema,
        response: { 200: modifiedCountSchema, ...refusals },
      },
    },
    async (request) =>
      dismissReviewReports(deps.db, await requireViewer(request), request.params.reviewId),
  );
};
