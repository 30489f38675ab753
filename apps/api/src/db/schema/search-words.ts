import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every word of every listing's name and description (lowercase, 3 to 30 letters or
 * digits), kept by a trigger on products (migration 0009). Search corrects a word it
 * cannot find to the most similar of these (pg_trgm), so a typo in a description's
 * word ("batery") finds it too. Words of removed listings stay: a correction to one
 * simply finds nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (table) => [
  index('search_words_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
  // The words a typed word begins (search's whole-word count): LIKE 'prefix%' as a
  // range of this index under any collation; the primary key serves it only under C.
  index('search_words_prefix_idx').on(table.word.op('text_pattern_ops')),
]);
