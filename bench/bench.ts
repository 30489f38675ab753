/**
 * `npm run bench [-- --quick] [-- --sizes=10000,100000] [-- --engines=postgres,pglite]`
 *
 * For each engine and catalog size: makes a throw-away database (PostgreSQL server:
 * `laptops_bench_<size>`, dropped at the end; PGlite: a temp DATA_DIR), migrates it,
 * bulk-loads the catalog, EXPLAINs the app's own queries, starts the real server
 * (apps/api/src/server.ts) in a child process and drives it with autocannon at fixed
 * concurrency. The home lists are compared with a bare node:http server answering the
 * same bytes in the same run. Writes bench/results.md and bench/results.json.
 *
 * This file is the run's order; bench-settings.ts has the command line and settings,
 * bench-databases.ts the catalogues and query plans, bench-servers.ts the servers and
 * autocannon, bench-report.ts the report.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { dropAll, discover, preparePglite, preparePostgres } from './bench-databases.ts';
import { buildReport, gitCommit, machine, renderMarkdown, type Report } from './bench-report.ts';
import { killAll, measure, measureBare, track, withServer } from './bench-servers.ts';
import {
  PGLITE_MAX_SIZE,
  args,
  engines,
  gzip,
  hasWebBuild,
  log,
  quick,
  rareWordParams,
  root,
  searchParams,
  sizes,
  specSearchParams,
  typoParams,
  wordsApartParams,
  type Endpoint,
  type Engine,
  type Measurement,
  type Plan,
} from './bench-settings.ts';
import { runDeployed, type DeployedRun } from './deployed.ts';
import { loadCatalog } from './load-catalog.ts';

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
    await writeReport({ ...saved, deployed: await deployedRuns(saved.deployed) });
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
  const report = buildReport(measurements, plans, (Date.now() - started) / 1000);
  // Written before the run as deployed, with the runs as deployed the last report kept,
  // so that a failure there does not lose the catalogue's measurements.
  const earlier = await savedReport().then((saved) => saved?.deployed ?? []);
  await writeReport({ ...report, deployed: earlier });
  log(`\nwrote bench/results.md and bench/results.json in ${report.seconds.toFixed(0)} s`);
  const deployed = await deployedRuns(earlier);
  await writeReport({ ...report, deployed });
  log('wrote the as-deployed section of bench/results.md and bench/results.json');
}

async function savedReport(): Promise<Report | undefined> {
  return fs
    .readFile(path.join(root, 'bench/results.json'), 'utf8')
    .then((text) => JSON.parse(text) as Report)
    .catch(() => undefined);
}

async function writeReport(report: Report) {
  await fs.writeFile(path.join(root, 'bench/results.json'), JSON.stringify(report, null, 2) + '\n');
  await fs.writeFile(path.join(root, 'bench/results.md'), renderMarkdown(report));
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
        // A brand's laptops by their seller's rating: walks its index (decision 0046).
        ['category by seller rating', () => found.categoryByPricePath.replace(/sort=price_\w+/, 'sort=rating')],
        ['search, a typo', distinctSearches(typoParams)],
        ['search, words apart', distinctSearches(wordsApartParams)],
        ['search, a rare word', distinctSearches(rareWordParams)],
        ['search + 2 specs', distinctSearches(specSearchParams)],
        // Each request another laptop's page, as visitors arriving from links ask.
        ['laptop page (API)', inTurn(found.laptopIds.map((id) => `/api/products/${id}`))],
        // Each request another seller's profile (load-catalog.ts gives each about ten
        // reviews and a few conversations), as visitors following a card's link ask.
        ['seller profile (API)', inTurn(benchSellerIds(size).map((id) => `/api/sellers/${id}`))],
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
      if (hasWebBuild) {
        // A guest's laptop page is drawn for each request, from the laptop that GET
        // /api/products/:id keeps for 2 s: asked for in turn from tens of thousands of
        // laptops (all of a smaller catalogue), an id comes back only after that keeping
        // has ended, so every request reads its laptop from the database.
        const laptopPaths = found.laptopIds.map((id) => `/laptops/${id}`);
        measurements.push({
          engine,
          size,
          endpoint: 'laptop page (HTML), gzip',
          ...(await measure(base, inTurn(laptopPaths), gzip)),
        });
      }
      measurements.push({ engine, size, endpoint: 'bare, again', ...(await measureBare(base)) });
    });
    return { measurements, plans: found.plans };
  } finally {
    await database.drop();
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

/** The bench catalogue's sellers (load-catalog.ts): one per hundred listings, at least 100. */
function benchSellerIds(size: number): string[] {
  const sellers = Math.max(100, Math.round(size / 100));
  return Array.from({ length: sellers }, (_, i) => `bench-seller-${i + 1}`);
}

/** The paths one after another, round and round. */
function inTurn(paths: string[]): () => string {
  let call = 0;
  return () => paths[call++ % paths.length] ?? '/';
}

async function cleanUp() {
  killAll();
  await dropAll();
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
