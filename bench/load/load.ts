/**
 * `npm run load [-- --quick] [-- --rate=<total req/s>]`: a realistic mix of traffic
 * (browse, search, book, pay) at a fixed rate against the real server on the PostgreSQL
 * server, 60 s measured after a 30 s warm-up (--quick: 15 s after 10 s). Fails (exit 1)
 * on any error, when the rate is not held or when the server's memory grows beyond the
 * bound; writes bench/load-results.md and bench/load-results.json.
 *
 * Setup, not measured: a throw-away database `laptops_load_<pid>` (dropped at the end,
 * also on failure or Ctrl-C), the migrations, the demo marketplace, a bulk catalog
 * (bench/load-catalog.ts), the real server (apps/api/src/server.ts, production mode)
 * and buyers signed up over HTTP.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '@laptops/api/db/client';
import { seedDemoData } from '@laptops/api/db/seed/seed-demo';
import { createLocalImageStorage } from '@laptops/api/modules/images/image-storage';
import { signUpOverHttp, type HttpSession } from '@laptops/api/test/http-client';
import { startServerProcess, type ServerProcess } from '@laptops/api/test/server-process';
import { loadCatalog } from '../load-catalog.ts';
import { readAfterFullGc, sampleMemory, summarizeMemory, type MemorySample } from './memory.ts';
import { buildReport, renderMarkdown, type DatabaseCheck } from './report.ts';
import { productsNeeded, runTraffic, type TrafficPlan } from './traffic.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const quick = process.argv.includes('--quick');

/**
 * 120 requests a second in all. On this project's 2-core machine the server, PostgreSQL
 * and autocannon share the cores (with other work): the server spends about 3 ms of CPU
 * a request here (0.4 of a core), and `npm run bench` saturated at about 160 searches a
 * second, so this mix leaves headroom.
 */
const defaultRates = { browse: 60, search: 40, purchase: 20 };
/** `--rate=<total>` scales the mix, e.g. to find what a machine sustains. */
const totalRate = Number(process.argv.find((arg) => arg.startsWith('--rate='))?.slice(7) ?? 120);
if (!Number.isFinite(totalRate) || totalRate < 3) {
  throw new Error('--rate must be a number of requests per second, at least 3');
}
const rates = {
  browse: Math.max(1, Math.round((defaultRates.browse * totalRate) / 120)),
  search: Math.max(1, Math.round((defaultRates.search * totalRate) / 120)),
  purchase: Math.max(1, Math.round((defaultRates.purchase * totalRate) / 120)),
};
const settings = {
  products: quick ? 10_000 : 20_000,
  buyers: quick ? 30 : 100,
  /**
   * Long enough for V8 to size its heap for this load: in a first run the RSS rose from
   * 311 MB at 10 s to a plateau of about 377 MB from 45 s on. Growth after that is what
   * a leak looks like.
   */
  warmupSeconds: quick ? 10 : 30,
  seconds: quick ? 15 : 60,
  rampSeconds: quick ? 5 : 15,
  tailSeconds: 3,
  waves: 5,
  /** Growth that still counts as steady (see summarizeMemory). */
  memoryBounds: { heap: 0.15, rssPeak: 0.25 },
  memoryWindowSeconds: quick ? 4 : 10,
};
const adminUrl = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `laptops_load_${process.pid}`;
const log = (line: string) => process.stdout.write(`${line}\n`);

const cleanups: { name: string; run: () => Promise<unknown> }[] = [];
let stopTraffic = () => {};

async function main(): Promise<boolean> {
  const loadAverage = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
  log(`== load: ${quick ? 'quick' : 'full'} run; load average before: ${loadAverage}`);

  // Cleanups run last first: the database is dropped before this folder is removed, so
  // an interrupted seed has stopped writing images into it by then.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-load-'));
  cleanups.push({
    name: `remove ${dataDir}`,
    run: () => fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 }),
  });
  const databaseUrl = await createDatabase();

  log('  migrating and seeding the demo marketplace');
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    await seedDemoData(database.db, createLocalImageStorage(path.join(dataDir, 'images')));
  } finally {
    await database.close();
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  cleanups.push({ name: 'close the setup pool', run: () => pool.end() });
  const loadStarted = Date.now();
  await loadCatalog((sql) => pool.query(sql), settings.products, { log });
  log(`  catalog loaded in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`);

  const probeFile = path.join(dataDir, 'memory.json');
  const starting = startServerProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    // Setup signs up many buyers from one address; the limit is not what is measured.
    AUTH_RATE_LIMIT_PER_IP: '100000',
    // Reports the V8 heap once a second (memory-probe.mjs).
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --import ${path.join(here, 'memory-probe.mjs')}`,
    LOAD_MEMORY_FILE: probeFile,
  });
  // Registered before it is up: an interrupted start still ends with the server stopped
  // (the helper itself kills a server that never becomes healthy).
  cleanups.push({
    name: 'stop the server',
    run: async () => {
      const started = await starting.catch(() => null);
      if (started) await stopServer(started);
    },
  });
  const server = await starting;
  log(`  server pid ${server.child.pid} on ${server.url}`);

  const buyers = await signUpBuyers(server.url, settings.buyers);
  const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as {
    _id: string;
  }[];
  const plan: TrafficPlan = {
    baseUrl: server.url,
    rates,
    warmupSeconds: settings.warmupSeconds,
    seconds: settings.seconds,
    rampSeconds: settings.rampSeconds,
    tailSeconds: settings.tailSeconds,
    waves: settings.waves,
    buyers,
    categoryIds: categories.map((category) => category._id),
    productIds: [],
  };
  // Laptops for sale from the bulk catalog, in random order: every booking gets one
  // that nobody has booked, so a refusal (409) cannot be expected.
  const available = await pool.query<{ id: string }>(
    `select id from products where status = 'available' and deleted_at is null
     and seller_id like 'bench-seller-%' order by random() limit $1`,
    [productsNeeded(plan)],
  );
  plan.productIds = available.rows.map((row) => row.id);
  const before = await counts(pool);

  const pid = server.child.pid;
  if (!pid) throw new Error('the server has no pid');
  const startedAt = Date.now();
  const memory = sampleMemory(pid, probeFile, startedAt);
  // Full-GC readings just outside the measured window (their pause is not measured),
  // while the load runs.
  const atSecond = (second: number) =>
    new Promise((resolve) => setTimeout(resolve, startedAt + second * 1000 - Date.now())).then(() =>
      readAfterFullGc(pid, probeFile, startedAt).catch(() => null),
    );
  const fullGcAfterWarmup = atSecond(settings.warmupSeconds - 2);
  const fullGcAtEnd = atSecond(settings.warmupSeconds + settings.seconds + 0.5);
  let traffic;
  try {
    traffic = await runTraffic(plan, log, (stop) => (stopTraffic = stop));
  } finally {
    memory.stop();
  }
  const fullGc = { afterWarmup: await fullGcAfterWarmup, end: await fullGcAtEnd };
  const totalSeconds = (Date.now() - startedAt) / 1000;
  const memorySummary = summarizeMemory(memory.samples, fullGc, {
    warmupSeconds: settings.warmupSeconds,
    totalSeconds: Math.min(totalSeconds, settings.warmupSeconds + settings.seconds),
    window: settings.memoryWindowSeconds,
    bounds: settings.memoryBounds,
  });

  const after = await counts(pool);
  const database_ = await checkDatabase(pool, before, after, traffic.answers);
  const serverErrors = server
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line));

  const report = buildReport({
    mode: quick ? 'quick' : 'full',
    commit: gitCommit(),
    machine: `${machine()}; load average before the run ${loadAverage}`,
    settings: { ...settings, rates, connections: traffic.connections, buyers: buyers.length },
    catalog: {
      bulkProducts: settings.products,
      products: before.products,
      categories: categories.length,
    },
    traffic,
    memory: memorySummary,
    memorySamples: memory.samples satisfies MemorySample[],
    database: database_,
    serverErrors,
  });
  await fs.writeFile(
    path.join(root, 'bench/load-results.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  await fs.writeFile(path.join(root, 'bench/load-results.md'), renderMarkdown(report));
  log('');
  for (const line of report.summary) log(`  ${line}`);
  log(
    `\nwrote bench/load-results.md and bench/load-results.json: ${report.passed ? 'PASSED' : 'FAILED'}`,
  );
  return report.passed;
}

async function createDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`create database ${databaseName}`);
  } finally {
    await admin.end();
  }
  cleanups.push({
    name: `drop database ${databaseName}`,
    run: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${databaseName} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  });
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function stopServer(server: ServerProcess) {
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  try {
    await server.stop('SIGTERM');
  } finally {
    clearTimeout(timer);
  }
}

/** Buyers sign up over HTTP like people do (a few at a time: each hashes a password). */
async function signUpBuyers(baseUrl: string, count: number): Promise<HttpSession[]> {
  const started = Date.now();
  const buyers: HttpSession[] = [];
  while (buyers.length < count) {
    const batch = Math.min(4, count - buyers.length);
    buyers.push(
      ...(await Promise.all(Array.from({ length: batch }, () => signUpOverHttp(baseUrl, 'buyer')))),
    );
  }
  log(`  ${count} buyers signed up over HTTP in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return buyers;
}

type Counts = {
  products: number;
  orders: number;
  paidOrders: number;
  payments: number;
  refunds: number;
};

async function counts(pool: pg.Pool): Promise<Counts> {
  const { rows } = await pool.query<Record<keyof Counts, string>>(`select
    (select count(*) from products) as products,
    (select count(*) from orders) as orders,
    (select count(*) from orders where paid) as "paidOrders",
    (select count(*) from payments) as payments,
    (select count(*) from refunds) as refunds`);
  const row = rows[0];
  if (!row) throw new Error('no counts');
  return {
    products: Number(row.products),
    orders: Number(row.orders),
    paidOrders: Number(row.paidOrders),
    payments: Number(row.payments),
    refunds: Number(row.refunds),
  };
}

/**
 * What the answers promised is in the database: every acknowledged booking and payment
 * is there (requests cut off by the end of the run may add a few more), every paid
 * order has one payment and a sold laptop, and nothing had to be refunded.
 */
async function checkDatabase(
  pool: pg.Pool,
  before: Counts,
  after: Counts,
  answers: { step: string; status: number }[],
): Promise<DatabaseCheck[]> {
  const acknowledged = (step: string) =>
    answers.filter((answer) => answer.step === step && answer.status >= 200 && answer.status < 300)
      .length;
  const booked = acknowledged('book');
  const paid = acknowledged('record payment');
  const { rows } = await pool.query<{ unsold: string; unpaid: string }>(`select
    (select count(*) from orders o join products p on p.id = o.product_id
      where o.paid and p.status <> 'sold') as unsold,
    (select count(*) from orders o where o.paid
      and (select count(*) from payments where order_id = o.id) <> 1) as unpaid`);
  const consistency = rows[0];
  return [
    {
      check: 'acknowledged bookings are orders',
      value: `${after.orders - before.orders} new orders, ${booked} acknowledged`,
      ok: after.orders - before.orders >= booked,
    },
    {
      check: 'acknowledged payments are recorded',
      value: `${after.payments - before.payments} new payments, ${after.paidOrders - before.paidOrders} newly paid orders, ${paid} acknowledged`,
      ok: after.payments - before.payments >= paid && after.paidOrders - before.paidOrders >= paid,
    },
    {
      check: 'each paid order has one payment and a sold laptop',
      value: `${consistency?.unpaid ?? '?'} without exactly one payment, ${consistency?.unsold ?? '?'} not sold`,
      ok: consistency?.unpaid === '0' && consistency.unsold === '0',
    },
    {
      check: 'no payment refunded (each laptop was booked once)',
      value: `${after.refunds - before.refunds} refunds`,
      ok: after.refunds === before.refunds,
    },
  ];
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
      .toString()
      .trim();
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'apps/api', 'packages/shared'],
      {
        cwd: root,
      },
    )
      .toString()
      .trim();
    return dirty ? `${commit} (with uncommitted changes in apps/api or packages/shared)` : commit;
  } catch {
    return 'unknown';
  }
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

let cleaning: Promise<void> | undefined;
let interrupted = false;

/** Once: whoever asks next (the signal handler or the end of main) waits for the same run. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    stopTraffic();
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup
        .run()
        .catch((error: unknown) => log(`  cleanup "${cleanup.name}" failed: ${String(error)}`));
    }
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    log(`\n${signal}: stopping the server and dropping ${databaseName}`);
    // Stopping the server and dropping the database make the interrupted steps fail;
    // those errors are expected now, not a reason to stop cleaning up.
    process.on('uncaughtException', (error) => log(`  (while stopping: ${error.message})`));
    void cleanUp().finally(() => process.exit(1));
  });
}

let passed = false;
try {
  passed = await main();
} catch (error) {
  if (!interrupted) console.error(error);
} finally {
  await cleanUp();
}
// Explicitly: a timer or socket left by a failed run must not keep the script up.
process.exit(passed && !interrupted ? 0 : 1);
