/**
 * One page of a search: the filters, the text condition and keyset pagination on the
 * sort's own columns, and how the page is found (prepared, from the matches, or by
 * walking the sort's index) and counted.
 */
import { and, asc, desc, eq, inArray, isNull, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { SearchResult } from '@laptops/shared/search';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError } from '../../lib/http-error.ts';
import { listed, toProduct } from '../products/products.service.ts';
import { rememberCount, rememberedCount, type RememberedCounts } from './capped-counts.ts';
import { pickPage, preparedPage, selectPageRows, type Match } from './page-rows.ts';
import { estimateRows, useBitmapScansOnly, withinTime } from './query-planner.ts';
import {
  cursorDate,
  encodeCursor,
  isPriceCents,
  isTimestamp,
  microseconds,
  questionFingerprint,
  type Cursor,
} from './search-cursor.ts';
import { listingFilters, specColumns } from './listing-filters.ts';
import { filtersOf, type SearchQuery } from './search-query.ts';

/**
 * Counting every match costs a scan of all of them (a million for an empty search), so
 * the count stops here and the page says "1,000+ laptops found".
 */
export const TOTAL_CAP = 1000;

/** Above this many expected matches, a text search walks the sort's index (see below). */
const MANY_MATCHES = 3 * TOTAL_CAP;
/**
 * A backstop for the walk on a PostgreSQL server, should reading WALK_ROWS_PER_ROW
 * rows ever take longer (a sort no index serves); PGlite has no timer to cancel with.
 */
const WALK_TIMEOUT_MS = 50;
/**
 * The walk's bound in rows read from the sort's index, per row of the page, on any
 * engine. The estimate multiplies the text's and the filters' frequencies as if they
 * were unrelated: words that exclude each other ("thinkpad macbook") or a word and a
 * filter that do ("macbook" on the Lenovo page) would read the whole index and find
 * nothing. A page of 12 (13 rows asked) reads at most 5,200 listings (about 5 ms at a
 * million) before the matches are counted instead; enough at the rarest text that is
 * walked (MANY_MATCHES in a million: 13 rows in about 4,300).
 */
const WALK_ROWS_PER_ROW = 400;

type PageOptions = {
  query: SearchQuery;
  cursor: Cursor | undefined;
  counts: RememberedCounts;
  /** The text condition (full text or trigram), and its part of the count cache key. */
  text: SQL | undefined;
  /** The same text for counting its matches in the GIN index, if it has a cheaper form. */
  countText?: () => Promise<SQL>;
  key: string;
  similar: boolean;
  /** The words were corrected to the catalogue's (correctedWords): its fingerprint. */
  corrected?: string;
  /** How many listings the text is expected to match (listingsPerWord); 0 if unknown. */
  textMatches: number;
  /** The table's size in the same statistics. */
  listings: number;
};

export async function searchPage(db: Db, options: PageOptions): Promise<SearchResult> {
  const { query, cursor, counts, text, similar } = options;
  // Browsing without words (the category page) is the catalogue's busiest query: it runs
  // as a prepared statement, one per shape of filters, with the values bound by name.
  // Building the query and PostgreSQL parsing it cost more CPU than running it.
  const prepared = text === undefined;
  const values: Record<string, unknown> = {};
  const bind = <T>(name: string, value: T): T | Placeholder => {
    values[name] = value;
    return prepared ? sql.placeholder(name) : value;
  };
  // The filters on the listing itself; `where` adds the text and that the seller is
  // not deleted. Which listings a sort's index holds (`indexed`), the price range, and
  // the rest: the walk below reads the index alone for a bounded number of rows.
  const { indexed, priceRange, others } = listingFilters(query, bind);
  const filters = and(indexed, priceRange, others);
  const where = and(listed, filters, text);

  const byRating = query.sort === 'rating';
  const byPrice = query.sort === 'price_asc' || query.sort === 'price_desc';
  const ascending = query.sort === 'price_asc';
  // Price and rating keys are whole numbers; the post date a timestamp. The rating's is
  // the seller's key kept on each listing (decision 0046), so its sort walks an index too.
  const byNumber = byPrice || byRating;
  const sortColumn = byRating
    ? products.sellerRatingKey
    : byPrice
      ? products.resalePriceCents
      : products.dateOfPost;
  let after: SQL | undefined;
  if (cursor) {
    const valid = byNumber
      ? isPriceCents(cursor.v)
      : typeof cursor.v === 'string' && isTimestamp(cursor.v);
    if (!valid) {
      throw new HttpError(
        400,
        'BAD_CURSOR',
        'This page link is no longer valid. Please search again.',
      );
    }
    const value = byNumber
      ? sql`${bind('afterValue', Number(cursor.v))}::int`
      : sql`${bind('afterValue', cursor.v)}::timestamptz`;
    const id = bind('afterId', cursor.id);
    after = ascending
      ? sql`(${sortColumn}, ${products.id}) > (${value}, ${id})`
      : sql`(${sortColumn}, ${products.id}) < (${value}, ${id})`;
  }

  const order = ascending
    ? [asc(sortColumn), asc(products.id)]
    : [desc(sortColumn), desc(products.id)];
  const limit = bind('limit', query.limit + 1);
  const selectRows = (runner: Db, condition: SQL | undefined) =>
    selectPageRows(runner, and(condition, after), order, limit);
  // The matches (at most TOTAL_CAP + 1: one more says "there are more"), each with its
  // sort key, so that a page can be picked from them without asking again.
  const selectMatches = (runner: Db, condition = where) =>
    runner
      .select({
        id: products.id,
        sortKey: byRating
          ? products.sellerRatingKey
          : byPrice
            ? products.resalePriceCents
            : cursorDate,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(condition)
      .limit(TOTAL_CAP + 1);
  const key = JSON.stringify([options.key, ...filtersOf(query)]);
  const remembered = rememberedCount(counts, key);

  /**
   * A common word ("thinkpad" is every 14th listing) makes a large bitmap: 70,000
   * entries cost 25 ms at a million listings, for a page of twelve. When many matches
   * are expected with the filters too, walking the sort's index finds a page within a
   * few thousand rows instead, and the count is "1,000+" without counting. Expected:
   * the text's matches (from its statistics) times the share of listings the filters
   * keep (the planner's estimate), taken as unrelated as the planner takes them (its
   * own estimate of a prefix word can be far off; nearly every seller is active).
   * Undefined when the walk does not apply or finds less than a page (the estimate was
   * wrong): then the matches are counted below.
   */
  const walkForPage = async () => {
    const { listings } = options;
    const kept = await estimateRows(
      db,
      db.select({ id: products.id }).from(products).where(filters),
    );
    if (listings === 0 || (options.textMatches * kept) / listings < MANY_MATCHES) return undefined;
    return withinTime(db, WALK_TIMEOUT_MS, async (tx) => {
      // The first listings of the sort's index (a price range narrows a price sort's),
      // named "products" so that the filters, the text and the order name its columns
      // (each column `others` and the text use must be selected here), and the first
      // of them that the rest keeps: if a page is there, it is the page the whole walk
      // finds. Bounding the rows read, not the rows kept, bounds the walk however rare
      // the filters make the matches.
      const walkedRows = tx
        .select({
          id: products.id,
          sellerId: products.sellerId,
          name: products.name,
          searchVector: products.searchVector,
          dateOfPost: products.dateOfPost,
          resalePriceCents: products.resalePriceCents,
          sellerRatingKey: products.sellerRatingKey,
          conditionType: products.conditionType,
          location: products.location,
          yearsOfUse: products.yearsOfUse,
          ...specColumns,
        })
        .from(products)
        .where(and(indexed, byPrice ? priceRange : undefined, after))
        .orderBy(...order)
        .limit(WALK_ROWS_PER_ROW * (query.limit + 1));
      const kept = and(isNull(users.deletedAt), byPrice ? undefined : priceRange, others, text);
      const found = await tx.execute(
        sql`select products.id from (${walkedRows}) as products
            inner join ${users} on ${users.id} = products.seller_id
            where ${kept} order by ${sql.join(order, sql`, `)} limit ${query.limit + 1}`,
      );
      const ids = (found as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
      if (ids.length <= query.limit) return undefined;
      const walked = await selectRows(tx, and(where, inArray(products.id, ids)));
      return walked.length > query.limit ? walked : undefined;
    });
  };
  const walked =
    options.textMatches >= MANY_MATCHES && remembered === undefined
      ? await walkForPage()
      : undefined;

  /**
   * The page picked from all the matches (at most TOTAL_CAP), then its rows: joining
   * sellers and brands to every match before sorting cost 30 ms at 100k. The rows are
   * fetched with the conditions again, so a listing withdrawn or sold in between is
   * left out rather than shown.
   */
  const pageOf = async (runner: Db, found: Match[]) => {
    const pageIds = pickPage(found, {
      ascending,
      after: cursor && {
        sortKey: byNumber ? Number(cursor.v) : microseconds(String(cursor.v)),
        id: cursor.id,
      },
      limit: query.limit + 1,
    });
    return pageIds.length > 0
      ? await selectRows(runner, and(where, inArray(products.id, pageIds))).execute(values)
      : [];
  };
  const findMatches = (runner: Db, condition = where): Promise<Match[]> =>
    selectMatches(runner, condition).execute(values);

  let rows: Awaited<ReturnType<typeof selectRows>>;
  let matches: number;
  if (walked) {
    [rows, matches] = [walked, TOTAL_CAP + 1];
  } else if (text && remembered === undefined) {
    // Collect the matches from the GIN index (bitmap scans only); if that is all of
    // them, the page is sorted from those few rows. With more than TOTAL_CAP, the
    // planner's own choice walks the sort's index (no bound: the matches are known).
    const counted = options.countText ? and(listed, filters, await options.countText()) : where;
    [rows, matches] = await db.transaction(async (tx) => {
      await useBitmapScansOnly(tx, true);
      const found = await findMatches(tx, counted);
      if (found.length <= TOTAL_CAP) return [await pageOf(tx, found), found.length];
      await useBitmapScansOnly(tx, false);
      return [await selectRows(tx, where), found.length];
    });
  } else if (text) {
    // Known to match more than TOTAL_CAP: the planner's own choice walks the index.
    [rows, matches] = [await selectRows(db, where), remembered ?? 0];
  } else {
    const shape = [query.includeSold, query.sort, ...Object.keys(values)].join(' ');
    const walk = preparedPage(db, shape, () => selectRows(db, where));
    if (remembered !== undefined) {
      [rows, matches] = [await walk.execute(values), remembered];
    } else {
      // Matches first: walking the sort's index for filters that keep a few hundred of
      // a million listings (a low price cap, newest first) read 27,000 rows for a page,
      // 120 ms. Up to TOTAL_CAP matches, the page is sorted from them instead.
      const found = await findMatches(db);
      [rows, matches] =
        found.length <= TOTAL_CAP
          ? [await pageOf(db, found), found.length]
          : [await walk.execute(values), found.length];
    }
  }
  // A count taken from the estimate (walked) is never remembered as if counted.
  if (matches > TOTAL_CAP && remembered === undefined && !walked) {
    rememberCount(counts, key, matches);
  }

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          v: byRating ? last.ratingKey : byPrice ? last.resalePriceCents : last.cursorDate,
          id: last.id,
          k: questionFingerprint(query),
          ...(similar ? { s: true as const } : {}),
          ...(options.corrected ? { f: options.corrected } : {}),
        })
      : null;
  return {
    products: page.map(toProduct),
    total: Math.min(matches, TOTAL_CAP),
    totalIsCapped: matches > TOTAL_CAP,
    nextCursor,
  };
}
