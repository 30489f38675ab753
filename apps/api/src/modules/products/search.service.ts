import { and, asc, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { searchQuerySchema, SearchResult } from '@laptops/shared/search';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { listed, productColumns, toProduct } from './products.service.ts';

type SearchQuery = z.output<typeof searchQuerySchema>;
type Cursor = { v: string | number; id: string };

/**
 * Words as a prefix tsquery ("think pad" → think:* & pad:*), so a partly typed word
 * still matches. Anything but letters and digits is dropped, so the query is safe.
 */
export function toPrefixQuery(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : undefined;
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
      /^[0-9a-f-]{36}$/.test(parsed.id)
    ) {
      return { v: parsed.v, id: parsed.id };
    }
  } catch {
    // fall through
  }
  throw new HttpError(400, 'BAD_CURSOR', 'This page link is no longer valid. Please search again.');
}

/**
 * One query path for the catalogue: filters, full text, and keyset pagination on
 * the sort's own columns (never OFFSET), so a deep page costs what the first does.
 */
export async function searchProducts(
  db: Db,
  query: SearchQuery,
  viewer: Viewer | null,
): Promise<SearchResult> {
  const tsquery = query.q ? toPrefixQuery(query.q) : undefined;
  const filters: (SQL | undefined)[] = [
    listed,
    eq(products.status, 'available'),
    tsquery ? sql`${products.searchVector} @@ to_tsquery('english', ${tsquery})` : undefined,
    query.category ? eq(products.categoryId, query.category) : undefined,
    query.condition ? eq(products.conditionType, query.condition) : undefined,
    query.minPrice !== undefined
      ? gte(products.resalePriceCents, Math.round(query.minPrice * 100))
      : undefined,
    query.maxPrice !== undefined
      ? lte(products.resalePriceCents, Math.round(query.maxPrice * 100))
      : undefined,
    query.location ? ilike(products.location, containsPattern(query.location)) : undefined,
    query.maxYears !== undefined ? lte(products.yearsOfUse, query.maxYears) : undefined,
  ];
  const where = and(...filters);

  const byPrice = query.sort !== 'newest';
  const ascending = query.sort === 'price_asc';
  const sortColumn = byPrice ? products.resalePriceCents : products.dateOfPost;
  let after: SQL | undefined;
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    const value = byPrice ? Number(cursor.v) : new Date(String(cursor.v));
    if (byPrice ? !Number.isFinite(value) : Number.isNaN((value as Date).getTime())) {
      throw new HttpError(
        400,
        'BAD_CURSOR',
        'This page link is no longer valid. Please search again.',
      );
    }
    after = ascending
      ? sql`(${sortColumn}, ${products.id}) > (${value}, ${cursor.id})`
      : sql`(${sortColumn}, ${products.id}) < (${value}, ${cursor.id})`;
  }

  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(where, after))
    .orderBy(
      ...(ascending ? [asc(sortColumn), asc(products.id)] : [desc(sortColumn), desc(products.id)]),
    )
    .limit(query.limit + 1);
  const [total] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          v: byPrice ? last.resalePriceCents : last.dateOfPost.toISOString(),
          id: last.id,
        })
      : null;
  return { products: page.map((row) => toProduct(row, viewer)), total: total?.n ?? 0, nextCursor };
}
