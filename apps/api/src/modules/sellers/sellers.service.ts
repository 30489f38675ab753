/**
 * A seller's public profile: who they are, their rating and record, how soon they
 * usually answer, their laptops for sale and buyers' reviews of them. Only sellers
 * have one: a buyer's or an admin's id, a deleted account and an unknown id are all
 * "no such seller".
 */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  REPLY_TIME_MIN_CONVERSATIONS,
  topSellerRules,
  type ReplyTime,
  type SellerProfile,
  type SellerRating,
  type SellerReviewsPage,
} from '@laptops/shared/sellers';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { products } from '../../db/schema/products.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { listed, productColumns, toProduct } from '../products/products.service.ts';
import { aboutTheSeller, sellerRatingOf, visibleReview } from './seller-ratings.ts';

/** The profile's first page of laptops, as many as a search page's. */
export const PROFILE_LAPTOPS = 12;
/** Reviews a page. */
export const REVIEWS_PAGE = 10;
/** The window of conversations the reply time is measured over, and of disputes lost. */
const RECENT_DAYS = 90;

/** A conversation the seller never answered counts as this slow (seconds): slower than any answer. */
const NEVER_ANSWERED = 1e9;

const noSuchSeller = () => notFound('There is no such seller.');

/** The median reply in seconds, said the way the profile says it; null if slower than a day. */
export function replyTimeOf(medianSeconds: number): ReplyTime | null {
  if (medianSeconds <= 3600) return 'hour';
  if (medianSeconds <= 6 * 3600) return 'hours';
  if (medianSeconds <= 24 * 3600) return 'day';
  return null;
}

type SellerRecord = {
  id: string;
  name: string;
  image: string | null;
  isVerified: boolean;
  memberSince: Date;
  rating: SellerRating;
  laptopsSold: number;
  laptopsForSale: number;
  completedDeals: number;
  disputesLost: number;
  replies: number;
  medianReplySeconds: number | null;
};

function selectSellerRecord(db: Db) {
  const days = sql.raw(`make_interval(days => ${RECENT_DAYS})`);
  return db
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      isVerified: users.isVerified,
      memberSince: users.createdAt,
      // Named with its table: a one-table select writes its columns unqualified.
      rating: sellerRatingOf(sql`"users"."id"`),
      // Both counts in one pass over products_seller_status_idx, without the table.
      listings: sql<{ sold: number; forSale: number }>`(select json_build_object(
          'sold', count(*) filter (where p.status = 'sold'),
          'forSale', count(*) filter (where p.status = 'available' and p.deleted_at is null))
        from products p where p.seller_id = "users"."id")`,
      // A completed deal's laptop is sold (only a cancelled booking puts it back on sale,
      // and a deal is completed only by releasing the money), so only sold ones are joined.
      completedDeals: sql<number>`(select count(*)::int from products p
        join orders o on o.product_id = p.id
        where p.seller_id = "users"."id" and p.status = 'sold' and o.completed_at is not null)`,
      disputesLost: sql<number>`(select count(*)::int from disputes d
        join orders o on o.id = d.order_id join products p on p.id = o.product_id
        where p.seller_id = "users"."id" and d.outcome in ('refund', 'refund-part')
          and d.settled_at > now() - ${days})`,
      replies: sql<{ count: number; median: number | null }>`(
        select json_build_object('count', count(*), 'median',
          percentile_cont(0.5) within group (order by coalesce(
            extract(epoch from answered.at - asked.at)::float8, ${sql.raw(String(NEVER_ANSWERED))})))
        from conversations c
        cross join lateral (
          select min(m.created_at) as at from messages m
          where m.conversation_id = c.id and m.sender_id = c.buyer_id) asked
        cross join lateral (
          select min(m.created_at) as at from messages m
          where m.conversation_id = c.id and m.sender_id = c.seller_id
            and m.created_at >= asked.at) answered
        where c.seller_id = "users"."id" and c.last_message_at > now() - ${days}
          and asked.at > now() - ${days})`,
    })
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('id')),
        eq(users.typeOfUser, 'seller'),
        isNull(users.deletedAt),
      ),
    )
    .prepare('seller_record');
}

/**
 * The seller and their record in one statement, prepared (statementsFor): its
 * subqueries cost PostgreSQL 2 to 10 ms to plan each time, more than running them
 * (1.6 ms at a million listings). Reply time: in each conversation of the last 90
 * days, the time from the buyer's first message to the seller's first answer after it
 * (never answered counts as slowest), and the median of those.
 */
async function sellerRecord(db: Db, id: string): Promise<SellerRecord | undefined> {
  const [row] = await statementsFor(db).record.execute({ id });
  if (!row) return undefined;
  const { listings, ...rest } = row;
  return {
    ...rest,
    laptopsSold: listings.sold,
    laptopsForSale: listings.forSale,
    replies: row.replies.count,
    medianReplySeconds: row.replies.median,
  };
}

/** Whether the record meets the published "Top seller" rules (topSellerRules). */
export function isTopSeller(
  record: Pick<SellerRecord, 'rating' | 'completedDeals' | 'disputesLost'>,
) {
  return (
    record.completedDeals >= topSellerRules.completedDeals &&
    record.rating !== null &&
    // The average as the profile shows it (one decimal).
    record.rating.average >= topSellerRules.average &&
    record.disputesLost === 0
  );
}

export async function getSellerProfile(db: Db, id: string): Promise<SellerProfile> {
  const record = await sellerRecord(db, id);
  if (!record) throw noSuchSeller();
  const [laptops, page] = await Promise.all([
    statementsFor(db).laptops.execute({ id }),
    reviewsPage(db, id, undefined),
  ]);
  const median = record.medianReplySeconds;
  return {
    id: record.id,
    name: record.name,
    image: record.image,
    isVerified: record.isVerified,
    memberSince: record.memberSince.toISOString(),
    rating: record.rating,
    laptopsSold: record.laptopsSold,
    replyTime:
      record.replies >= REPLY_TIME_MIN_CONVERSATIONS && median !== null
        ? replyTimeOf(median)
        : null,
    topSeller: isTopSeller(record),
    laptops: laptops.map((row) => toProduct({ ...row, sellerRating: record.rating })),
    laptopsForSale: record.laptopsForSale,
    reviews: page,
  };
}

/** A page of reviews after `cursor`, for GET /api/sellers/:id/reviews. */
export async function getSellerReviews(
  db: Db,
  id: string,
  cursor: string | undefined,
): Promise<SellerReviewsPage> {
  const [seller] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.typeOfUser, 'seller'), sql`${users.deletedAt} is null`));
  if (!seller) throw noSuchSeller();
  return reviewsPage(db, id, cursor === undefined ? undefined : decodeReviewCursor(cursor));
}

type ReviewCursor = { p: string; id: string };

const badCursor = () =>
  new HttpError(400, 'BAD_CURSOR', 'This page link is no longer valid. Please reload the page.');

function decodeReviewCursor(text: string): ReviewCursor {
  try {
    const parsed = JSON.parse(
      Buffer.from(text, 'base64url').toString('utf8'),
    ) as Partial<ReviewCursor>;
    if (
      typeof parsed.p === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(parsed.p) &&
      !Number.isNaN(Date.parse(parsed.p)) &&
      typeof parsed.id === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(parsed.id)
    ) {
      return { p: parsed.p, id: parsed.id };
    }
  } catch {
    // fall through
  }
  throw badCursor();
}

/** The publication time to the microsecond, as the cursor keeps it. */
const publishedKey = sql<string>`to_char(${reviews.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function selectReviews(db: Db, after: SQL | undefined) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      authorName: sql<string>`split_part(trim(${users.name}), ' ', 1)`,
      publishedAt: reviews.publishedAt,
      key: publishedKey,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .where(and(eq(reviews.subjectId, sql.placeholder('id')), aboutTheSeller, visibleReview, after))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(REVIEWS_PAGE + 1);
}

/**
 * The profile's statements, prepared once per database (as the laptop page's is):
 * planning them cost more than running them at a million listings.
 */
function prepareStatements(db: Db) {
  return {
    record: selectSellerRecord(db),
    laptops: db
      // Every laptop here is the seller's: their rating is read once, with the record.
      .select({ ...productColumns, sellerRating: sql<SellerRating>`null` })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(
        and(listed, eq(products.sellerId, sql.placeholder('id')), eq(products.status, 'available')),
      )
      .orderBy(desc(products.dateOfPost), desc(products.id))
      .limit(PROFILE_LAPTOPS)
      .prepare('seller_laptops'),
    firstReviews: selectReviews(db, undefined).prepare('seller_reviews'),
    laterReviews: selectReviews(
      db,
      sql`(${reviews.publishedAt}, ${reviews.id}) < (${sql.placeholder('p')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
    ).prepare('seller_reviews_after'),
  };
}

const preparedStatements = new WeakMap<Db, ReturnType<typeof prepareStatements>>();

function statementsFor(db: Db) {
  let statements = preparedStatements.get(db);
  if (!statements) {
    statements = prepareStatements(db);
    preparedStatements.set(db, statements);
  }
  return statements;
}

/**
 * Buyers' published, not hidden reviews of the seller, newest first (the subject's
 * index, in its order), each with the seller's reply, the author's first name only.
 */
async function reviewsPage(
  db: Db,
  sellerId: string,
  after: ReviewCursor | undefined,
): Promise<SellerReviewsPage> {
  const statements = statementsFor(db);
  const rows = after
    ? await statements.laterReviews.execute({ id: sellerId, p: after.p, afterId: after.id })
    : await statements.firstReviews.execute({ id: sellerId });
  const page = rows.slice(0, REVIEWS_PAGE);
  const last = page.at(-1);
  return {
    reviews: page.map((row) => ({
      id: row.id,
      rating: row.rating,
      body: row.body,
      authorName: row.authorName,
      publishedAt: row.publishedAt.toISOString(),
      reply: row.reply,
      repliedAt: row.repliedAt?.toISOString() ?? null,
    })),
    nextCursor:
      rows.length > REVIEWS_PAGE && last
        ? Buffer.from(JSON.stringify({ p: last.key, id: last.id })).toString('base64url')
        : null,
  };
}
