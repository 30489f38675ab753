/**
 * A page's rows: the query that selects them (prepared once per database and shape of
 * filters when browsing without words), and a page picked from all the matches' ids.
 */
import { createHash } from 'node:crypto';
import { eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { productColumns } from '../products/products.service.ts';
import { cursorDate } from './search-cursor.ts';

/** A page of listings, sorted, with what its cursor needs. */
export function selectPageRows(
  runner: Db,
  where: SQL | undefined,
  order: SQL[],
  limit: number | Placeholder,
) {
  return runner
    .select({
      ...productColumns,
      cursorDate,
      // The seller rating sort's key (its cursor's value), not the rating cards show.
      ratingKey: products.sellerRatingKey,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

type PreparedPage = ReturnType<ReturnType<typeof selectPageRows>['prepare']>;
const preparedPages = new WeakMap<Db, Map<string, PreparedPage>>();

/**
 * `build()` prepared once per database and shape (which filters, sort and cursor a
 * search has), named after the shape: on a PostgreSQL server each pooled connection
 * parses it once. There are at most 1,024 shapes (2 × 4 sorts × 2⁶ filters × 2).
 */
export function preparedPage(
  db: Db,
  shape: string,
  build: () => ReturnType<typeof selectPageRows>,
) {
  let pages = preparedPages.get(db);
  if (!pages) {
    pages = new Map();
    preparedPages.set(db, pages);
  }
  let page = pages.get(shape);
  if (!page) {
    // A statement's name is unique per connection and at most 63 bytes.
    page = build().prepare(`search_${createHash('sha1').update(shape).digest('hex')}`);
    pages.set(shape, page);
  }
  return page;
}

/** A match and its sort key: the price in cents, the seller's rating key, or the post date as `cursorDate` writes it. */
export type Match = { id: string; sortKey: number | string };

/**
 * The ids of a page of `found`, in the order the database would give: by sort key, then
 * by id, after the cursor. Matching PostgreSQL's order: ids are lowercase UUIDs, which
 * compare as their bytes do; dates have a fixed width (microseconds, UTC).
 */
export function pickPage(
  found: Match[],
  options: { ascending: boolean; after: Match | undefined; limit: number },
): string[] {
  const direction = options.ascending ? 1 : -1;
  const compareValues = <T>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
  const compare = (a: Match, b: Match) =>
    direction * (compareValues(a.sortKey, b.sortKey) || compareValues(a.id, b.id));
  const { after } = options;
  return found
    .filter((match) => !after || compare(match, after) > 0)
    .sort(compare)
    .slice(0, options.limit)
    .map((match) => match.id);
}
