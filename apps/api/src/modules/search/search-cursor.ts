/**
 * Keyset page links: the cursor a page hands on (the last row's sort key and the
 * search it belongs to), written as base64url JSON and read back with every field
 * checked, and the sort keys as the database and the cursor write them.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { products } from '../../db/schema/products.ts';
import { HttpError } from '../../lib/http-error.ts';
import { filtersOf, toWords, type SearchQuery } from './search-query.ts';

/**
 * `v` and `id`: the last row's sort key. The pages come from a typo fallback: `f`, the
 * words corrected to the catalogue's (a fingerprint of the corrections, which must
 * still be the same); `s`, names like the words.
 */
export type Cursor = { v: string | number; id: string; k?: string; s?: true; f?: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
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

export const badCursor = () =>
  new HttpError(400, 'BAD_CURSOR', 'This page link is no longer valid. Please search again.');

/** 12 hex digits naming a value in a cursor. */
export const fingerprint = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);

/** Names a search's question (its words, filters and sort) in its cursors. */
export const questionFingerprint = (query: SearchQuery) =>
  fingerprint([query.q ? toWords(query.q) : [], ...filtersOf(query), query.sort]);

/**
 * The post date to the microsecond, as the cursor keeps it. A JavaScript Date has only
 * milliseconds: listings posted in one statement share a microsecond timestamp, and a
 * cursor rounded to the millisecond skipped all but the first page of them.
 */
export const cursorDate = sql<string>`to_char(${products.dateOfPost} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A cursor's date as `cursorDate` writes it: six digits of fraction (isTimestamp allows 0-6). */
export function microseconds(timestamp: string): string {
  const [seconds = '', fraction = ''] = timestamp.replace(/Z$/, '').split('.');
  return `${seconds}.${fraction.padEnd(6, '0')}Z`;
}

/**
 * A real UTC instant PostgreSQL takes: JavaScript reads "2019-02-31" as March 3rd, and
 * takes year 0000, which PostgreSQL has not (1 BC comes before 1 AD).
 */
export function isTimestamp(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(text)) return false;
  if (text.startsWith('0000')) return false;
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === text.slice(0, 19);
}

/** A price as the column holds it: whole cents in PostgreSQL's integer range. */
export function isPriceCents(value: string | number): boolean {
  const cents = Number(value);
  return Number.isSafeInteger(cents) && cents >= 0 && cents <= 2_147_483_647;
}
