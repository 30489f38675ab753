/**
 * The search: the words as typed, else corrected to the catalogue's, else names like
 * them; and a more common spelling offered beside few matches. Each page comes from
 * searchPage.
 */
import { sql } from 'drizzle-orm';
import type { SearchResult } from '@laptops/shared/search';
import { SEARCH_TEXT_MAX } from '@laptops/shared/search-filters';
import type { Db } from '../../db/client.ts';
import { cappedCountsOf } from './capped-counts.ts';
import { correctedWords, SUGGEST_BELOW_MATCHES, suggestedWords } from './corrections.ts';
import { badCursor, decodeCursor, fingerprint, questionFingerprint } from './search-cursor.ts';
import { searchPage } from './search-page.ts';
import { toWords, withWordsReplaced, type SearchQuery } from './search-query.ts';
import { countingText, fullText, similarName } from './text-matching.ts';
import { listingsPerWord } from './word-statistics.ts';

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
export async function searchProducts(db: Db, query: SearchQuery): Promise<SearchResult> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const words = query.q ? toWords(query.q) : [];
  // A page link continues the question it came from: not another search, filter or sort.
  if (cursor?.k !== undefined && cursor.k !== questionFingerprint(query)) throw badCursor();
  const counts = cappedCountsOf(db);
  const page = { query, cursor, counts, textMatches: 0, listings: 0 };
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
