import { z } from 'zod';
import { listQuerySchema } from './admin.ts';
import { requiredText } from './fields.ts';

/*
 * Reviews after a completed deal (decision 0039): the buyer rates the seller and the
 * seller the buyer, 1 to 5 stars and a few words, within REVIEW_WINDOW_DAYS of the money
 * being released. Each review stays sealed until both are in or the window closes.
 */

/** How long after a deal completes its two sides may review each other. */
export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_REPORT_REASON_MIN = 10;
export const REVIEW_REPORT_REASON_MAX = 500;
export const REVIEW_HIDE_REASON_MAX = 500;

export const reviewMessages = {
  ratingRequired: 'Please choose from 1 to 5 stars',
  bodyRequired: 'Please write a few words about the deal',
  bodyTooShort: `Please write at least ${REVIEW_BODY_MIN} characters`,
  replyRequired: 'Please write your reply',
  reportReasonRequired: 'Please say what is wrong with this review',
  reportReasonTooShort: `Please write at least ${REVIEW_REPORT_REASON_MIN} characters`,
  hideReasonRequired: 'Please note why the review is hidden (only admins read it)',
} as const;

/** Trimmed text of at least `min` characters (after `requiredText`'s own checks). */
const textOfAtLeast = (min: number, tooShort: string) => z.string().min(min, tooShort);

/** The author's side of the deal: the buyer reviews the seller, the seller the buyer. */
export const reviewRoles = ['buyer', 'seller'] as const;
export type ReviewRole = (typeof reviewRoles)[number];

/** POST /api/orders/:id/reviews: the signed-in side of a completed deal reviews the other. */
export const writeReviewBodySchema = z.object({
  rating: z.coerce
    .number({ error: reviewMessages.ratingRequired })
    .int(reviewMessages.ratingRequired)
    .min(1, reviewMessages.ratingRequired)
    .max(5, reviewMessages.ratingRequired),
  body: requiredText(reviewMessages.bodyRequired, REVIEW_BODY_MAX, { multiline: true }).pipe(
    textOfAtLeast(REVIEW_BODY_MIN, reviewMessages.bodyTooShort),
  ),
});
export type WriteReviewBody = z.input<typeof writeReviewBodySchema>;

/** POST /api/reviews/:reviewId/reply: the reviewed person's one answer. */
export const reviewReplyBodySchema = z.object({
  reply: requiredText(reviewMessages.replyRequired, REVIEW_REPLY_MAX, { multiline: true }),
});
export type ReviewReplyBody = z.input<typeof reviewReplyBodySchema>;

/**
 * POST /api/reviews/:reviewId/report: anyone signed in says a published review breaks
 * the rules. 201 `{ reported: true }` the first time; 200 and nothing changes after.
 */
export const reviewReportBodySchema = z.object({
  reason: requiredText(reviewMessages.reportReasonRequired, REVIEW_REPORT_REASON_MAX, {
    multiline: true,
  }).pipe(textOfAtLeast(REVIEW_REPORT_REASON_MIN, reviewMessages.reportReasonTooShort)),
});
export type ReviewReportBody = z.input<typeof reviewReportBodySchema>;

export const reviewReportedSchema = z.object({ reported: z.literal(true) });

/** `:reviewId` of the review routes. */
export const reviewIdParamsSchema = z.object({ reviewId: z.uuid({ message: 'Not a valid id' }) });

/** One review as a side of the deal reads it on the order page. */
export const orderReviewSchema = z.object({
  _id: z.string(),
  authorRole: z.enum(reviewRoles),
  authorName: z.string(),
  subjectName: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  createdAt: z.string(),
  /** When it is (or will be) published: in the future while it is sealed. */
  publishedAt: z.string(),
  published: z.boolean(),
  /** An admin hid it after a report: nobody else reads it now. */
  hidden: z.boolean(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

/** GET /api/orders/:id/reviews: where the deal's reviews stand, for its buyer or seller. */
export const orderReviewsSchema = z.object({
  viewerRole: z.enum(reviewRoles),
  /** The other side's first name or display name, for "Review the seller" texts. */
  otherName: z.string(),
  /** The deal completed (money released): reviews may be written from then on. */
  completed: z.boolean(),
  /** When the window to write closes; null until the deal completes. */
  windowClosesAt: z.string().nullable(),
  /** The viewer may write their review now. */
  canWrite: z.boolean(),
  /** The viewer's own review, sealed or published. */
  mine: orderReviewSchema.nullable(),
  /** The other side has written theirs (its content only in `theirs`, once published). */
  theyWrote: z.boolean(),
  /** The other side's review of the viewer, only once published and not hidden. */
  theirs: orderReviewSchema.nullable(),
  /** The viewer may reply to `theirs`. */
  canReply: z.boolean(),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;

/** GET /api/admin/review-reports: open reports, one entry per reported review. */
export const reviewReportsQuerySchema = listQuerySchema.omit({ q: true });

export const reportedReviewSchema = z.object({
  reviewId: z.string(),
  rating: z.number(),
  body: z.string(),
  reply: z.string().nullable(),
  publishedAt: z.string(),
  author: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  subject: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  authorRole: z.enum(reviewRoles),
  reports: z.array(
    z.object({
      _id: z.string(),
      reporterName: z.string(),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;

/** POST /api/admin/review-reports/:reviewId/hide: the note only admins read. */
export const hideReviewBodySchema = z.object({
  reason: requiredText(reviewMessages.hideReasonRequired, REVIEW_HIDE_REASON_MAX, {
    multiline: true,
  }),
});
export type HideReviewBody = z.input<typeof hideReviewBodySchema>;
