/**
 * The throw-away catalogues the benchmark measures: a PostgreSQL database
 * (`laptops_bench_<size>`) or a PGlite directory, migrated, dropped at the end; and the
 * app's own SQL for each endpoint, captured from drizzle and EXPLAIN ANALYZEd.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { searchQuerySchema } from '@laptops/shared/search';
import { openDatabase, pgliteExtensions, type Db } from '@laptops/api/db/client';
import { schema } from '@laptops/api/db/schema';
import { getProductDetails } from '@laptops/api/modules/products/product-page.service';
import {
  listAdvertisedProducts,
  listLatestProducts,
} from '@laptops/api/modules/products/products.service';
import { searchProducts } from '@laptops/api/modules/search/search.service';
import type { Execute } from './load-catalog.ts';
import {
  DEEP_PAGES,
  LAPTOP_PAGE_IDS,
  log,
  rareWordParams,
  searchParams,
  serverUrl,
  specSearchParams,
  typoParams,
  wordsApartParams,
  type Engine,
  type Plan,
} from './bench-settings.ts';

/** One for each database not yet dropped, so that a failed or interrupted run drops it. */
const cleanups: (() => Promise<void>)[] = [];

/** Drops what is left, newest first; a failure is logged and the others still run. */
export async function dropAll() {
  for (const cleanup of [...cleanups].reverse()) {
    await cleanup().catch((error: unknown) => log(`  cleanup failed: ${String(error)}`));
  }
}

type Statement = (sql: string, params: unknown[]) => Promise<{ 'QUERY PLAN': string }[]>;
const isExplainable = (sql: string) => /^\s*\(?\s*select\b/i.test(sql) && !/set_config/.test(sql);

type PreparedDatabase = {
  /** A new drizzle instance each time: the search remembers large counts per instance. */
  db(): Db;
  /** Sees every query `db` runs. */
  logger: CapturingLogger;
  execute: Execute;
  /** Runs statements on one connection (the search uses transaction-local settings). */
  explain(run: (statement: Statement) => Promise<void>): Promise<void>;
  closeClient(): Promise<void>;
  serverEnv: Record<string, string>;
  drop(): Promise<void>;
};

export async function preparePostgres(size: number): Promise<PreparedDatabase> {
  const name = `laptops_bench_${size >= 1_000_000 ? `${size / 1_000_000}m` : `${size / 1000}k`}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
    log(`  dropped database ${name}`);
  };
  cleanups.push(drop);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const migrated = await openDatabase({ databaseUrl: url.toString() });
  await migrated.migrate();
  await migrated.close();

  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // An idle connection ended from outside (the database dropped on the way out after a
  // failure) is reported, not left to crash the run with an unhandled 'error' event.
  pool.on('error', (error) => log(`  database connection lost: ${error.message}`));
  const logger = new CapturingLogger();
  // The server keeps images and its outbox in DATA_DIR: never the repository's ./data.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `laptops-bench-${size}-`));
  return {
    db: () => drizzlePg({ client: pool, schema, logger }),
    execute: (sql) => pool.query(sql),
    explain: async (run) => {
      const connection = await pool.connect();
      try {
        await run(async (sql, params) => (await connection.query(sql, params)).rows);
      } finally {
        connection.release();
      }
    },
    closeClient: () => pool.end(),
    serverEnv: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    drop: async () => {
      cleanups.splice(cleanups.indexOf(drop), 1);
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
    logger,
  };
}

export async function preparePglite(size: number): Promise<PreparedDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `laptops-bench-${size}-`));
  const remove = async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
    log(`  removed ${dataDir}`);
  };
  cleanups.push(remove);
  // The same place and extensions the server uses (db/client.ts).
  const client = await PGlite.create(path.join(dataDir, 'pglite'), {
    extensions: pgliteExtensions,
  });
  const migrated = await openDatabase({ pglite: client });
  await migrated.migrate();
  const logger = new CapturingLogger();
  return {
    db: () => drizzlePglite({ client, schema, logger }),
    execute: (sql) => client.exec(sql),
    explain: (run) =>
      run(async (sql, params) => (await client.query<{ 'QUERY PLAN': string }>(sql, params)).rows),
    closeClient: () => client.close(),
    serverEnv: { DATA_DIR: dataDir },
    drop: async () => {
      cleanups.splice(cleanups.indexOf(remove), 1);
      await remove();
    },
    logger,
  };
}

/** Keeps the SQL drizzle sends, so the benchmark EXPLAINs exactly the app's queries. */
export class CapturingLogger implements Logger {
  queries: { sql: string; params: unknown[] }[] = [];
  logQuery(sql: string, params: unknown[]) {
    this.queries.push({ sql, params });
  }
}

/**
 * Finds the URLs to measure through the app's own services (the biggest category, the
 * cursor 50 pages in, laptops' ids) and EXPLAIN ANALYZEs every query they run.
 */
export async function discover(
  { db: freshDb, logger, explain }: PreparedDatabase,
  engine: Engine,
  size: number,
): Promise<{
  categoryPath: string;
  categoryByPricePath: string;
  deepPath: string;
  searchPath: string;
  /** Listings' ids in the order of their uuids: a sample spread over the whole table. */
  laptopIds: string[];
  plans: Plan[];
}> {
  const db = freshDb();
  const categories = await db.query.categories.findMany({ columns: { id: true, name: true } });
  const lenovo = categories.find((category) => category.name === 'Lenovo') ?? categories[0];
  if (!lenovo) throw new Error('no categories were loaded');
  // What the category page asks for (apps/web category route): sold laptops included.
  const categoryParams = { category: lenovo.id, includeSold: 'true' };
  const categoryPath = `/api/search?${new URLSearchParams(categoryParams)}`;
  const categoryByPriceParams = { ...categoryParams, sort: 'price_asc' };
  const categoryByPricePath = `/api/search?${new URLSearchParams(categoryByPriceParams)}`;
  let cursor: string | null = null;
  for (let page = 0; page < DEEP_PAGES; page += 1) {
    const result = await searchProducts(
      db,
      searchQuerySchema.parse({ ...categoryParams, ...(cursor ? { cursor } : {}) }),
    );
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  if (!cursor) throw new Error(`the category has fewer than ${DEEP_PAGES} pages`);
  const deepParams = { ...categoryParams, cursor };
  const deepPath = `/api/search?${new URLSearchParams(deepParams)}`;
  const searchPath = `/api/search?${new URLSearchParams(searchParams)}`;
  const laptopIds = (
    await db
      .select({ id: schema.products.id })
      .from(schema.products)
      .orderBy(schema.products.id)
      .limit(LAPTOP_PAGE_IDS)
  ).map((row) => row.id);
  const [laptopId] = laptopIds;
  if (!laptopId) throw new Error('no products were loaded');

  const plans: Plan[] = [];
  // Each on a fresh instance, so the plans are those of a first visit (counts included).
  const explainEach = async (endpoint: string, run: (db: Db) => Promise<unknown>) => {
    logger.queries = [];
    await run(freshDb());
    // Replayed in order on one connection: transaction control and the planner
    // settings the search makes (set_config) run as they are, the selects are explained.
    const selects = logger.queries.filter((query) => isExplainable(query.sql));
    await explain(async (statement) => {
      // One transaction around the lot (drizzle's own begin/commit are not always
      // logged), rolled back at the end. Each logged transaction is a savepoint, rolled
      // back at its end: its planner settings (set_config(..., true)) end with it, as
      // they did when it ran, instead of leaking into the statements after it.
      await statement('begin', []);
      let inTransaction = false;
      for (const query of logger.queries) {
        if (/^\s*begin\b/i.test(query.sql)) {
          if (!inTransaction) await statement('savepoint replayed_transaction', []);
          inTransaction = true;
          continue;
        }
        if (/^\s*(commit|rollback)\b/i.test(query.sql)) {
          if (inTransaction) await statement('rollback to savepoint replayed_transaction', []);
          inTransaction = false;
          continue;
        }
        if (/^\s*(savepoint|release)\b/i.test(query.sql)) continue;
        if (!isExplainable(query.sql)) {
          await statement(query.sql, query.params);
          continue;
        }
        const n = selects.indexOf(query) + 1;
        // A statement the search cancels on purpose (statement_timeout) is recorded as
        // such, not allowed to end the run.
        await statement('savepoint explained_statement', []);
        const plan = await statement(`explain (analyze, buffers) ${query.sql}`, query.params)
          .then((rows) => rows.map((row) => row['QUERY PLAN']).join('\n'))
          .catch(async (error: unknown) => {
            await statement('rollback to savepoint explained_statement', []);
            return `(not finished: ${error instanceof Error ? error.message : String(error)})`;
          });
        plans.push({
          engine,
          size,
          endpoint: selects.length > 1 ? `${endpoint} (query ${n})` : endpoint,
          sql: query.sql,
          plan,
        });
      }
      await statement('rollback', []);
    });
  };
  await explainEach('category', (db) =>
    searchProducts(db, searchQuerySchema.parse(categoryParams)),
  );
  await explainEach('deep page', (db) =>
    searchProducts(db, searchQuerySchema.parse(deepParams)),
  );
  await explainEach('search + 3 filters', (db) =>
    searchProducts(db, searchQuerySchema.parse(searchParams)),
  );
  await explainEach('category by price', (db) =>
    searchProducts(db, searchQuerySchema.parse(categoryByPriceParams)),
  );
  await explainEach('category by seller rating', (db) =>
    searchProducts(db, searchQuerySchema.parse({ ...categoryByPriceParams, sort: 'rating' })),
  );
  await explainEach('search, a typo', (db) =>
    searchProducts(db, searchQuerySchema.parse(typoParams)),
  );
  await explainEach('search, words apart', (db) =>
    searchProducts(db, searchQuerySchema.parse(wordsApartParams)),
  );
  await explainEach('search, a rare word', (db) =>
    searchProducts(db, searchQuerySchema.parse(rareWordParams)),
  );
  await explainEach('search + 2 specs', (db) =>
    searchProducts(db, searchQuerySchema.parse(specSearchParams)),
  );
  await explainEach('laptop page', (db) => getProductDetails(db, laptopId, null));
  await explainEach('latest', (db) => listLatestProducts(db));
  await explainEach('advertised', (db) => listAdvertisedProducts(db));
  for (const plan of plans) {
    log(`  plan ${plan.endpoint}: ${summarizePlan(plan.plan)}`);
  }
  return { categoryPath, categoryByPricePath, deepPath, searchPath, laptopIds, plans };
}

/** "12.3 ms; indexes: a, b" and a warning for a sequential scan of products. */
export function summarizePlan(plan: string): string {
  const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
  const indexes = [...new Set([...plan.matchAll(/(?:using|Bitmap Index Scan on) (\w+)/g)].map((m) => m[1]))];
  const seqScan = /Seq Scan on products/.test(plan) ? '; SEQ SCAN on products' : '';
  return `${time} ms; indexes: ${indexes.join(', ') || 'none'}${seqScan}`;
}
