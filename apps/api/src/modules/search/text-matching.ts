/**
 * How typed words match listings, as SQL conditions: each word a prefix of a word in
 * the name or description (full text), the same for counting in the text's index, or
 * like a word of the name (trigrams).
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { stemsOf } from './word-statistics.ts';

/**
 * Words as a prefix tsquery ("think pad" → think:* & pad:*), so a partly typed word
 * still matches; a corrected word's alternatives are any of them ((batteri:* | ...)).
 * Only letters and digits reach it, so the query is always valid.
 */
export function fullText(words: (string | string[])[]): SQL {
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
export async function countingText(db: Db, words: string[], perWord: number[]): Promise<SQL> {
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
export function similarName(words: string[]): SQL | undefined {
  return and(
    ...words.map((word) =>
      // At a word's start, as the text search takes it: "60" is not in "RTX 4060".
      /^\d+$/.test(word)
        ? sql`${products.name} ~* ${`\\m${word}`}`
        : sql`${products.name} %> ${word}`,
    ),
  );
}
