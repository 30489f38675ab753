/**
 * `npm run bench:messaging [-- --quick] [-- --reseed] [-- --note="what else ran"] [-- --render]`
 *
 * Conversations at scale, on PostgreSQL (BENCH_DATABASE_URL, default the local server):
 * 1. Delivery: a message POSTed by one person to its arrival on the other's event
 *    stream (GET /api/live), with 1,000 signed-in users holding a stream each; on one
 *    instance, then across two (streams on B, POSTs through A: the PostgreSQL
 *    LISTEN/NOTIFY bus), then across two with Redis (BENCH_REDIS_URL, default
 *    redis://127.0.0.1:6379) when it answers.
 * 2. The inbox, a 10,000-message thread (first and a deep page) and the unread count of
 *    a user with 1,000 threads among 1,000,000 messages, with autocannon.
 * 3. The server's memory with 0, 1,000 and 5,000 open streams.
 * The database (messaging-seed.ts) is kept for the next run; --reseed makes it again.
 * Writes bench/messaging-results.md and bench/messaging-results.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema } from '@laptops/api/db/schema';
import {
  getThread,
  listConversations,
  unreadCount,
} from '@laptops/api/modules/conversations/conversations.service';
import type { EventStreamClient } from '@laptops/api/test/event-stream';
import { CapturingLogger, summarizePlan } from './bench-databases.ts';
import { gitCommit, machine } from './bench-report.ts';
import { killAll, measure } from './bench-servers.ts';
import { args, log, quick, root } from './bench-settings.ts';
import {
  closeStreams,
  measureDelivery,
  openStreams,
  readMemory,
  redisAnswers,
  signIn,
  startMessagingServer,
  stopMessagingServer,
  type Delivery,
  type MemoryPoint,
  type Server,
} from './messaging-live.ts';
import { renderMessagingReport, type MessagingReport, type PageRow } from './messaging-report.ts';
import {
  INBOX_EMAIL,
  dropMessagingDatabase,
  prepareMessagingDatabase,
  type MessagingDatabase,
} from './messaging-seed.ts';

/** Users holding a stream each; --quick: a fifth of them, fewer messages, no 5,000. */
const USERS = quick ? 200 : 1_000;
const MESSAGES = quick ? 60 : 300;
const PER_SECOND = 20;
/** Streams per user for the largest memory reading (the server allows 8). */
const STREAMS_PER_USER_MAX = quick ? 2 : 5;
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const note = args.find((arg) => arg.startsWith('--note='))?.slice('--note='.length);

const running = new Set<Server>();
const streamsOpen = new Set<EventStreamClient[]>();

async function start(env: Record<string, string>) {
  const server = await startMessagingServer(env);
  running.add(server);
  return server;
}

async function stopAll() {
  for (const streams of streamsOpen) closeStreams(streams);
  streamsOpen.clear();
  for (const server of running) await stopMessagingServer(server);
  running.clear();
}

async function open(base: string, cookies: string[]) {
  const streams = await openStreams(base, cookies);
  streamsOpen.add(streams);
  return streams;
}

function close(streams: EventStreamClient[]) {
  closeStreams(streams);
  streamsOpen.delete(streams);
}

async function main() {
  if (args.includes('--render')) {
    // Rewrites the Markdown from the JSON (after a change to the report's layout).
    const saved = JSON.parse(
      await fs.readFile(path.join(root, 'bench/messaging-results.json'), 'utf8'),
    ) as MessagingReport;
    await fs.writeFile(path.join(root, 'bench/messaging-results.md'), renderMessagingReport(saved).markdown);
    return;
  }
  const started = Date.now();
  const uptimeBefore = uptime();
  log(`machine: ${machine()}\nuptime: ${uptimeBefore}`);
  if (args.includes('--reseed')) await dropMessagingDatabase();
  log('\n== the database');
  const database = await prepareMessagingDatabase(log);
  const pairs = database.pairs.slice(0, USERS / 2);
  const emails = pairs.flatMap((pair) => [pair.buyer, pair.seller]);
  const env = { DATABASE_URL: database.url };

  log('\n== two instances on the PostgreSQL bus');
  const [a, b] = await Promise.all([start(env), start(env)]);
  if (!a || !b) throw new Error('the servers did not start');
  const signInStarted = Date.now();
  const signedIn = await signIn(a.base, database.url, [...emails, INBOX_EMAIL]);
  const signInSeconds = Math.round((Date.now() - signInStarted) / 1000);
  log(`  ${signedIn.signedIn} users signed in, ${signedIn.kept} sessions kept from an earlier run (${signInSeconds} s)`);
  const { cookies } = signedIn;
  const cookieOf = (email: string) => cookies.get(email) ?? '';
  const deliveries: Delivery[] = [];

  log(`\n== delivery on one instance, ${USERS} streams`);
  const single = await open(a.base, emails.map(cookieOf));
  deliveries.push(
    logDelivery(
      await measureDelivery({
        scenario: 'one instance (PostgreSQL bus to itself)',
        postBase: a.base,
        pairs,
        cookies,
        streamOf: byEmail(emails, single),
        count: MESSAGES,
        perSecond: PER_SECOND,
        servers: { 'A (POSTs and streams)': a },
      }),
    ),
  );
  close(single);

  log('\n== inbox and thread pages (autocannon)');
  const pages = await measurePages(a.base, cookieOf(INBOX_EMAIL), database);
  const plans = await explainPages(database);

  log(`\n== memory, and delivery across two instances (streams on B, POSTs through A)`);
  const memory: MemoryPoint[] = [];
  // The first streams load code and warm caches: opened and closed before the baseline.
  close(await open(b.base, emails.slice(0, 10).map(cookieOf)));
  memory.push(logMemory(await readMemory(b, 0)));
  const onB = await open(b.base, emails.map(cookieOf));
  memory.push(logMemory(await readMemory(b, onB.length)));
  deliveries.push(
    logDelivery(
      await measureDelivery({
        scenario: 'two instances, PostgreSQL LISTEN/NOTIFY bus',
        postBase: a.base,
        pairs,
        cookies,
        streamOf: byEmail(emails, onB),
        count: MESSAGES,
        perSecond: PER_SECOND,
        servers: { 'A (POSTs)': a, 'B (streams)': b },
      }),
    ),
  );
  const more = await open(
    b.base,
    Array.from({ length: STREAMS_PER_USER_MAX - 1 }, () => emails.map(cookieOf)).flat(),
  );
  memory.push(logMemory(await readMemory(b, onB.length + more.length)));
  close(more);
  close(onB);
  memory.push({ ...logMemory(await readMemory(b, 0)), note: 'after closing them all' });
  await stopAll();

  let redis: 'measured' | 'not reachable' = 'not reachable';
  if (await redisAnswers(redisUrl)) {
    log(`\n== delivery across two instances, Redis bus (${redisUrl})`);
    // A prefix of its own: nothing of other users of this Redis is read or touched.
    const redisEnv = { ...env, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `laptops-bench-messaging-${process.pid}:` };
    const [a2, b2] = await Promise.all([start(redisEnv), start(redisEnv)]);
    if (!a2 || !b2) throw new Error('the servers did not start');
    const streams = await open(b2.base, emails.map(cookieOf));
    deliveries.push(
      logDelivery(
        await measureDelivery({
          scenario: 'two instances, Redis pub/sub bus',
          postBase: a2.base,
          pairs,
          cookies,
          streamOf: byEmail(emails, streams),
          count: MESSAGES,
          perSecond: PER_SECOND,
          servers: { 'A (POSTs)': a2, 'B (streams)': b2 },
        }),
      ),
    );
    close(streams);
    await stopAll();
    redis = 'measured';
  } else {
    log(`\nno Redis answers at ${redisUrl}: the Redis bus is not measured`);
  }

  const report: MessagingReport = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: machine(),
    mode: quick ? 'quick' : 'full',
    uptime: { before: uptimeBefore, after: uptime() },
    ...(note ? { note } : {}),
    seconds: Math.round((Date.now() - started) / 1000),
    settings: { users: USERS, messages: MESSAGES, perSecond: PER_SECOND, redis, signInSeconds, signedIn: signedIn.signedIn, sessionsKept: signedIn.kept },
    database: { counts: database.counts, seeded: database.seeded, seedSeconds: database.seedSeconds },
    deliveries,
    pages,
    memory,
    plans,
  };
  const { markdown, json } = renderMessagingReport(report);
  await fs.writeFile(path.join(root, 'bench/messaging-results.json'), JSON.stringify(json, null, 2) + '\n');
  await fs.writeFile(path.join(root, 'bench/messaging-results.md'), markdown);
  log(`\nwrote bench/messaging-results.md and .json in ${report.seconds} s`);
  for (const check of json.checks) log(`  ${check.met ? 'met' : 'MISSED'}: ${check.target}: ${check.value}`);
}

function byEmail(emails: string[], streams: EventStreamClient[]) {
  return new Map(emails.map((email, index) => [email, streams[index] as EventStreamClient]));
}

function logDelivery(delivery: Delivery): Delivery {
  const sorted = [...delivery.deliveryMs].sort((x, y) => x - y);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  log(
    `  ${delivery.scenario}: p50 ${at(0.5)} p95 ${at(0.95)} p99 ${at(0.99)} ms over ${sorted.length} messages` +
      `${delivery.lost ? `, ${delivery.lost} lost` : ''}${delivery.failed ? `, ${delivery.failed} failed` : ''}; load ${delivery.loadAverage.after}`,
  );
  for (const thread of delivery.threads) {
    log(`    ${thread.name}: ${thread.cpuSeconds} s on a CPU, ${thread.waitedSeconds} s waiting for one, in ${delivery.seconds} s`);
  }
  log(`    the bench's event loop: delay p99 ${delivery.benchLoopDelay.p99} ms, max ${delivery.benchLoopDelay.max} ms`);
  return delivery;
}

function logMemory(point: MemoryPoint): MemoryPoint {
  const mb = (bytes: number | null) => (bytes === null ? '?' : (bytes / 2 ** 20).toFixed(1));
  log(`  ${point.streams} streams: RSS ${mb(point.rssBytes)} MB, heap used ${mb(point.heapUsedBytes)} MB${point.afterGc ? ' (after a full GC)' : ''}`);
  return point;
}

async function measurePages(base: string, cookie: string, database: MessagingDatabase): Promise<PageRow[]> {
  const headers = { cookie };
  const rows: [PageRow['endpoint'], string][] = [
    ['inbox (1,000 threads)', '/api/conversations'],
    ['thread, first page (10,000 messages)', `/api/conversations/${database.longThreadId}`],
    ['thread, deep page (?before=, 9,000 in)', `/api/conversations/${database.longThreadId}?before=${database.deepBefore}`],
    ['unread count', '/api/conversations/unread'],
    ['reference: the session alone', '/api/auth/get-session'],
  ];
  const measured: PageRow[] = [];
  for (const [endpoint, urlPath] of rows) {
    measured.push({ endpoint, ...(await measure(base, () => urlPath, headers)) });
  }
  return measured;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the SQL the app's own services send for those pages. */
async function explainPages(database: MessagingDatabase) {
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const logger = new CapturingLogger();
  const db = drizzle({ client: pool, schema, logger });
  const viewer = {
    id: database.inboxUserId,
    name: 'Inbox Owner',
    email: INBOX_EMAIL,
    image: null,
    typeOfUser: 'seller' as const,
    isVerified: false,
  };
  const plans: { endpoint: string; sql: string; plan: string }[] = [];
  const pages: [string, () => Promise<unknown>][] = [
    ['inbox', () => listConversations(db, viewer)],
    ['unread count', () => unreadCount(db, viewer)],
    ['thread, first page', () => getThread(db, viewer, database.longThreadId)],
    ['thread, deep page', () => getThread(db, viewer, database.longThreadId, database.deepBefore)],
  ];
  try {
    for (const [endpoint, run] of pages) {
      logger.queries = [];
      await run();
      for (const [index, query] of logger.queries.entries()) {
        const result = await pool.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${query.sql}`,
          query.params,
        );
        const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
        const label = logger.queries.length > 1 ? `${endpoint} (query ${index + 1})` : endpoint;
        plans.push({ endpoint: label, sql: query.sql, plan });
        log(`  plan ${label}: ${summarizePlan(plan)}`);
      }
    }
  } finally {
    await pool.end();
  }
  return plans;
}

function uptime(): string {
  try {
    return execFileSync('uptime').toString().trim();
  } catch {
    return `load average ${os.loadavg().map((load) => load.toFixed(2)).join(', ')}`;
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`\n${signal}: stopping the servers (the database is kept)`);
    killAll();
    process.exit(1);
  });
}

try {
  await main();
} catch (error) {
  console.error(error);
  await stopAll().catch(() => killAll());
  process.exitCode = 1;
}
