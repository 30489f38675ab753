/**
 * A search as the route parsed it: the words of its text (and that text with other
 * words in their place), and its filters in a fixed order.
 */
import type { z } from 'zod';
import type { searchQuerySchema } from '@laptops/shared/search';

export type SearchQuery = z.output<typeof searchQuerySchema>;

/** Words of a search past this many are left out. */
const MAX_WORDS = 10;

/**
 * The words of a query, lowercased; anything but letters (with their accents and
 * other marks: "İ" lowercases to "i" and a dot, Devanagari writes vowels as marks)
 * and digits is dropped.
 */
export function toWords(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/**
 * The search text with the offered words in place of the typed ones, the rest as the
 * visitor wrote it (case, punctuation, and words past those searched).
 */
export function withWordsReplaced(text: string, offered: Map<string, string>): string {
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

/** The filters of a search, in a fixed order: part of its cursors' and counts' keys. */
export const filtersOf = (query: SearchQuery) => [
  query.includeSold,
  query.category,
  query.condition,
  query.minPrice,
  query.maxPrice,
  query.location,
  query.maxYears,
  query.ramMin,
  query.storageMin,
  query.storageType,
  query.screenMin,
  query.screenMax,
  query.batteryMin,
  query.cpu,
  query.deviceSpecs,
  query.serialChecked,
];
