import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * One side's review of the other after a completed deal (money released): the buyer
 * rates the seller, the seller rates the buyer. Neither sees the other's before writing
 * their own: a review is published when the other side's is in, or when the review
 * window closes, whichever comes first. `publishedAt` holds that moment (in the future
 * while the review is sealed), so "visible" is `published_at <= now()` and no job has
 * to flip anything when the window closes.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The person reviewed. */
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The author's side of the deal: 'buyer' reviews the seller, 'seller' the buyer. */
    authorRole: text('author_role', { enum: ['buyer', 'seller'] }).notNull(),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** The reviewed person's one public answer. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Set when an admin hid the review after a report (audited in admin_actions). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'restrict' }),
    hiddenReason: text('hidden_reason'),
  },
  (table) => [
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    check('reviews_not_self', sql`${table.authorId} <> ${table.subjectId}`),
    check('reviews_reply_whole', sql`(${table.reply} is null) = (${table.repliedAt} is null)`),
    // One review per side per deal.
    uniqueIndex('reviews_one_per_side_idx').on(table.orderId, table.authorRole),
    // A person's published reviews, newest first, and their average (profile, cards).
    index('reviews_subject_published_idx')
      .on(table.subjectId, table.publishedAt.desc())
      .where(sql`${table.hiddenAt} is null`),
    // A seller's rating (average and count), read from the index alone: every card reads
    // its seller's, and a seller's reviews lie on as many table pages as reviews.
    index('reviews_subject_rating_idx')
      .on(table.subjectId, table.authorRole, table.publishedAt, table.rating)
      .where(sql`${table.hiddenAt} is null`),
    // Buyers' reviews by when they open: the sweep that refreshes the rating sort's key
    // of sellers whose sealed reviews opened lately (seller-rating-keys.ts).
    index('reviews_seller_published_idx')
      .on(table.publishedAt)
      .where(sql`${table.authorRole} = 'buyer' and ${table.hiddenAt} is null`),
  ],
);

/** Someone's report that a review breaks the rules, for an admin to hide or dismiss. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'restrict' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'restrict' }),
    /** 'hidden' or 'dismissed'. */
    resolution: text('resolution', { enum: ['hidden', 'dismissed'] }),
  },
  (table) => [
    uniqueIndex('review_reports_one_per_reporter_idx').on(table.reviewId, table.reporterId),
    index('review_reports_open_idx')
      .on(table.createdAt)
      .where(sql`${table.resolvedAt} is null`),
  ],
);
