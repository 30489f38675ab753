/**
 * What the search tells PostgreSQL's planner for one transaction (bitmap scans only,
 * a statement timeout) and what it asks it (a row estimate, without running the query).
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Only bitmap scans (of the text's GIN index) for the rest of the transaction, or any
 * scan again (parallel workers stay off: see below). PostgreSQL cannot tell a rare word from a common one
 * (it guesses 0.5% of rows for any word it has no statistics for), so for a word
 * that matches nothing it walked the newest-first index to the end: 4.8 s at a million
 * listings. Looking the words up in the GIN index first costs well under a millisecond.
 */
export async function useBitmapScansOnly(db: Db, only: boolean) {
  // Nor parallel workers, for the rest of the transaction: guessing 5,000 rows for a word
  // that has none, the planner started two, which took 5 ms to find nothing.
  await db.execute(
    only
      ? sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`
      : sql`select set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'on', true)`,
  );
}

/** PostgreSQL's own guess of how many rows `query` returns (EXPLAIN, not run). */
export async function estimateRows(db: Db, query: SQLWrapper): Promise<number> {
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
export async function withinTime<T>(db: Db, ms: number, run: (tx: Db) => Promise<T>) {
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
