/**
 * Saved searches: save the search page's search, list mine, change how often it
 * emails, delete. What is stored is read from the page's filters with the search's
 * own rules (decision 0042), never anything else the client sends.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  SAVED_SEARCHES_MAX,
  savedFilterKeys,
  type AlertFrequency,
  type SavedFilters,
  type SavedSearch,
  type SavedSearchList,
} from '@laptops/shared/saved-searches';
import { searchQuerySchema } from '@laptops/shared/search';
import { readFilters, writeFilters } from '@laptops/shared/search-filters';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { savedSearches } from '../../db/schema/saved-searches.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { toWords } from '../search/search-query.ts';

const noSuchSearch = () => notFound('You have no such saved search.');

/** The filters as the page's URL writes them: the same search always gives the same text. */
export function canonicalParams(filters: SavedFilters): URLSearchParams {
  const read = readFilters(new URLSearchParams(filters as Record<string, string>));
  return writeFilters({ ...read, sort: 'newest' });
}

/** The set filters of a stored search's params, for the client. */
export function filtersOf(params: string): SavedFilters {
  const read = new URLSearchParams(params);
  const filters: SavedFilters = {};
  for (const key of savedFilterKeys) {
    const value = read.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/**
 * The typed words as the text search's lexemes, the way listings' search_vector holds
 * theirs: each word of toWords (search's own split) through to_tsvector('english'), so
 * "ThinkPads" is 'thinkpad' and a stop word ("for") is none, as in a search.
 */
async function lexemesOf(db: Db, query: string): Promise<string[]> {
  const words = toWords(query);
  if (words.length === 0) return [];
  const result = await db.execute(sql`
    select coalesce(array_agg(distinct lexeme order by lexeme), '{}') as words
    from unnest(tsvector_to_array(to_tsvector('english', ${words.join(' ')}))) as lexeme`);
  return (result as unknown as { rows: { words: string[] }[] }).rows[0]?.words ?? [];
}

/** Listings counted per word, up to this many: past it, a word is common enough. */
const COUNT_UP_TO = 1000;

/**
 * The word fewest listings have now (counted up to COUNT_UP_TO each, in the text
 * search's index), to anchor the search at: a new listing reads only the searches
 * anchored at one of its words. Ties go to the longest word (likelier a model name).
 */
async function rarestOf(db: Db, words: string[]): Promise<string | null> {
  if (words.length <= 1) return words[0] ?? null;
  const counts = await db.execute(sql`
    select word, (select count(*) from (
      select 1 from products
      where search_vector @@ plainto_tsquery('simple', word) limit ${COUNT_UP_TO}
    ) as found)::int as n
    from unnest(${`{${words.map((word) => `"${word}"`).join(',')}}`}::text[]) as word
    order by n, length(word) desc, word
    limit 1`);
  return (counts as unknown as { rows: { word: string }[] }).rows[0]?.word ?? words[0] ?? null;
}

export async function saveSearch(
  db: Db,
  userId: string,
  input: { filters: SavedFilters; frequency: AlertFrequency },
): Promise<SavedSearch> {
  const params = canonicalParams(input.filters);
  if (params.size === 0) {
    throw new HttpError(
      400,
      'EMPTY_SEARCH',
      'Type a word or choose a filter first: a search for every laptop cannot be saved.',
    );
  }
  // The search's own reading of its filters: numbers as numbers, text trimmed.
  const query = searchQuerySchema.parse(Object.fromEntries(params));
  if (
    query.minPrice !== undefined &&
    query.maxPrice !== undefined &&
    query.minPrice > query.maxPrice
  ) {
    throw new HttpError(400, 'PRICE_RANGE', 'The min price is above the max price.');
  }
  if (
    query.screenMin !== undefined &&
    query.screenMax !== undefined &&
    query.screenMin > query.screenMax
  ) {
    throw new HttpError(400, 'SCREEN_RANGE', 'The smallest screen is above the largest.');
  }
  const words = await lexemesOf(db, query.q ?? '');
  const anchor = await rarestOf(db, words);
  const id = await db.transaction(async (tx) => {
    // The person's row is locked: two saves at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [saved] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    const [same] = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.params, params.toString())));
    if (same) {
      throw new HttpError(409, 'DUPLICATE', 'You have already saved this search.');
    }
    if ((saved?.n ?? 0) >= SAVED_SEARCHES_MAX) {
      throw new HttpError(
        409,
        'LIMIT_REACHED',
        `You can save up to ${SAVED_SEARCHES_MAX} searches. Delete one you no longer need to save this one.`,
      );
    }
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        params: params.toString(),
        query: query.q ?? '',
        words,
        anchor,
        categoryId: query.category ?? null,
        conditionType: query.condition ?? null,
        minPriceCents: query.minPrice !== undefined ? Math.round(query.minPrice * 100) : null,
        maxPriceCents: query.maxPrice !== undefined ? Math.round(query.maxPrice * 100) : null,
        locationPattern: query.location ? containsPattern(query.location) : null,
        maxYears: query.maxYears ?? null,
        ramMin: query.ramMin ?? null,
        storageMin: query.storageMin ?? null,
        storageType: query.storageType ?? null,
        screenMin: query.screenMin ?? null,
        screenMax: query.screenMax ?? null,
        batteryMin: query.batteryMin ?? null,
        cpuFamily: query.cpu ?? null,
        deviceSpecs: query.deviceSpecs,
        serialChecked: query.serialChecked,
        frequency: input.frequency,
      })
      .returning({ id: savedSearches.id });
    if (!row) throw new Error('saved search insert returned no row');
    return row.id;
  });
  const saved = (await listSavedSearches(db, userId)).savedSearches.find((s) => s.id === id);
  if (!saved) throw noSuchSearch();
  return saved;
}

export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearchList> {
  const rows = await db
    .select({
      id: savedSearches.id,
      params: savedSearches.params,
      categoryName: categories.name,
      frequency: savedSearches.frequency,
      unsubscribedAt: savedSearches.unsubscribedAt,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .leftJoin(categories, eq(categories.id, savedSearches.categoryId))
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return {
    savedSearches: rows.map((row) => ({
      id: row.id,
      filters: filtersOf(row.params),
      categoryName: row.categoryName ?? null,
      frequency: row.frequency,
      emailsOff: row.unsubscribedAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    max: SAVED_SEARCHES_MAX,
  };
}

/** A new frequency; it also turns back on the emails an unsubscribe link turned off. */
export async function changeFrequency(
  db: Db,
  userId: string,
  id: string,
  frequency: AlertFrequency,
): Promise<SavedSearch> {
  const [row] = await db
    .update(savedSearches)
    .set({ frequency, unsubscribedAt: null })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (!row) throw noSuchSearch();
  const saved = (await listSavedSearches(db, userId)).savedSearches.find((s) => s.id === id);
  if (!saved) throw noSuchSearch();
  return saved;
}

/** Deletes it, and with it its matches waiting for an email. */
export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<void> {
  const [row] = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (!row) throw noSuchSearch();
}
