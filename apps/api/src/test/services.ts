import { Redis } from 'ioredis';
import pg from 'pg';

/** The PostgreSQL server tests may create databases on. */
export const testPostgresUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a PostgreSQL server answers at `url`. */
export async function postgresReachable(url = testPostgresUrl): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether Redis answers at `url`. */
export async function redisReachable(url = testRedisUrl): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * REQUIRE_SERVICES=1 (set by .ci/run, whose machine has both services): tests that
 * need PostgreSQL or Redis fail when it is missing instead of being skipped, so a
 * broken setup cannot pass as green.
 */
export function servicesRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return ['1', 'true', 'yes', 'on'].includes((env.REQUIRE_SERVICES ?? '').toLowerCase());
}

/**
 * Whether the tests described by `what` can run: true when the service answers.
 * When it does not, false with a warning (the caller skips them), or, with
 * REQUIRE_SERVICES set, an error that fails the test file.
 */
export async function serviceAvailable(
  service: { name: string; url: string; reachable: (url: string) => Promise<boolean> },
  what: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  if (await service.reachable(service.url)) return true;
  const where = new URL(service.url);
  where.password = '';
  const missing = `no ${service.name} answers at ${where.toString()}`;
  if (servicesRequired(env)) {
    throw new Error(`${what} need ${service.name} and REQUIRE_SERVICES is set, but ${missing}`);
  }
  console.warn(`${what} skipped: ${missing} (REQUIRE_SERVICES=1 fails them instead)`);
  return false;
}

/** For tests that need the PostgreSQL server; see serviceAvailable. */
export const hasPostgresServer = (what: string) =>
  serviceAvailable(
    { name: 'PostgreSQL server', url: testPostgresUrl, reachable: postgresReachable },
    what,
  );

/** For tests that need Redis; see serviceAvailable. */
export const hasRedisServer = (what: string) =>
  serviceAvailable({ name: 'Redis', url: testRedisUrl, reachable: redisReachable }, what);
