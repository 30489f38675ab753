/**
 * A seller's rating, computed by the database from the reviews themselves on every
 * read (no counter kept beside them that could drift): the average of the stars buyers
 * gave them in published, not hidden reviews, to one decimal, and how many.
 *
 * Each read walks `reviews_subject_published_idx` (subject, published, not hidden) for
 * one seller or for a page of sellers at once. The rating sort alone uses a key kept on
 * the listings by the database (`seller-rating-keys.ts`, migration 0032's
 * `seller_rating_keys()`), with the same rule for which reviews count.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SellerRating } from '@laptops/shared/sellers';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema/reviews.ts';

/** Reviews a visitor may read: published (past the sealed window) and not hidden by an admin. */
export const visibleReview = sql`${reviews.publishedAt} <= now() and ${reviews.hiddenAt} is null`;

/** A buyer's review of the seller (the seller's reviews of buyers are not a seller's rating). */
export const aboutTheSeller = sql`${reviews.authorRole} = 'buyer'`;

/**
 * The rating of the seller whose id `sellerId` names (a column of the outer query), as
 * one JSON value or null: a listing's card reads its seller's in the same query.
 * Written with the table's own name so it can sit inside any select of products.
 */
export function sellerRatingOf(sellerId: SQL | SQL.Aliased | { getSQL(): SQL }) {
  return sql<SellerRating>`(
    select case when count(*) = 0 then null
      else json_build_object('average', round(avg(r.rating), 1), 'count', count(*)) end
    from reviews r
    where r.subject_id = ${sellerId} and r.author_role = 'buyer'
      and r.published_at <= now() and r.hidden_at is null)`;
}

/** The ratings of many sellers at once (one query), by seller id; missing: no reviews yet. */
export async function sellerRatings(
  db: Db,
  sellerIds: readonly string[],
): Promise<Map<string, NonNullable<SellerRating>>> {
  const ids = [...new Set(sellerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.execute(sql`
    select ${reviews.subjectId} as "sellerId", round(avg(${reviews.rating}), 1)::float8 as average,
      count(*)::int as count
    from ${reviews}
    where ${reviews.subjectId} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${aboutTheSeller} and ${visibleReview}
    group by ${reviews.subjectId}`);
  const found = (
    rows as unknown as { rows: { sellerId: string; average: number; count: number }[] }
  ).rows;
  return new Map(
    found.map((row) => [row.sellerId, { average: Number(row.average), count: row.count }]),
  );
}

/** One seller's rating; null before their first published review. */
export async function sellerRating(db: Db, sellerId: string): Promise<SellerRating> {
  return (await sellerRatings(db, [sellerId])).get(sellerId) ?? null;
}
