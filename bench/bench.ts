/**
 * `npm run bench [-- --quick] [-- --sizes=10000,100000] [-- --engines=postgres,pglite]`
 *
 * For each engine and catalog size: makes a throw-away database (PostgreSQL server:
 * `laptops_bench_<size>`, dropped at the end; PGlite: a temp DATA_DIR), migrates it,
 * bulk-loads the catalog, EXPLAINs the app's own queries, starts the real server
 * (apps/api/src/server.ts) in a child process and drives it with autocannon at fixed
 * concurrency. The home lists are compared with a bare node:http server answering the
 * same bytes in the same run. Writes bench/results.md and bench/results.json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { searchQuerySchema } from '@laptops/shared/search';
import { openDatabase, pgliteExtensions, type Db } from '@laptops/api/db/client';
import { schema } from '@laptops/api/db/schema';
import {
  listAdvertisedProducts,
  listLatestProducts,
} from '@laptops/api/modules/products/products.service';
import { searchProducts } from '@laptops/api/modules/search/search.service';
import { renderDeployed, runDeployed, type DeployedRun } from './deployed.ts';
import { loadCatalog, type Execute } from './load-catalog.ts';

type Engine = 'postgres' | 'pglite';
type Endpoint =
  | 'category'
  | 'deep page'
  | 'search + 3 filters'
  | 'category by price'
  | 'search, a typo'
  | 'search, words apart'
  | 'search, a rare word'
  | 'category, cached'
  | 'category, cached, gzip'
  | 'deep page, cached'
  | 'latest'
  | 'advertised'
  | 'search page, guest, gzip'
  | 'Home page, gzip'
  | 'bare'
  | 'bare, again';
type Measurement = {
  engine: Engine;
  size: number;
  endpoint: Endpoint;
  path: string;
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  /** p95 with one connection: a request's own latency, without queueing behind others. */
  p95Alone: number;
  requests: number;
  errors: number;
  /** The machine's 1-minute load average after the run: other work competes for the cores. */
  loadAverage: number;
};
type Plan = { engine: Engine; size: number; endpoint: string; sql: string; plan: string };

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const listArg = (name: string) =>
  args
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.split('=')[1]
    ?.split(',')
    .filter(Boolean);
const sizes = (listArg('sizes') ?? (quick ? ['10000'] : ['10000', '100000', '1000000'])).map(
  Number,
);
const engines = (listArg('engines') ?? (quick ? ['postgres'] : ['postgres', 'pglite'])) as Engine[];
/** PGlite is one process with a WebAssembly heap: the issue asks for 10k and 100k there. */
const PGLITE_MAX_SIZE = 100_000;
const CONNECTIONS = 10;
const SECONDS = quick ? 3 : 10;
const WARMUP_SECONDS = quick ? 1 : 3;
/** The deep page: this many pages of the category page in, following nextCursor. */
const DEEP_PAGES = 50;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** What the search endpoint gets: free text plus three filters. */
const searchParams = { q: 'thinkpad', condition: 'Good', maxPrice: '1200', maxYears: '3' };
/** A typo ("thinkpda"), corrected to the catalogue's word, and two words no listing has together. */
const typoParams = { q: 'thinkpda', maxPrice: '1200' };
const wordsApartParams = { q: 'thinkpad macbook', maxPrice: '1200' };
/** A seller's typo that one listing has: found as typed, and "keyboard" offered. */
const rareWordParams = { q: 'keybaord', maxPrice: '1200' };

/** As browsers ask. */
const gzip = { 'accept-encoding': 'gzip, deflate, br' };
/** The pages are measured only with a web build to serve (`npm run build`). */
const hasWebBuild = await fs
  .access(path.join(root, 'apps/web/dist/page.html'))
  .then(() => true)
  .catch(() => false);

/** npm start's default. Results written before it say LOG_LEVEL=warn (no request lines). */
const SERVER_LOG_LEVEL = 'info';
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  if (args.includes('--render')) {
    // Rewrites results.md from results.json (after a change to this report's layout).
    const saved = JSON.parse(await fs.readFile(path.join(root, 'bench/results.json'), 'utf8')) as Report;
    await fs.writeFile(path.join(root, 'bench/results.md'), renderMarkdown(saved));
    return;
  }
  if (args.includes('--deployed')) {
    // Only the server as npm start runs it against bare node:http: added to the last
    // full run's report, whose other rows stay as they were measured.
    const saved = JSON.parse(await fs.readFile(path.join(root, 'bench/results.json'), 'utf8')) as Report;
    const report = { ...saved, deployed: await deployedRuns(saved.deployed) };
    await fs.writeFile(path.join(root, 'bench/results.json'), JSON.stringify(report, null, 2) + '\n');
    await fs.writeFile(path.join(root, 'bench/results.md'), renderMarkdown(report));
    log('\nwrote the as-deployed section of bench/results.md and bench/results.json');
    return;
  }
  const started = Date.now();
  if (!hasWebBuild) log('no web build (npm run build): the pages are not measured');
  const measurements: Measurement[] = [];
  const plans: Plan[] = [];
  for (const engine of engines) {
    for (const size of sizes) {
      if (engine === 'pglite' && size > PGLITE_MAX_SIZE) continue;
      log(`\n== ${engine}, ${size.toLocaleString('en-US')} products`);
      const result = await benchOne(engine, size);
      measurements.push(...result.measurements);
      plans.push(...result.plans);
    }
  }
  const deployed = await deployedRuns([]);
  const report = { ...buildReport(measurements, plans, (Date.now() - started) / 1000), deployed };
  await fs.writeFile(path.join(root, 'bench/results.json'), JSON.stringify(report, null, 2) + '\n');
  await fs.writeFile(path.join(root, 'bench/results.md'), renderMarkdown(report));
  log(`\nwrote bench/results.md and bench/results.json in ${report.seconds.toFixed(0)} s`);
}

/** This run first, then the two before it: whether the ratios hold from run to run. */
async function deployedRuns(earlier: DeployedRun[] = []): Promise<DeployedRun[]> {
  const note = args.find((arg) => arg.startsWith('--note='))?.slice('--note='.length);
  const run = await runDeployed({
    root,
    quick,
    track,
    log,
    commit: gitCommit(),
    machine: machine(),
    note,
  });
  return [run, ...earlier].slice(0, 3);
}

async function benchOne(engine: Engine, size: number) {
  const database = engine === 'postgres' ? await preparePostgres(size) : await preparePglite(size);
  try {
    const loadStarted = Date.now();
    await loadCatalog(database.execute, size, {
      batch: engine === 'pglite' ? 20_000 : 100_000,
      log,
    });
    log(`  loaded in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`);
    // The one listing with a seller's typo ("search, a rare word"), the newest, for $150
    // (below every price cap the searches ask for).
    await database.execute(`
      insert into products (seller_id, category_id, name, image, location, description,
        condition_type, mobile_number, original_price_cents, resale_price_cents, years_of_use)
      select seller_id, category_id, 'ThinkPad T14 with a backlit keybaord', image, location,
        description, condition_type, mobile_number, original_price_cents, 15000, years_of_use
      from products limit 1`);
    const found = await discover(database, engine, size);
    await database.closeClient();

    const measurements: Measurement[] = [];
    // The catalogue on a server without its response cache (LIST_CACHE_MS=0), so every
    // request reaches the database; the search asks a different question each time
    // (the price cap moves by a cent), so no remembered count helps it either.
    await withServer({ ...database.serverEnv, LIST_CACHE_MS: '0' }, async (base) => {
      const endpoints: [Endpoint, () => string][] = [
        ['category', () => found.categoryPath],
        ['deep page', () => found.deepPath],
        ['search + 3 filters', distinctSearches(searchParams)],
        ['category by price', () => found.categoryByPricePath],
        ['search, a typo', distinctSearches(typoParams)],
        ['search, words apart', distinctSearches(wordsApartParams)],
        ['search, a rare word', distinctSearches(rareWordParams)],
      ];
      for (const [endpoint, nextPath] of endpoints) {
        measurements.push({ engine, size, endpoint, ...(await measure(base, nextPath)) });
      }
    });
    // As deployed (answers cached for 2 s): the category pages and Home's lists, the
    // lists between two runs of a bare node:http server (their mean is the yardstick, so
    // other work on the machine during one of them weighs less).
    await withServer(database.serverEnv, async (base) => {
      measurements.push({ engine, size, endpoint: 'bare', ...(await measureBare(base)) });
      for (const [endpoint, urlPath, headers] of [
        ['category, cached', found.categoryPath],
        // As a browser asks: the cached answer's gzip bytes are kept with it.
        ['category, cached, gzip', found.categoryPath, gzip],
        ['deep page, cached', found.deepPath],
        ['latest', '/api/latestProducts'],
        ['advertised', '/api/advertiseProducts'],
        // The pages themselves, as a browser asks, when there is a web build to serve.
        ...(hasWebBuild
          ? ([
              ['search page, guest, gzip', `/search?${new URLSearchParams(searchParams)}`, gzip],
              ['Home page, gzip', '/', gzip],
            ] as const)
          : []),
      ] as const) {
        measurements.push({
          engine,
          size,
          endpoint,
          ...(await measure(base, () => urlPath, headers)),
        });
      }
      measurements.push({ engine, size, endpoint: 'bare, again', ...(await measureBare(base)) });
    });
    return { measurements, plans: found.plans };
  } finally {
    await database.drop();
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

async function preparePostgres(size: number): Promise<PreparedDatabase> {
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

async function preparePglite(size: number): Promise<PreparedDatabase> {
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
class CapturingLogger implements Logger {
  queries: { sql: string; params: unknown[] }[] = [];
  logQuery(sql: string, params: unknown[]) {
    this.queries.push({ sql, params });
  }
}

/**
 * Finds the URLs to measure through the app's own services (the biggest category, the
 * cursor 50 pages in) and EXPLAIN ANALYZEs every query they run.
 */
async function discover(
  { db: freshDb, logger, explain }: PreparedDatabase,
  engine: Engine,
  size: number,
): Promise<{
  categoryPath: string;
  categoryByPricePath: string;
  deepPath: string;
  searchPath: string;
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
      null,
    );
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  if (!cursor) throw new Error(`the category has fewer than ${DEEP_PAGES} pages`);
  const deepParams = { ...categoryParams, cursor };
  const deepPath = `/api/search?${new URLSearchParams(deepParams)}`;
  const searchPath = `/api/search?${new URLSearchParams(searchParams)}`;

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
    searchProducts(db, searchQuerySchema.parse(categoryParams), null),
  );
  await explainEach('deep page', (db) =>
    searchProducts(db, searchQuerySchema.parse(deepParams), null),
  );
  await explainEach('search + 3 filters', (db) =>
    searchProducts(db, searchQuerySchema.parse(searchParams), null),
  );
  await explainEach('category by price', (db) =>
    searchProducts(db, searchQuerySchema.parse(categoryByPriceParams), null),
  );
  await explainEach('search, a typo', (db) =>
    searchProducts(db, searchQuerySchema.parse(typoParams), null),
  );
  await explainEach('search, words apart', (db) =>
    searchProducts(db, searchQuerySchema.parse(wordsApartParams), null),
  );
  await explainEach('search, a rare word', (db) =>
    searchProducts(db, searchQuerySchema.parse(rareWordParams), null),
  );
  await explainEach('latest', (db) => listLatestProducts(db, null));
  await explainEach('advertised', (db) => listAdvertisedProducts(db, null));
  for (const plan of plans) {
    log(`  plan ${plan.endpoint}: ${summarizePlan(plan.plan)}`);
  }
  return { categoryPath, categoryByPricePath, deepPath, searchPath, plans };
}

/** "12.3 ms; indexes: a, b" and a warning for a sequential scan of products. */
function summarizePlan(plan: string): string {
  const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
  const indexes = [...new Set([...plan.matchAll(/(?:using|Bitmap Index Scan on) (\w+)/g)].map((m) => m[1]))];
  const seqScan = /Seq Scan on products/.test(plan) ? '; SEQ SCAN on products' : '';
  return `${time} ms; indexes: ${indexes.join(', ') || 'none'}${seqScan}`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function withServer(env: Record<string, string>, run: (base: string) => Promise<void>) {
  const port = await freePort();
  const server = await startServer(port, env);
  try {
    await run(`http://127.0.0.1:${port}`);
  } finally {
    await stop(server);
  }
}

/** A search's URL with its price cap moved by a cent per call: never the same twice. */
function distinctSearches(params: { maxPrice: string }): () => string {
  let call = 0;
  return () => {
    const maxPrice = (Number(params.maxPrice) - (call++ % 100_000) / 100).toFixed(2);
    return `/api/search?${new URLSearchParams({ ...params, maxPrice })}`;
  };
}

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  // Request logging on, as npm start has it: one line per request, into a file.
  const logFile = path.join(os.tmpdir(), `laptops-bench-server-${process.pid}-${port}.log`);
  const output = await fs.open(logFile, 'w');
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      stdio: ['ignore', output.fd, 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: 'false',
        LOG_LEVEL: SERVER_LOG_LEVEL,
        // What the bench sets and nothing from a developer's .env (a Redis, a bucket).
        ENV_FILE: 'none',
        // The sandbox's test payments: a production server takes them only when told to.
        PAYMENTS_PROVIDER: 'sandbox',
        AUTH_SECRET: 'bench-secret-that-is-long-enough-for-better-auth',
        ...env,
      },
    }),
  );
  child.once('exit', () => {
    void output.close().then(() => fs.rm(logFile, { force: true }));
  });
  // The start (migrations, the job queue, the page renderer's warm-up) took over a
  // minute on this machine while others' tests ran.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop(child);
  throw new Error('the server did not start within 3 minutes');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Warm-up, then a timed run; percentiles from every 2xx response's own latency.
 * `nextPath` gives each request's path (the same one, or a new one every time).
 */
async function measure(
  base: string,
  nextPath: () => string,
  headers: Record<string, string> = {},
) {
  const urlPath = nextPath();
  const check = await fetch(base + urlPath, { headers });
  if (check.status !== 200) throw new Error(`${urlPath} answered ${check.status}`);
  await runCannon(base, nextPath, WARMUP_SECONDS, CONNECTIONS, headers);
  const run = await runCannon(base, nextPath, SECONDS, CONNECTIONS, headers);
  const alone = await runCannon(base, nextPath, Math.max(2, SECONDS / 2), 1, headers);
  const result = {
    path: urlPath,
    p50: percentile(run.latencies, 0.5),
    p95: percentile(run.latencies, 0.95),
    p99: percentile(run.latencies, 0.99),
    requestsPerSecond: Math.round(run.requests / SECONDS),
    p95Alone: percentile(alone.latencies, 0.95),
    requests: run.requests,
    errors: run.errors + alone.errors,
    loadAverage: round(os.loadavg()[0] ?? 0),
  };
  log(
    `  ${urlPath.slice(0, 60).padEnd(60)} p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} ms, ${result.requestsPerSecond} req/s; alone p95 ${result.p95Alone} ms${result.errors ? `, ${result.errors} errors` : ''}`,
  );
  return result;
}

function percentile(latencies: number[], q: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}

async function runCannon(
  base: string,
  nextPath: () => string,
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
) {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: base + nextPath(),
    connections,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else errors += 1;
  });
  const result = await instance;
  return { latencies, requests: latencies.length, errors: errors + result.errors + result.timeouts };
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** The bare server answers the latest list's bytes; measured just like the app. */
async function measureBare(base: string) {
  const response = await fetch(`${base}/api/latestProducts`);
  const bodyFile = path.join(os.tmpdir(), `laptops-bench-body-${process.pid}.json`);
  await fs.writeFile(bodyFile, Buffer.from(await response.arrayBuffer()));
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [path.join(root, 'bench/bare-server.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        BARE_BODY_FILE: bodyFile,
        BARE_CONTENT_TYPE: response.headers.get('content-type') ?? 'application/json',
      },
    }),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout?.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
    return await measure(`http://127.0.0.1:${port}`, () => '/');
  } finally {
    await stop(child);
    await fs.rm(bodyFile, { force: true });
  }
}

type Check = { target: string; value: string; met: boolean | null };
type Report = ReturnType<typeof buildReport>;

function buildReport(measurements: Measurement[], plans: Plan[], seconds: number) {
  const find = (engine: Engine, size: number, endpoint: Endpoint) =>
    measurements.find((m) => m.engine === engine && m.size === size && m.endpoint === endpoint);
  const checks: Check[] = [];
  const million = 1_000_000;
  const category = find('postgres', million, 'category');
  const search = find('postgres', million, 'search + 3 filters');
  const categoryCached = find('postgres', million, 'category, cached');
  checks.push({
    target: 'PostgreSQL, 1,000,000 products: category page p95 ≤ 10 ms (every request queried)',
    value: category ? `${category.p95} ms` : 'not measured',
    met: category ? category.p95 <= 10 : null,
  });
  checks.push({
    target: 'PostgreSQL, 1,000,000 products: category page p95 ≤ 10 ms (as deployed, cached 2 s)',
    value: categoryCached ? `${categoryCached.p95} ms` : 'not measured',
    met: categoryCached ? categoryCached.p95 <= 10 : null,
  });
  checks.push({
    target: 'PostgreSQL, 1,000,000 products: search with filters p95 ≤ 50 ms',
    value: search ? `${search.p95} ms` : 'not measured',
    met: search ? search.p95 <= 50 : null,
  });
  // For reference, not the target: the same at one connection (no queueing).
  checks.push({
    target: '(reference) 1,000,000 products, one connection: category page p95 ≤ 10 ms',
    value: category ? `${category.p95Alone} ms` : 'not measured',
    met: category ? category.p95Alone <= 10 : null,
  });
  checks.push({
    target: '(reference) 1,000,000 products, one connection: search with filters p95 ≤ 50 ms',
    value: search ? `${search.p95Alone} ms` : 'not measured',
    met: search ? search.p95Alone <= 50 : null,
  });
  for (const endpoint of ['category', 'deep page', 'search + 3 filters', 'latest', 'advertised'] as const) {
    const small = find('postgres', 10_000, endpoint);
    const large = find('postgres', million, endpoint);
    const ratio = small && large ? large.p95 / small.p95 : null;
    checks.push({
      target: `PostgreSQL, ${endpoint}: p95 at 1,000,000 ≤ 1.5× p95 at 10,000`,
      value: ratio === null ? 'not measured' : `${ratio.toFixed(2)}× (${large?.p95} vs ${small?.p95} ms)`,
      met: ratio === null ? null : ratio <= 1.5,
    });
  }
  for (const { engine, size } of uniqueRuns(measurements)) {
    const bareRuns = [find(engine, size, 'bare'), find(engine, size, 'bare, again')].filter(
      (m) => m !== undefined,
    );
    if (bareRuns.length === 0) continue;
    const bare = Math.round(
      bareRuns.reduce((sum, m) => sum + m.requestsPerSecond, 0) / bareRuns.length,
    );
    for (const endpoint of ['latest', 'advertised'] as const) {
      const list = find(engine, size, endpoint);
      if (!list) continue;
      const ratio = list.requestsPerSecond / bare;
      checks.push({
        target: `${engine}, ${size.toLocaleString('en-US')}: home ${endpoint} throughput ≥ 0.5× bare node:http`,
        value: `${ratio.toFixed(2)}× (${list.requestsPerSecond} vs ${bare} req/s, the mean of the bare runs before and after)`,
        met: ratio >= 0.5,
      });
    }
  }
  return {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: machine(),
    mode: quick ? 'quick' : 'full',
    logLevel: SERVER_LOG_LEVEL as string | undefined,
    deployed: [] as DeployedRun[],
    connections: CONNECTIONS,
    secondsPerEndpoint: SECONDS,
    seconds,
    searchParams,
    measurements,
    checks,
    plans,
  };
}

function uniqueRuns(measurements: Measurement[]) {
  const seen = new Map<string, { engine: Engine; size: number }>();
  for (const m of measurements) seen.set(`${m.engine}:${m.size}`, { engine: m.engine, size: m.size });
  return [...seen.values()];
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps/api', 'packages/shared'], {
      cwd: root,
    })
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

function renderMarkdown(report: Report): string {
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench${report.mode === 'quick' ? ' -- --quick' : ''}\` on ${report.date} at commit ${report.commit}.`,
    '',
    `Machine: ${report.machine}. The app (apps/api/src/server.ts, production mode, ${report.logLevel ? `LOG_LEVEL=${report.logLevel}: a line per request, into a file` : 'LOG_LEVEL=warn: request logging off, unlike npm start'}) and the`,
    `load generator (autocannon, ${report.connections} connections, ${report.secondsPerEndpoint} s per endpoint after a warm-up)`,
    'share this machine with the database, so the numbers include their contention.',
    '',
    '## Targets',
    '',
    '| target | measured | met |',
    '| --- | --- | --- |',
    ...report.checks.map(
      (check) =>
        `| ${check.target} | ${check.value} | ${check.met === null ? '–' : check.met ? 'yes' : '**no**'} |`,
    ),
    '',
    '## Latency and throughput',
    '',
    'Category, deep page and search are measured on a server without its response cache',
    '(`LIST_CACHE_MS=0`): every request runs its queries. Search:',
    `\`${new URLSearchParams(report.searchParams)}\` with the price cap lowered by a cent on each`,
    'request, so no two requests are the same question and no remembered count helps.',
    `Likewise "a typo" (\`${new URLSearchParams(typoParams)}\`, searched as "thinkpad") and "words`,
    `apart" (\`${new URLSearchParams(wordsApartParams)}\`: no listing has both, so nothing is found;`,
    'both are catalogue words, so none is corrected). "A rare word"',
    `(\`${new URLSearchParams(rareWordParams)}\`): one listing has this typo, and "keyboard" is offered.`,
    'Category by price: the category page',
    'sorted by price, lowest first.',
    'Category: the Lenovo category as the category page asks for it (sold laptops',
    'included); its capped count is remembered for 30 s, as in production. Deep page: the',
    'same, 50 pages in (following `nextCursor`). "cached" rows and Home lists: the server as',
    "deployed (answers cached for 2 s); \"gzip\": asked as browsers ask (Accept-Encoding: gzip, deflate, br).",
    'Pages (with a web build): the search page for the same search, drawn by the server for a',
    'guest and kept as sent for 2 s, and Home.',
    "Bare: node:http answering the latest list's bytes, before and after the lists.",
    '"p95 alone": the same URL with one connection, i.e. without waiting behind other requests.',
    '',
    '| products | engine | endpoint | p50 ms | p95 ms | p99 ms | req/s | p95 alone ms | errors | load avg |',
    '| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.measurements.map(
      (m) =>
        `| ${m.size.toLocaleString('en-US')} | ${m.engine} | ${m.endpoint} | ${m.p50} | ${m.p95} | ${m.p99} | ${m.requestsPerSecond} | ${m.p95Alone} | ${m.errors} | ${m.loadAverage} |`,
    ),
    '',
    '## Reading these numbers',
    '',
    ...readingNotes(report),
    '',
    ...renderDeployed(report.deployed ?? []),
    '## Query plans',
    '',
    'EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the app sends (captured from drizzle).',
    'Full plans are in results.json.',
    '',
    '| products | engine | query | execution | indexes used |',
    '| ---: | --- | --- | --- | --- |',
    ...report.plans.map((plan) => {
      const summary = summarizePlan(plan.plan);
      const [time, indexes] = summary.split('; indexes: ');
      return `| ${plan.size.toLocaleString('en-US')} | ${plan.engine} | ${plan.endpoint} | ${time} | ${indexes} |`;
    }),
    '',
  ];
  return lines.join('\n');
}

/**
 * Where the time goes: the database's own time per query (EXPLAIN ANALYZE) beside the
 * latency under load, so a missed target says whether the query or the rest is slow.
 */
function readingNotes(report: Report): string[] {
  const largest = Math.max(0, ...report.plans.filter((p) => p.engine === 'postgres').map((p) => p.size));
  const slowest = report.plans
    .filter((plan) => plan.engine === 'postgres' && plan.size === largest)
    .map((plan) => ({
      endpoint: plan.endpoint,
      ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan.plan)?.[1] ?? 0),
    }))
    .sort((a, b) => b.ms - a.ms);
  const loads = report.measurements.map((m) => m.loadAverage);
  const bare = report.measurements
    .filter((m) => m.endpoint.startsWith('bare'))
    .map((m) => m.requestsPerSecond);
  const category = report.measurements.find(
    (m) => m.engine === 'postgres' && m.size === largest && m.endpoint === 'category',
  );
  // In the order the app runs them: the capped count, then the page.
  const categoryPlan = report.plans
    .filter((plan) => plan.engine === 'postgres' && plan.size === largest)
    .filter((plan) => plan.endpoint.startsWith('category'))
    .map((plan) => ({ ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan.plan)?.[1] ?? 0) }));
  return [
    `- Database time: at ${largest.toLocaleString('en-US')} products on PostgreSQL the slowest`,
    `  query of a first visit took ${slowest[0]?.ms ?? '?'} ms (${slowest[0]?.endpoint ?? '?'}); see the plans below.`,
    '  Counts that reach the cap are remembered for 30 s; the search measurement never reuses one.',
    ...(category
      ? [
          `- The category page at ${largest.toLocaleString('en-US')}: its queries take ${categoryPlan.map((plan) => `${plan.ms} ms`).join(' and ')}`,
          `  in the database (the first one collects up to 1,001 matches for the count, only on a`,
          `  first visit); one request alone answers within ${category.p95Alone} ms (p95), but with`,
          `  ${report.connections} connections p95 is ${category.p95} ms: requests wait for the app's own CPU (Fastify,`,
          "  the socket writes to PostgreSQL and to the client, pg's parsing of the rows,",
          '  serialization) on cores shared with the database and the load generator.',
        ]
      : []),
    `- This host's speed: the bare node:http server answered ${Math.min(...bare).toLocaleString('en-US')} to ${Math.max(...bare).toLocaleString('en-US')} req/s`,
    '  in this run. The host is shared and its speed varies (34,000 to 37,000 in one run,',
    '  11,000 to 16,000 in another): compare runs by these rows before their latencies.',
    `- Other work on the machine: the 1-minute load average was ${Math.min(...loads)} to ${Math.max(...loads)}`,
    `  during the runs, on ${os.cpus().length} cores.`,
  ];
}

async function cleanUp() {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of [...cleanups].reverse()) {
    await cleanup().catch((error: unknown) => log(`  cleanup failed: ${String(error)}`));
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`\n${signal}: stopping servers and dropping the bench databases`);
    void cleanUp().finally(() => process.exit(1));
  });
}

try {
  await main();
} catch (error) {
  console.error(error);
  await cleanUp();
  process.exitCode = 1;
}
