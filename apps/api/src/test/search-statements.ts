import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { searchQuerySchema } from '@laptops/shared/search';
import type { Database, Db } from '../db/client.ts';
import { schema } from '../db/schema.ts';
import { searchProducts } from '../modules/search/search.service.ts';

/**
 * The SQL one search sends, one statement per line, through a second drizzle on the
 * same connection (a fresh instance: no remembered counts or prepared pages).
 */
export async function searchStatements(
  database: Database,
  params: Record<string, string>,
): Promise<string> {
  const statements: string[] = [];
  const client = (database.db as unknown as { $client: never }).$client;
  const logger = { logQuery: (query: string) => statements.push(query) };
  const db = (
    database.kind === 'pglite'
      ? drizzlePglite({ client, schema, logger })
      : drizzlePg({ client, schema, logger })
  ) as Db;
  await searchProducts(db, searchQuerySchema.parse(params));
  return statements.join('\n');
}
