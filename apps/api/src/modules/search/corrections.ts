/**
 * Did you mean: typed words the catalogue lacks corrected to its own words, and for a
 * search with few matches, a far more common near spelling offered beside them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isNearSpelling } from './spelling.ts';
import { recentListingsWith, stemsOf, wordsForSale } from './word-statistics.ts';

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
export async function correctedWords(
  db: Db,
  words: string[],
): Promise<string[][] | 'as typed' | 'none'> {
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
export const SUGGEST_BELOW_MATCHES = 4;
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
export async function suggestedWords(db: Db, words: string[]): Promise<Map<string, string>> {
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
