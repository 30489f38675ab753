import { createHash } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  type Placeholder,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { searchQuerySchema, SearchResult } from '@laptops/shared/search';
import { SEARCH_TEXT_MAX } from '@laptops/shared/search-filters';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';
import { listed, productColumns, toProduct } from './products.service.ts';
import { isNearSpelling } from './spelling.ts';

type SearchQuery = z.output<typeof searchQuerySchema>;
/**
 * `v` and `id`: the last row's sort key. The pages come from a typo fallback: `f`, the
 * words corrected to the catalogue's (a fingerprint of the corrections, which must
 * still be the same); `s`, names like the words.
 */
type Cursor = { v: string | number; id: string; k?: string; s?: true; f?: string };

/**
 * Counting every match costs a scan of all of them (a million for an empty search), so
 * the count stops here and the page says "1,000+ laptops found".
 */
export const TOTAL_CAP = 1000;

/** Words of a search past this many are left out. */
const MAX_WORDS = 10;

/**
 * The words of a query, lowercased; anything but letters (with their accents and
 * other marks: "İ" lowercases to "i" and a dot, Devanagari writes vowels as marks)
 * and digits is dropped.
 */
function toWords(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (
      (typeof parsed.v === 'string' || typeof parsed.v === 'number') &&
      typeof parsed.id === 'string' &&
      // Canonical and lowercase, as the database writes ids: pages picked from the
      // matches compare ids as text (pickPage).
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(parsed.id)
    ) {
      return {
        v: parsed.v,
        id: parsed.id,
        ...(parsed.s === true ? { s: true as const } : {}),
        ...(typeof parsed.f === 'string' && /^[0-9a-f]{12}$/.test(parsed.f) ? { f: parsed.f } : {}),
        ...(typeof parsed.k === 'string' && /^[0-9a-f]{12}$/.test(parsed.k) ? { k: parsed.k } : {}),
      };
    }
  } catch {
    // fall through
  }
  throw badCursor();
}

const badCursor = () =>
  new HttpError(400, 'BAD_CURSOR', 'This page link is no longer valid. Please search again.');

/**
 * Counts that reached the cap, per database and filters, for this long: "1,000+" rarely
 * changes, and counting 1,001 rows is most of a category page's database time. Smaller
 * counts are always exact (and cheap).
 */
const CAPPED_COUNT_TTL_MS = 30_000;
const CAPPED_COUNT_KEYS = 1000;
const cappedCounts = new WeakMap<Db, RememberedCounts>();

/**
 * One query path for the catalogue: filters, full text, and keyset pagination on
 * the sort's own columns (never OFFSET), so a deep page costs what the first does.
 *
 * When the words match nothing (a typo: "batery", "thinkpda"), each word the catalogue
 * does not have is corrected to its most similar words (search_words, pg_trgm) and the
 * text searched again; the answer names the corrected search. Failing that, names
 * similar to the words (pg_trgm's word similarity) answer. Both keep the filters, sort
 * and keyset pages; the cursor remembers which fallback, so later pages stay in it.
 */
export async function searchProducts(
  db: Db,
  query: SearchQuery,
  viewer: Viewer | null,
): Promise<SearchResult> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const words = query.q ? toWords(query.q) : [];
  // A page link continues the question it came from: not another search, filter or sort.
  if (cursor?.k !== undefined && cursor.k !== questionFingerprint(query)) throw badCursor();
  let counts = cappedCounts.get(db);
  if (!counts) {
    counts = new Map();
    cappedCounts.set(db, counts);
  }
  const page = { query, viewer, cursor, counts, textMatches: 0, listings: 0 };
  if (words.length === 0) {
    // Text without a letter or digit ("🙂", "!!!") names nothing a listing has; only
    // no text at all asks for every laptop.
    if (query.q) return { products: [], total: 0, totalIsCapped: false, nextCursor: null };
    return searchPage(db, { ...page, text: undefined, key: '', similar: false });
  }
  /** The words as typed (or as offered instead), every one matching as a prefix. */
  const exactSearch = async (searched: string[], options: { limit?: number } = {}) => {
    const { perWord, listings } = await listingsPerWord(db, searched);
    return searchPage(db, {
      ...page,
      query: { ...query, limit: options.limit ?? query.limit },
      text: fullText(searched),
      countText: () => countingText(db, searched, perWord),
      key: `fts:${searched.join(' ')}`,
      similar: false,
      // Every word must match: the rarest one bounds the matches (stop words aside).
      textMatches: perWord.some(Number.isFinite) ? Math.min(...perWord) : 0,
      listings,
    });
  };
  let judged: Awaited<ReturnType<typeof correctedWords>> | undefined;
  if (!cursor?.s && !cursor?.f) {
    const exact = await exactSearch(words);
    if (cursor) return exact;
    if (exact.products.length > 0) {
      if (exact.totalIsCapped || exact.total >= SUGGEST_BELOW_MATCHES) return exact;
      const offered = await suggestedWords(db, words);
      if (offered.size === 0) return exact;
      const suggestedQuery = withWordsReplaced(query.q ?? '', offered);
      // A near spelling may be longer: a link the search page would cut short is none.
      if (suggestedQuery.length > SEARCH_TEXT_MAX) return exact;
      // Offered only if it finds more with the same filters: "keyboard" on a page the
      // filters narrow to one laptop may find none there.
      const instead = await exactSearch(
        words.map((word) => offered.get(word) ?? word),
        { limit: 1 },
      );
      if (!instead.totalIsCapped && instead.total <= exact.total) return exact;
      return { ...exact, suggestedQuery };
    }
    // Words listings for sale have are not typos: the filters left nothing. Nor are
    // stop words, numbers and words too short to judge.
    judged = await correctedWords(db, words);
    if (judged === 'as typed') return exact;
  }
  if (!cursor?.s) {
    judged ??= await correctedWords(db, words);
    const corrected = Array.isArray(judged) ? judged : undefined;
    const correctionsKey = corrected && fingerprint(corrected);
    // Later pages continue the same corrected search, or none: a word a new listing
    // brought could change the corrections between pages.
    if (cursor?.f !== undefined && cursor.f !== correctionsKey) throw badCursor();
    if (
      corrected &&
      correctionsKey &&
      (cursor?.f || corrected.some((alternatives, i) => alternatives[0] !== words[i]))
    ) {
      // Each typed word matches as many listings as its alternatives together.
      const alternatives = [...new Set(corrected.flat())];
      const statistics = await listingsPerWord(db, alternatives);
      const matchesOf = new Map(alternatives.map((word, i) => [word, statistics.perWord[i] ?? 0]));
      const perWord = corrected.map((options) =>
        options.reduce((sum, word) => sum + (matchesOf.get(word) ?? 0), 0),
      );
      const fixed = await searchPage(db, {
        ...page,
        text: fullText(corrected),
        key: `fix:${corrected.map((options) => options.join('|')).join(' ')}`,
        similar: false,
        corrected: correctionsKey,
        textMatches: perWord.some(Number.isFinite) ? Math.min(...perWord) : 0,
        listings: statistics.listings,
      });
      if (fixed.products.length > 0 || cursor?.f) {
        return {
          ...fixed,
          correctedQuery: corrected.map((options) => options[0]).join(' '),
        };
      }
    }
  }
  const similar = await db.transaction(async (tx) => {
    // pg_trgm's default word similarity threshold (0.6) misses one-letter slips in
    // short names ("mackbook" is 0.55 like "macbook"); 0.5 still leaves unrelated
    // words out. Like every set_config(..., true), it lasts for this transaction only.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
    const key = `trgm:${words.join(' ')}`;
    return searchPage(tx, { ...page, text: similarName(words), key, similar: true });
  });
  return similar.products.length > 0 ? { ...similar, similarNames: true } : similar;
}

/**
 * From this trigram similarity a catalogue word may stand for a typed one: pg_trgm's
 * default, which a swap of two letters still reaches ("keybaord", "keyboard": 0.38).
 */
const CORRECTION_SIMILARITY = '0.3';

/**
 * Each word as the catalogue has it: the word itself when a listing for sale has it
 * (or it is a stop word, holds a digit, or is too short to judge), else up to three of
 * the catalogue's words most like it that listings for sale have (search_words, by
 * trigram similarity; never a stop word or one with a digit: "rtx4070" is not an
 * "rtx3060"). A word only listings long gone had ("batery" in one sold last year) is
 * corrected like one never seen. 'as typed' when no word needs correcting; 'none'
 * when a word has no alternative.
 */
async function correctedWords(db: Db, words: string[]): Promise<string[][] | 'as typed' | 'none'> {
  const stems = await stemsOf(db, words);
  const candidates = words.filter(
    (word, i) => word.length >= 3 && !/\d/.test(word) && (stems[i]?.length ?? 0) > 0,
  );
  if (candidates.length === 0) return 'as typed';
  // Words a listing for sale has are not typos: nothing more to look up for them.
  const liveTyped = await wordsForSale(db, candidates);
  const unknown = candidates.filter((word) => !liveTyped.has(word));
  if (unknown.length === 0) return 'as typed';
  const nearWords = await nearSpellings(db, unknown);
  const liveNear = await wordsForSale(db, [...new Set([...nearWords.values()].flat())]);
  const alternativesOf = new Map(
    [...nearWords].map(([typed, near]) => [
      typed,
      near.filter((word) => liveNear.has(word)).slice(0, 3),
    ]),
  );
  if ([...alternativesOf.values()].some((alternatives) => alternatives.length === 0)) {
    return 'none';
  }
  return words.map((word) => alternativesOf.get(word) ?? [word]);
}

/**
 * Each typed word's near spellings among the catalogue's words (search_words), most
 * similar first: by trigram similarity, then no more edits away than a slip or two
 * (isNearSpelling). Never a word with a digit: "rtx4070" is not an "rtx3060".
 */
async function nearSpellings(db: Db, typed: string[]): Promise<Map<string, string[]>> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${CORRECTION_SIMILARITY}, true)`,
    );
    const result = await tx.execute(sql`
      select typed, array(
        select word from search_words
        where word % typed and word <> typed and word !~ '[0-9]'
        order by similarity(word, typed) desc, word limit 10
      ) as near
      from unnest(${sql.param(typed)}::text[]) as typed`);
    return (result as unknown as { rows: { typed: string; near: string[] }[] }).rows;
  });
  return new Map(
    rows.map(({ typed, near }) => [typed, near.filter((word) => isNearSpelling(typed, word))]),
  );
}

/** Fewer exact matches than this, and a far more common near spelling is offered. */
const SUGGEST_BELOW_MATCHES = 4;
/** Shorter typed words are not second-guessed: "mac" is one slip from "max". */
const SUGGEST_MIN_LETTERS = 5;
/** Among the newest listings for sale, this many at least have the offered word… */
const SUGGEST_MIN_LISTINGS = 3;
/** …and this many times as many as have the typed one. */
const SUGGEST_TIMES_MORE = 3;
/** Typed words second-guessed in one search, and near spellings weighed for each. */
const SUGGEST_MAX_WORDS = 3;

/**
 * Typed words to offer another spelling for, beside few exact matches: a word few of
 * the newest listings for sale have (a seller's typo: "thinkpda" in one listing) and
 * one of its near spellings far more have ("thinkpad"). A word many have is never
 * second-guessed, however few laptops the filters leave ("ports" is not "parts").
 */
async function suggestedWords(db: Db, words: string[]): Promise<Map<string, string>> {
  const offered = new Map<string, string>();
  const stems = await stemsOf(db, words);
  const candidates = [
    ...new Set(
      words.filter(
        (word, i) =>
          [...word].length >= SUGGEST_MIN_LETTERS &&
          !/\d/.test(word) &&
          (stems[i]?.length ?? 0) > 0,
      ),
    ),
  ];
  if (candidates.length === 0) return offered;
  // Counted as prefixes, as the search asks, and only as far as the comparisons need.
  const typedCounts = await recentListingsWith(db, candidates, SUGGEST_BELOW_MATCHES);
  const rare = candidates
    .filter((word) => (typedCounts.get(word) ?? 0) < SUGGEST_BELOW_MATCHES)
    .slice(0, SUGGEST_MAX_WORDS);
  if (rare.length === 0) return offered;
  const nearWords = await nearSpellings(db, rare);
  const weighed = new Map(
    [...nearWords].map(([typed, near]) => [typed, near.slice(0, SUGGEST_MAX_WORDS)]),
  );
  const nearCounts = await recentListingsWith(
    db,
    [...new Set([...weighed.values()].flat())],
    SUGGEST_TIMES_MORE * SUGGEST_BELOW_MATCHES,
  );
  for (const typed of rare) {
    const enough = Math.max(
      SUGGEST_MIN_LISTINGS,
      SUGGEST_TIMES_MORE * (typedCounts.get(typed) ?? 0),
    );
    // The most common; among equals, the most similar (nearSpellings' order).
    const best = (weighed.get(typed) ?? [])
      .filter((word) => (nearCounts.get(word) ?? 0) >= enough)
      .sort((a, b) => (nearCounts.get(b) ?? 0) - (nearCounts.get(a) ?? 0))[0];
    if (best) offered.set(typed, best);
  }
  return offered;
}

/**
 * The search text with the offered words in place of the typed ones, the rest as the
 * visitor wrote it (case, punctuation, and words past those searched).
 */
function withWordsReplaced(text: string, offered: Map<string, string>): string {
  let words = 0;
  return (
    text
      .normalize('NFC')
      // With a group, split keeps the separators: words at even places, separators at odd.
      .split(/([^\p{L}\p{M}\p{N}]+)/u)
      .map((part, i) => {
        if (i % 2 === 1 || part === '' || words++ >= MAX_WORDS) return part;
        return offered.get(part.toLowerCase()) ?? part;
      })
      .join('')
  );
}

/** Listings for sale looked through for the words before the text's index is asked. */
const RECENT_LISTINGS = 1000;

/**
 * How many of the newest listings for sale have each word (as a prefix, like the
 * search), counted up to `upTo`: no further is looked for a word.
 */
async function recentListingsWith(
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
async function wordsForSale(db: Db, words: string[]): Promise<Set<string>> {
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

/** The filters of a search, in a fixed order: part of its cursors' and counts' keys. */
const filtersOf = (query: SearchQuery) => [
  query.includeSold,
  query.category,
  query.condition,
  query.minPrice,
  query.maxPrice,
  query.location,
  query.maxYears,
];

/** 12 hex digits naming a value in a cursor. */
const fingerprint = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);

/** Names a search's question (its words, filters and sort) in its cursors. */
const questionFingerprint = (query: SearchQuery) =>
  fingerprint([query.q ? toWords(query.q) : [], ...filtersOf(query), query.sort]);

/**
 * Words as a prefix tsquery ("think pad" → think:* & pad:*), so a partly typed word
 * still matches; a corrected word's alternatives are any of them ((batteri:* | ...)).
 * Only letters and digits reach it, so the query is always valid.
 */
function fullText(words: (string | string[])[]): SQL {
  const tsquery = words
    .map((word) =>
      typeof word === 'string' || word.length === 1
        ? `${String(word)}:*`
        : `(${word.map((alternative) => `${alternative}:*`).join(' | ')})`,
    )
    .join(' & ');
  return sql`${products.searchVector} @@ to_tsquery('english', ${tsquery})`;
}

/** From this many listings (by the statistics) a word is counted by its whole words. */
const WHOLE_WORDS_FROM = 1000;
/** More whole words than this for one typed word: it is counted as a prefix after all. */
const WHOLE_WORDS_MAX = 20;

/**
 * The text for counting its matches in the GIN index: a common word as the whole words
 * it begins ("thinkpad" → 'thinkpad' | 'thinkpads', as lexemes), the others as
 * prefixes (fullText). The index answers a prefix by first gathering every listing
 * with any word it begins, then intersecting: "thinkpad macbook", which no listing
 * has, took 29 ms at a million; as whole words 3 ms. The words come from
 * search_words (every word of every listing's name and description, 3 to 30
 * letters), so a word the text search splits otherwise (a link, an email address)
 * is not among them: such a listing is not counted for a common word, which the
 * prefix would have found. The stem itself is always one of the whole words: a
 * two-letter word ("hp") is too short for search_words, and "battery" stems to
 * "batteri", which neither "batteries" nor its stem begins in search_words, so either
 * was missed whenever a longer stored word began with it ("hp255"). A one-letter stem
 * is counted as a prefix: its two-letter words cannot be listed.
 */
async function countingText(db: Db, words: string[], perWord: number[]): Promise<SQL> {
  const common = words.filter(
    (_, i) => Number.isFinite(perWord[i]) && (perWord[i] ?? 0) >= WHOLE_WORDS_FROM,
  );
  if (common.length === 0) return fullText(words);
  const stems = await stemsOf(db, common);
  // A word the text search stems to one lexeme (not "i5-1240p", which it splits).
  const single = common.flatMap((word, i) => {
    const stem = stems[i];
    return stem?.length === 1 && stem[0] && stem[0].length >= 2 ? [{ word, stem: stem[0] }] : [];
  });
  if (single.length === 0) return fullText(words);
  // One lookup per word, its prefixes as parameters: PostgreSQL plans a parameter's
  // LIKE 'prefix%' as a range of search_words_prefix_idx; a prefix made in the query
  // scanned every word (18 ms a word at 370,000 words). Letters, marks and digits
  // only (toWords), so neither holds LIKE's % or _.
  const lookups = single.map(
    ({ word, stem }) => sql`
      select ${word}::text as typed, ${stem}::text as stem, array(
        select distinct lexeme from search_words
          cross join unnest(tsvector_to_array(to_tsvector('english', search_words.word))) as lexeme
        where (search_words.word like ${`${word}%`} or search_words.word like ${`${stem}%`})
          and starts_with(lexeme, ${stem})
        limit ${WHOLE_WORDS_MAX + 1}
      ) as lexemes`,
  );
  const result = await db.execute(sql.join(lookups, sql` union all `));
  type Row = { typed: string; stem: string; lexemes: string[] };
  const lexemesOf = new Map(
    (result as unknown as { rows: Row[] }).rows
      .map((row): [string, string[]] => [row.typed, [...new Set([row.stem, ...row.lexemes])]])
      .filter(([, lexemes]) => lexemes.length <= WHOLE_WORDS_MAX),
  );
  const prefixed = words.filter((word) => !lexemesOf.has(word));
  // Letters, marks and digits only (toWords, search_words): safe inside quotes.
  const whole = [...lexemesOf.values()]
    .map((lexemes) => `(${lexemes.map((lexeme) => `'${lexeme}'`).join(' | ')})`)
    .join(' & ');
  return and(
    prefixed.length > 0 ? fullText(prefixed) : undefined,
    whole ? sql`${products.searchVector} @@ ${whole}::tsquery` : undefined,
  ) as SQL;
}

/**
 * Every typed word is like a word of the name (pg_trgm's word similarity), so one
 * exact word cannot carry an unrelated listing. Written `name %> word` so the trigram
 * GIN index serves it. A number is never a typo: "3060" is not an RTX 4060, so it
 * must be in the name as typed.
 */
function similarName(words: string[]): SQL | undefined {
  return and(
    ...words.map((word) =>
      // At a word's start, as the text search takes it: "60" is not in "RTX 4060".
      /^\d+$/.test(word)
        ? sql`${products.name} ~* ${`\\m${word}`}`
        : sql`${products.name} %> ${word}`,
    ),
  );
}

/**
 * Only bitmap scans (of the text's GIN index) for the rest of the transaction, or any
 * scan again (parallel workers stay off: see below). PostgreSQL cannot tell a rare word from a common one
 * (it guesses 0.5% of rows for any word it has no statistics for), so for a word
 * that matches nothing it walked the newest-first index to the end: 4.8 s at a million
 * listings. Looking the words up in the GIN index first costs well under a millisecond.
 */
async function useBitmapScansOnly(db: Db, only: boolean) {
  // Nor parallel workers, for the rest of the transaction: guessing 5,000 rows for a word
  // that has none, the planner started two, which took 5 ms to find nothing.
  await db.execute(
    only
      ? sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`
      : sql`select set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'on', true)`,
  );
}

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

/**
 * How many listings each word (as a prefix, like the search) is expected to match,
 * from ANALYZE's statistics of the text column: its most common words and their
 * frequencies. 0 for a word it does not list: a rare word, or one the catalogue lacks;
 * Infinity for a stop word.
 * The planner's own estimate cannot tell those apart from a word in 200 listings (it
 * guesses 0.5% of the table for any word it has no statistics for).
 */
async function listingsPerWord(
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
async function stemsOf(db: Db, words: string[]): Promise<string[][]> {
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

/** PostgreSQL's own guess of how many rows `query` returns (EXPLAIN, not run). */
async function estimateRows(db: Db, query: SQLWrapper): Promise<number> {
  const result = await db.execute(sql`explain (format json) ${query}`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  // pg parses the json column; PGlite leaves it as text.
  const column = row ? Object.values(row)[0] : undefined;
  const plan = (typeof column === 'string' ? JSON.parse(column) : column) as
    [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  return plan?.[0]?.Plan?.['Plan Rows'] ?? 0;
}

/**
 * `run` in a transaction that PostgreSQL cancels after `ms` (statement_timeout);
 * undefined if it was cancelled. PGlite has no timer to cancel with: there it runs to
 * the end, which on a catalogue one process holds is a short walk.
 */
async function withinTime<T>(db: Db, ms: number, run: (tx: Db) => Promise<T>) {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(ms)}, true)`);
      return run(tx);
    });
  } catch (error) {
    if (isQueryCanceled(error)) return undefined;
    throw error;
  }
}

/** SQLSTATE 57014: query_canceled, what statement_timeout raises. */
function isQueryCanceled(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

type PageOptions = {
  query: SearchQuery;
  viewer: Viewer | null;
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

async function searchPage(db: Db, options: PageOptions): Promise<SearchResult> {
  const { query, viewer, cursor, counts, text, similar } = options;
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
  const indexed = and(
    isNull(products.deletedAt),
    // Search never lists sold laptops; the category page asks for them (includeSold).
    query.includeSold ? undefined : eq(products.status, 'available'),
    query.category ? eq(products.categoryId, bind('category', query.category)) : undefined,
  );
  const priceRange = and(
    query.minPrice !== undefined
      ? gte(products.resalePriceCents, bind('minPrice', Math.round(query.minPrice * 100)))
      : undefined,
    query.maxPrice !== undefined
      ? lte(products.resalePriceCents, bind('maxPrice', Math.round(query.maxPrice * 100)))
      : undefined,
  );
  const others = and(
    query.condition ? eq(products.conditionType, bind('condition', query.condition)) : undefined,
    query.location
      ? ilike(products.location, bind('location', containsPattern(query.location)))
      : undefined,
    query.maxYears !== undefined
      ? lte(products.yearsOfUse, bind('maxYears', query.maxYears))
      : undefined,
  );
  const filters = and(indexed, priceRange, others);
  const where = and(listed, filters, text);

  const byPrice = query.sort !== 'newest';
  const ascending = query.sort === 'price_asc';
  const sortColumn = byPrice ? products.resalePriceCents : products.dateOfPost;
  let after: SQL | undefined;
  if (cursor) {
    const valid = byPrice
      ? isPriceCents(cursor.v)
      : typeof cursor.v === 'string' && isTimestamp(cursor.v);
    if (!valid) {
      throw new HttpError(
        400,
        'BAD_CURSOR',
        'This page link is no longer valid. Please search again.',
      );
    }
    const value = byPrice
      ? sql`${bind('afterValue', Number(cursor.v))}`
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
      .select({ id: products.id, sortKey: byPrice ? products.resalePriceCents : cursorDate })
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
          conditionType: products.conditionType,
          location: products.location,
          yearsOfUse: products.yearsOfUse,
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
        sortKey: byPrice ? Number(cursor.v) : microseconds(String(cursor.v)),
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
          v: byPrice ? last.resalePriceCents : last.cursorDate,
          id: last.id,
          k: questionFingerprint(query),
          ...(similar ? { s: true as const } : {}),
          ...(options.corrected ? { f: options.corrected } : {}),
        })
      : null;
  return {
    products: page.map((row) => toProduct(row, viewer)),
    total: Math.min(matches, TOTAL_CAP),
    totalIsCapped: matches > TOTAL_CAP,
    nextCursor,
  };
}

/**
 * The post date to the microsecond, as the cursor keeps it. A JavaScript Date has only
 * milliseconds: listings posted in one statement share a microsecond timestamp, and a
 * cursor rounded to the millisecond skipped all but the first page of them.
 */
const cursorDate = sql<string>`to_char(${products.dateOfPost} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A match and its sort key: the price in cents, or the post date as `cursorDate` writes it. */
type Match = { id: string; sortKey: number | string };

/**
 * The ids of a page of `found`, in the order the database would give: by sort key, then
 * by id, after the cursor. Matching PostgreSQL's order: ids are lowercase UUIDs, which
 * compare as their bytes do; dates have a fixed width (microseconds, UTC).
 */
function pickPage(
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

/** A cursor's date as `cursorDate` writes it: six digits of fraction (isTimestamp allows 0-6). */
function microseconds(timestamp: string): string {
  const [seconds = '', fraction = ''] = timestamp.replace(/Z$/, '').split('.');
  return `${seconds}.${fraction.padEnd(6, '0')}Z`;
}

/**
 * A real UTC instant PostgreSQL takes: JavaScript reads "2019-02-31" as March 3rd, and
 * takes year 0000, which PostgreSQL has not (1 BC comes before 1 AD).
 */
function isTimestamp(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(text)) return false;
  if (text.startsWith('0000')) return false;
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === text.slice(0, 19);
}

/** A price as the column holds it: whole cents in PostgreSQL's integer range. */
function isPriceCents(value: string | number): boolean {
  const cents = Number(value);
  return Number.isSafeInteger(cents) && cents >= 0 && cents <= 2_147_483_647;
}

/** A page of listings, sorted, with what its cursor needs. */
function selectPageRows(
  runner: Db,
  where: SQL | undefined,
  order: SQL[],
  limit: number | Placeholder,
) {
  return runner
    .select({ ...productColumns, cursorDate })
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
 * parses it once. There are at most 768 shapes (2 × 3 sorts × 2⁶ filters × 2).
 */
function preparedPage(db: Db, shape: string, build: () => ReturnType<typeof selectPageRows>) {
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

type RememberedCounts = Map<string, { n: number; expires: number }>;

function rememberedCount(counts: RememberedCounts, key: string): number | undefined {
  const remembered = counts.get(key);
  if (!remembered || remembered.expires < Date.now()) return undefined;
  return remembered.n;
}

function rememberCount(counts: RememberedCounts, key: string, n: number) {
  counts.delete(key);
  if (counts.size >= CAPPED_COUNT_KEYS) {
    // Maps keep insertion order: the first key is the oldest.
    const oldest = counts.keys().next().value;
    if (oldest !== undefined) counts.delete(oldest);
  }
  counts.set(key, { n, expires: Date.now() + CAPPED_COUNT_TTL_MS });
}
