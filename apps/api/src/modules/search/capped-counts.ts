/**
 * Match counts that reached the cap ("1,000+"), remembered per database and question
 * for a while, so that later pages and visitors skip counting them again.
 */
import type { Db } from '../../db/client.ts';

/**
 * Counts that reached the cap, per database and filters, for this long: "1,000+" rarely
 * changes, and counting 1,001 rows is most of a category page's database time. Smaller
 * counts are always exact (and cheap).
 */
const CAPPED_COUNT_TTL_MS = 30_000;
const CAPPED_COUNT_KEYS = 1000;
const cappedCounts = new WeakMap<Db, RememberedCounts>();

export type RememberedCounts = Map<string, { n: number; expires: number }>;

/** The counts remembered for `db`, kept as long as it is. */
export function cappedCountsOf(db: Db): RememberedCounts {
  let counts = cappedCounts.get(db);
  if (!counts) {
    counts = new Map();
    cappedCounts.set(db, counts);
  }
  return counts;
}

export function rememberedCount(counts: RememberedCounts, key: string): number | undefined {
  const remembered = counts.get(key);
  if (!remembered || remembered.expires < Date.now()) return undefined;
  return remembered.n;
}

export function rememberCount(counts: RememberedCounts, key: string, n: number) {
  counts.delete(key);
  if (counts.size >= CAPPED_COUNT_KEYS) {
    // Maps keep insertion order: the first key is the oldest.
    const oldest = counts.keys().next().value;
    if (oldest !== undefined) counts.delete(oldest);
  }
  counts.set(key, { n, expires: Date.now() + CAPPED_COUNT_TTL_MS });
}
