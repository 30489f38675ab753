/**
 * How many listings have a word: expected from ANALYZE's statistics (kept a minute per
 * database), counted among the newest listings for sale, or looked up in the text's
 * index; and each word's stems as the text search makes them (kept for the process).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { useBitmapScansOnly } from './query-planner.ts';

/**
 * How many listings each word (as a prefix, like the search) is expected to match,
 * from ANALYZE's statistics of the text column: its most common words and their
 * frequencies. 0 for a word it does not list: a rare word, or one the catalogue lacks;
 * Infinity for a stop word.
 * The planner's own estimate cannot tell those apart from a word in 200 listings (it
 * guesses 0.5% of the table for any word it has no statistics for).
 */
export async function listingsPerWord(
  db: Db,
  words: string[],
): Promise<{ perWord: number[]; listings: number }> {
  const [{ lexemes, listings }, stemsByWord] = await Promise.all([
    wordStatistics(db),
    stemsOf(db, words),
  ]);
  const perWord = stemsByWord.map((stems) => {
    // A stop word ("the") is left out of the query: it neither narrows nor widens it.
    if (stems.length === 0) return Infinity;
    let rows = 0;
    for (const [lexeme, n] of lexemes) {
      if (stems.some((stem) => lexeme.startsWith(stem))) rows += n;
    }
    return rows;
  });
  return { perWord, listings };
}

const WORD_STATISTICS_TTL_MS = 60_000;
type WordStatistics = {
  /** The table's size as ANALYZE last counted it. */
  listings: number;
  /** Lexeme → listings containing it. */
  lexemes: Map<string, number>;
};
const wordStatisticsCache = new WeakMap<Db, { at: number; rows: Promise<WordStatistics> }>();

function wordStatistics(db: Db): Promise<WordStatistics> {
  const cached = wordStatisticsCache.get(db);
  if (cached && Date.now() - cached.at < WORD_STATISTICS_TTL_MS) return cached.rows;
  const rows = db
    .execute(
      sql`select greatest(c.reltuples, 0) as listings, e.lexeme, e.frequency
          from pg_class c
          left join pg_stats s on s.schemaname = current_schema() and s.tablename = 'products'
            and s.attname = 'search_vector'
          left join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs)
            as e(lexeme, frequency) on e.lexeme is not null
          where c.oid = 'products'::regclass`,
    )
    .then((result) => {
      type Row = { listings: number | string; lexeme: string | null; frequency: number | null };
      const found = (result as unknown as { rows: Row[] }).rows;
      const listings = Number(found[0]?.listings ?? 0);
      const lexemes = new Map<string, number>();
      for (const row of found) {
        if (row.lexeme !== null) lexemes.set(row.lexeme, Number(row.frequency) * listings);
      }
      return { listings, lexemes };
    });
  rows.catch(() => wordStatisticsCache.delete(db));
  wordStatisticsCache.set(db, { at: Date.now(), rows });
  return rows;
}

/** A word's lexemes as the text search stems it ("batteries" → "batteri"). */
const stemsCache = new Map<string, string[]>();
const STEMS_CACHE_SIZE = 10_000;

/** Each word's lexemes, in order; the words not seen before in one query. */
export async function stemsOf(db: Db, words: string[]): Promise<string[][]> {
  const unknown = [...new Set(words.filter((word) => !stemsCache.has(word)))];
  if (unknown.length > 0) {
    const result = await db.execute(
      sql`select word, tsvector_to_array(to_tsvector('english', word)) as stems
          from unnest(${sql.param(unknown)}::text[]) as word`,
    );
    if (stemsCache.size + unknown.length > STEMS_CACHE_SIZE) stemsCache.clear();
    for (const row of (result as unknown as { rows: { word: string; stems: string[] }[] }).rows) {
      stemsCache.set(row.word, row.stems);
    }
  }
  return words.map((word) => stemsCache.get(word) ?? []);
}

/** Listings for sale looked through for the words before the text's index is asked. */
const RECENT_LISTINGS = 1000;

/**
 * How many of the newest listings for sale have each word (as a prefix, like the
 * search), counted up to `upTo`: no further is looked for a word.
 */
export async function recentListingsWith(
  db: Db,
  words: string[],
  upTo: number,
): Promise<Map<string, number>> {
  if (words.length === 0) return new Map();
  const result = await db.execute(sql`
    with recent as materialized (
      select search_vector from products
      where deleted_at is null and status = 'available'
      order by date_of_post desc, id desc limit ${RECENT_LISTINGS}
    ), asked as materialized (
      select word, to_tsquery('english', word || ':*') as query
      from unnest(${sql.param(words)}::text[]) as word
    )
    select word, (
      select count(*) from (
        select 1 from recent where search_vector @@ asked.query limit ${upTo}
      ) as found
    ) as listings
    from asked`);
  const rows = (result as unknown as { rows: { word: string; listings: number | string }[] }).rows;
  return new Map(rows.map((row) => [row.word, Number(row.listings)]));
}

/**
 * Which of the words (as prefixes, like the search) a listing for sale has. A common
 * word, what a typo is corrected to, turns up among the newest listings at once; the
 * text's index would first gather every listing with it (35 ms for "keyboard" in a
 * sixth of a million). The words not among them, rare or gone, are looked up in the
 * index, where a rare word costs little. A stop word is in none.
 */
export async function wordsForSale(db: Db, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const wordsOf = (result: unknown) =>
    (result as { rows: { word: string }[] }).rows.map((row) => row.word);
  const recent = await recentListingsWith(db, words, 1);
  const live = new Set([...recent].filter(([, listings]) => listings > 0).map(([word]) => word));
  const rest = words.filter((word) => !live.has(word));
  if (rest.length === 0) return live;
  const older = await db.transaction(async (tx) => {
    // A word no listing has would otherwise send the planner down a whole index.
    await useBitmapScansOnly(tx, true);
    return tx.execute(sql`
      select word from unnest(${sql.param(rest)}::text[]) as word
      where exists (
        select 1 from products
        where search_vector @@ to_tsquery('english', word || ':*')
          and deleted_at is null and status = 'available')`);
  });
  for (const word of wordsOf(older)) live.add(word);
  return live;
}
