/**
 * Reviews after a completed deal (decision 0039): each side writes one within
 * REVIEW_WINDOW_DAYS of the release, sealed until both are in or the window closes;
 * the reviewed person replies once; anyone signed in reports a published review, and
 * an admin hides it or dismisses the reports.
 *
 * A review is visible when `published_at <= now` and `hidden_at is null`. Writing takes
 * the order's row lock, so two reviews arriving together take turns: the second one
 * always finds the first and publishes both.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  REVIEW_WINDOW_MS,
  type OrderReview,
  type OrderReviews,
  type ReportedReview,
  type ReviewRole,
} from '@laptops/shared/reviews';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { reviewReports, reviews } from '../../db/schema/reviews.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { audit } from '../admin/admin.service.ts';
import type { Viewer } from '../auth/viewer.ts';
import { lockDeal } from '../deals/deal-actions.ts';
import type { JobSender } from '../jobs/job-queue.ts';
import { queueRatingKeyRefresh } from '../sellers/seller-rating-keys.ts';
import { reviewedYouMail } from './reviews.mails.ts';

export type ReviewDeps = {
  db: Db;
  mailer: Mailer;
  log: { error(obj: unknown, msg: string): void };
  publicUrl: string;
  /** The job queue, when it runs: a sealed review of a seller refreshes their sort key when it opens. */
  jobs?: JobSender;
};

export const reviewRefusals = {
  notCompleted: 'You can review this deal once it is completed and the money is released.',
  windowClosed: 'The time to review this deal is over.',
  alreadyWritten: 'You have already reviewed this deal.',
  notPublished: 'You can reply once the review is published.',
  alreadyReplied: 'You have already replied to this review.',
  ownReview: 'You cannot report your own review.',
  alreadyHidden: 'This review is already hidden.',
  noOpenReports: 'This review has no open reports.',
} as const;

const noSuchOrder = () => notFound('You have no such order.');
const noSuchReview = () => notFound('There is no such review.');

type ReviewRow = typeof reviews.$inferSelect;

/** When the review window of a deal completed at `completedAt` closes. */
export const windowClosesAt = (completedAt: Date) =>
  new Date(completedAt.getTime() + REVIEW_WINDOW_MS);

const isVisible = (review: ReviewRow, now: Date) =>
  review.publishedAt <= now && review.hiddenAt === null;

/** The order's buyer and seller, and who the viewer is in it; anyone else gets a 404. */
async function dealSides(db: Db, orderId: string, viewerId: string) {
  const [row] = await db
    .select({
      buyerId: orders.buyerId,
      sellerId: products.sellerId,
      completedAt: orders.completedAt,
      productName: products.name,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId));
  if (!row) throw noSuchOrder();
  const role: ReviewRole | undefined =
    row.buyerId === viewerId ? 'buyer' : row.sellerId === viewerId ? 'seller' : undefined;
  if (!role) throw noSuchOrder();
  return { ...row, role };
}

async function namesOf(db: Db, ids: string[]) {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

function asOrderReview(
  review: ReviewRow,
  names: Map<string, { name: string }>,
  now: Date,
): OrderReview {
  return {
    _id: review.id,
    authorRole: review.authorRole,
    authorName: names.get(review.authorId)?.name ?? '',
    subjectName: names.get(review.subjectId)?.name ?? '',
    rating: review.rating,
    body: review.body,
    createdAt: review.createdAt.toISOString(),
    publishedAt: review.publishedAt.toISOString(),
    published: review.publishedAt <= now,
    hidden: review.hiddenAt !== null,
    reply: review.reply,
    repliedAt: review.repliedAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/orders/:id/reviews: the viewer's own review, whether the other side wrote
 * theirs, and its content only once it is published (and not hidden).
 */
export async function orderReviews(db: Db, viewer: Viewer, orderId: string): Promise<OrderReviews> {
  const deal = await dealSides(db, orderId, viewer.id);
  const now = new Date();
  const rows = await db.select().from(reviews).where(eq(reviews.orderId, orderId));
  const mine = rows.find((review) => review.authorRole === deal.role) ?? null;
  const other = rows.find((review) => review.authorRole !== deal.role) ?? null;
  const otherId = deal.role === 'buyer' ? deal.sellerId : deal.buyerId;
  const names = await namesOf(db, [viewer.id, otherId]);
  const closesAt = deal.completedAt ? windowClosesAt(deal.completedAt) : null;
  const theirs = other && isVisible(other, now) ? asOrderReview(other, names, now) : null;
  return {
    viewerRole: deal.role,
    otherName: names.get(otherId)?.name ?? '',
    completed: deal.completedAt !== null,
    windowClosesAt: closesAt?.toISOString() ?? null,
    canWrite: closesAt !== null && now < closesAt && mine === null,
    mine: mine ? asOrderReview(mine, names, now) : null,
    theyWrote: other !== null,
    theirs,
    canReply: theirs !== null && theirs.reply === null,
  };
}

/**
 * POST /api/orders/:id/reviews. Under the order's lock: the deal must be completed and
 * its window open, and this side must not have written yet. The first review is sealed
 * until the window closes (and the other side is emailed, once); the second publishes
 * both now.
 */
export async function writeReview(
  deps: ReviewDeps,
  viewer: Viewer,
  orderId: string,
  input: { rating: number; body: string },
) {
  const written = await deps.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, orderId);
    const role: ReviewRole | undefined =
      deal.order.buyerId === viewer.id
        ? 'buyer'
        : deal.product.sellerId === viewer.id
          ? 'seller'
          : undefined;
    if (!role) throw noSuchOrder();
    const { completedAt } = deal.order;
    if (!completedAt) throw new HttpError(409, 'DEAL_NOT_COMPLETED', reviewRefusals.notCompleted);
    const closesAt = windowClosesAt(completedAt);
    const now = new Date();
    if (now >= closesAt)
      throw new HttpError(409, 'REVIEW_WINDOW_CLOSED', reviewRefusals.windowClosed);
    const existing = await tx.select().from(reviews).where(eq(reviews.orderId, orderId));
    if (existing.some((review) => review.authorRole === role))
      throw new HttpError(409, 'ALREADY_REVIEWED', reviewRefusals.alreadyWritten);
    const other = existing.find((review) => review.authorRole !== role);
    const subjectId = role === 'buyer' ? deal.product.sellerId : deal.order.buyerId;
    // "Now" by the database's clock (the transaction's start), which visibility is read
    // with: the trigger keeping the rating sort's key (migration 0032) counts the review
    // in this same transaction, where this server's later clock would still be ahead.
    const publishedNow = sql<Date>`now()`;
    await tx.insert(reviews).values({
      orderId,
      authorId: viewer.id,
      subjectId,
      authorRole: role,
      rating: input.rating,
      body: input.body,
      createdAt: now,
      publishedAt: other ? publishedNow : closesAt,
    });
    if (other) {
      // Both are in: both are published now (the other's was sealed until the window closed).
      await tx
        .update(reviews)
        .set({ publishedAt: publishedNow })
        .where(and(eq(reviews.id, other.id), gt(reviews.publishedAt, publishedNow)));
    }
    return { first: !other, role, subjectId, closesAt, productName: deal.product.name };
  });
  if (written.first && written.role === 'buyer') {
    // Sealed until the window closes unless the seller answers first (which the
    // trigger sees): the rating sort's key must change at that moment, with no write.
    await queueRatingKeyRefresh(deps.jobs, written.subjectId, written.closesAt).catch(
      (error: unknown) => deps.log.error({ err: error }, 'seller rating key refresh not queued'),
    );
  }
  if (written.first) await tellOtherSide(deps, viewer, orderId, written);
}

/** The side that has not written yet hears, once, that a sealed review waits for theirs. */
async function tellOtherSide(
  deps: ReviewDeps,
  author: Viewer,
  orderId: string,
  written: { subjectId: string; closesAt: Date; productName: string },
) {
  const names = await namesOf(deps.db, [author.id, written.subjectId]);
  const subject = names.get(written.subjectId);
  if (!subject) return;
  const daysLeft = Math.max(
    1,
    Math.ceil((written.closesAt.getTime() - Date.now()) / (24 * 60 * 60 * 1000)),
  );
  await deps.mailer
    .send(
      reviewedYouMail({
        to: subject.email,
        recipientName: subject.name,
        authorName: names.get(author.id)?.name ?? 'The other side',
        productName: written.productName,
        daysLeft,
        orderUrl: `${deps.publicUrl}/dashboard/orders/${orderId}`,
      }),
    )
    .catch((error: unknown) => deps.log.error({ err: error }, 'review email not sent'));
}

/** A review under its row lock; a missing one is a 404. */
async function lockReview(tx: Db, reviewId: string) {
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
  if (!review) throw noSuchReview();
  return review;
}

/**
 * POST /api/reviews/:reviewId/reply: the reviewed person answers a published review,
 * once. Answers the order's id, so the route can send the order page's reviews.
 */
export async function replyToReview(
  db: Db,
  viewer: Viewer,
  reviewId: string,
  reply: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    if (review.subjectId !== viewer.id) throw noSuchReview();
    const now = new Date();
    if (!isVisible(review, now))
      throw new HttpError(409, 'REVIEW_NOT_PUBLISHED', reviewRefusals.notPublished);
    if (review.reply !== null)
      throw new HttpError(409, 'ALREADY_REPLIED', reviewRefusals.alreadyReplied);
    await tx.update(reviews).set({ reply, repliedAt: now }).where(eq(reviews.id, reviewId));
    return review.orderId;
  });
}

/**
 * POST /api/reviews/:reviewId/report: a published review someone says breaks the rules.
 * Answers whether a report was added: a second one by the same person changes nothing.
 */
export async function reportReview(
  db: Db,
  viewer: Viewer,
  reviewId: string,
  reason: string,
): Promise<boolean> {
  const [review] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  // A sealed or hidden review cannot be read, so it cannot be reported either.
  if (!review || !isVisible(review, new Date())) throw noSuchReview();
  if (review.authorId === viewer.id)
    throw new HttpError(409, 'OWN_REVIEW', reviewRefusals.ownReview);
  const added = await db
    .insert(reviewReports)
    .values({ reviewId, reporterId: viewer.id, reason })
    .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.reporterId] })
    .returning({ id: reviewReports.id });
  return added.length > 0;
}

const author = alias(users, 'review_author');
const subject = alias(users, 'review_subject');

/**
 * GET /api/admin/review-reports: the reviews with open reports, the longest waiting
 * first, each with its open reports.
 */
export async function listReportedReviews(
  db: Db,
  query: { page: number; limit: number },
): Promise<{ rows: ReportedReview[]; total: number }> {
  const open = isNull(reviewReports.resolvedAt);
  const [totals] = await db
    .select({ n: sql<number>`count(distinct ${reviewReports.reviewId})::int`.mapWith(Number) })
    .from(reviewReports)
    .where(open);
  const firstReported = sql<Date>`min(${reviewReports.createdAt})`;
  const page = await db
    .select({ reviewId: reviewReports.reviewId, first: firstReported })
    .from(reviewReports)
    .where(open)
    .groupBy(reviewReports.reviewId)
    .orderBy(asc(firstReported), asc(reviewReports.reviewId))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const ids = page.map((row) => row.reviewId);
  if (ids.length === 0) return { rows: [], total: totals?.n ?? 0 };
  const [found, reports] = await Promise.all([
    db
      .select({
        review: reviews,
        author: { id: author.id, name: author.name, email: author.email },
        subject: { id: subject.id, name: subject.name, email: subject.email },
      })
      .from(reviews)
      .innerJoin(author, eq(author.id, reviews.authorId))
      .innerJoin(subject, eq(subject.id, reviews.subjectId))
      .where(inArray(reviews.id, ids)),
    db
      .select({
        id: reviewReports.id,
        reviewId: reviewReports.reviewId,
        reason: reviewReports.reason,
        createdAt: reviewReports.createdAt,
        reporterName: users.name,
      })
      .from(reviewReports)
      .innerJoin(users, eq(users.id, reviewReports.reporterId))
      .where(and(inArray(reviewReports.reviewId, ids), open))
      .orderBy(asc(reviewReports.createdAt)),
  ]);
  const byId = new Map(found.map((row) => [row.review.id, row]));
  const rows = ids.flatMap((id): ReportedReview[] => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        reviewId: id,
        rating: row.review.rating,
        body: row.review.body,
        reply: row.review.reply,
        publishedAt: row.review.publishedAt.toISOString(),
        authorRole: row.review.authorRole,
        author: { _id: row.author.id, name: row.author.name, email: row.author.email },
        subject: { _id: row.subject.id, name: row.subject.name, email: row.subject.email },
        reports: reports
          .filter((report) => report.reviewId === id)
          .map((report) => ({
            _id: report.id,
            reporterName: report.reporterName,
            reason: report.reason,
            createdAt: report.createdAt.toISOString(),
          })),
      },
    ];
  });
  return { rows, total: totals?.n ?? 0 };
}

/** Resolves the review's open reports as `resolution`; answers how many. */
async function resolveOpenReports(
  tx: Db,
  admin: Viewer,
  reviewId: string,
  resolution: 'hidden' | 'dismissed',
) {
  const resolved = await tx
    .update(reviewReports)
    .set({ resolvedAt: new Date(), resolvedBy: admin.id, resolution })
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)))
    .returning({ id: reviewReports.id });
  return resolved.length;
}

async function auditTarget(tx: Db, review: ReviewRow) {
  const names = await namesOf(tx, [review.authorId, review.subjectId]);
  return `Review by ${names.get(review.authorId)?.email ?? '?'} of ${names.get(review.subjectId)?.email ?? '?'}`;
}

/**
 * POST /api/admin/review-reports/:reviewId/hide: nobody but admins reads the review
 * from now on (the reason is for admins only), and its open reports are resolved.
 */
export async function hideReview(db: Db, admin: Viewer, reviewId: string, reason: string) {
  return db.transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    if (review.hiddenAt !== null)
      throw new HttpError(409, 'REVIEW_HIDDEN', reviewRefusals.alreadyHidden);
    await tx
      .update(reviews)
      .set({ hiddenAt: new Date(), hiddenBy: admin.id, hiddenReason: reason })
      .where(eq(reviews.id, reviewId));
    const reports = await resolveOpenReports(tx, admin, reviewId, 'hidden');
    await audit(tx, admin, 'hide-review', await auditTarget(tx, review), {
      reviewId,
      reason,
      reports,
    });
    return { modifiedCount: 1 };
  });
}

/** POST /api/admin/review-reports/:reviewId/dismiss: the review stays; its reports close. */
export async function dismissReviewReports(db: Db, admin: Viewer, reviewId: string) {
  return db.transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    const reports = await resolveOpenReports(tx, admin, reviewId, 'dismissed');
    if (reports === 0) throw new HttpError(409, 'NO_OPEN_REPORTS', reviewRefusals.noOpenReports);
    await audit(tx, admin, 'dismiss-review-reports', await auditTarget(tx, review), {
      reviewId,
      reports,
    });
    return { modifiedCount: reports };
  });
}
