import { z } from 'zod';
import { productSchema } from './products.ts';

/**
 * A seller's rating: the average of the stars buyers gave them in their published,
 * not hidden reviews (one decimal), and how many; null before their first.
 */
export const sellerRatingSchema = z.object({ average: z.number(), count: z.number() }).nullable();
export type SellerRating = z.infer<typeof sellerRatingSchema>;

/**
 * "Top seller", as the About page publishes it: enough completed deals, a high
 * average, and no dispute lost lately (a refund in full or in part).
 */
export const topSellerRules = { completedDeals: 10, average: 4.7, disputeFreeDays: 90 } as const;

/**
 * How soon a seller usually answers a buyer's first message: the median over their
 * conversations of the last 90 days (at least REPLY_TIME_MIN_CONVERSATIONS of them).
 */
export const replyTimes = ['hour', 'hours', 'day'] as const;
export type ReplyTime = (typeof replyTimes)[number];
export const REPLY_TIME_MIN_CONVERSATIONS = 3;

/** One buyer's review of the seller, with the seller's reply. */
export const sellerReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  /** The buyer's first name only. */
  authorName: z.string(),
  publishedAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type SellerReview = z.infer<typeof sellerReviewSchema>;

/** A page of a seller's reviews, newest first; `nextCursor` asks for the next. */
export const sellerReviewsPageSchema = z.object({
  reviews: z.array(sellerReviewSchema),
  nextCursor: z.string().nullable(),
});
export type SellerReviewsPage = z.infer<typeof sellerReviewsPageSchema>;

export const sellerIdParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'Not a valid seller id')
    .max(64, 'Not a valid seller id')
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid seller id'),
});

export const sellerReviewsQuerySchema = z.object({
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});

/** GET /api/sellers/:id: a seller's public profile. */
export const sellerProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** Checked by an admin (see the About page). */
  isVerified: z.boolean(),
  memberSince: z.string(),
  rating: sellerRatingSchema,
  /** Listings a buyer paid for (marked sold at payment), as the laptop page counts them. */
  laptopsSold: z.number(),
  /** null: too few conversations lately to say, or usually slower than a day. */
  replyTime: z.enum(replyTimes).nullable(),
  topSeller: z.boolean(),
  /** Their laptops for sale, newest first: the first page of cards. */
  laptops: z.array(productSchema),
  /** How many laptops they have for sale in all. */
  laptopsForSale: z.number(),
  reviews: sellerReviewsPageSchema,
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;
