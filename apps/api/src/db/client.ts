import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './lock.ts';
import { schema } from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * What the job queue (pg-boss) works through: the same embedded PGlite, whose one
   * connection it shares, or on a server its own small pool to the same database.
   */
  connection: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };
  /** Applies the committed SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Extensions the migrations create (pg_trgm for typo-tolerant search). PGlite must be
 * given them wherever one is made, or `create extension` fails.
 */
export const pgliteExtensions = { pg_trgm };

/** Any fixed number: the advisory lock that lets one process at a time migrate. */
const MIGRATION_LOCK_KEY = 7_202_611;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | { databaseUrl: string }
  | { dataDir: string; purpose: string }
  /** An already open PGlite (tests load one from a migrated template). */
  | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Without a bound, a request waits forever for a database that is gone.
      connectionTimeoutMillis: 5_000,
    });
    // A connection that the server drops (a restart, a network cut) emits 'error';
    // unhandled, that crashes the process. An idle one emits it on the pool. One
    // checked out for a transaction emits it on its client, which pg-pool leaves
    // without a listener, so each client gets one: its queries still fail, and the
    // pool discards it on release and opens a new one when the database is back.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      connection: { kind: 'postgres', url: options.databaseUrl },
      migrate: async () => {
        // Instances started together would race to apply the same migration: one
        // applies it while the others wait here, then find nothing left to do.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let release = () => {};
  let client: PGlite;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    release = acquireDataDirLock(options.dataDir, options.purpose);
    try {
      client = await PGlite.create(path.join(options.dataDir, 'pglite'), {
        extensions: pgliteExtensions,
      });
    } catch (error) {
      release();
      throw error;
    }
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    connection: { kind: 'pglite', pglite: client },
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
