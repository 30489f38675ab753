/**
 * `npm run bench:fair-price [-- --quick] [-- --pglite] [-- --keep]`
 *
 * The fair-price range (decision 0048) at 1,000,000 listings and 100,000 sales: the
 * query the laptop page and GET /api/fair-price run (fair-price.service.ts), timed for
 * 300 laptops for sale one after another, on PostgreSQL (BENCH_DATABASE_URL, default
 * the local server) and, with `--pglite`, on the embedded PGlite too. The target:
 * p95 ≤ 20 ms. `--quick`: 100,000 listings and 10,000 sales.
 *
 * Made in SQL (generate_series): 12 brands, 500 models, a few popular and most
 * rare (the n-th about as common as n^(-2/3)), as in a real catalogue; memory of 8, 16
 * or 32 GB, storage of 256, 512 or 1,024 GB, 0 to 5 years of use. One listing in ten
 * is sold, its deal completed over the last 18 months (a third of them too old to
 * count); one sale in thirty was refunded in part; 10,000 more bookings were cancelled.
 * Writes bench/fair-price-results.md and .json.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, pgliteExtensions, type Database } from '@laptops/api/db/client';
import {
  fairPriceOfListing,
  type FairPriceSubject,
} from '@laptops/api/modules/fair-price/fair-price.service';
import { gitCommit, machine } from './bench-report.ts';
import { args, log, quick, root, serverUrl } from './bench-settings.ts';

const LISTINGS = quick ? 100_000 : 1_000_000;
const SALES = LISTINGS / 10;
const CANCELLED = LISTINGS / 100;
const LOOKUPS = 300;
const MODELS = 500;
const TARGET_P95_MS = 20;

type Engine = 'postgres' | 'pglite';

async function openEngine(engine: Engine): Promise<{ database: Database; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const pglite = await PGlite.create({ extensions: pgliteExtensions });
    const database = await openDatabase({ pglite });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = 'laptops_bench_fair_price';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

type Rows<T> = { rows: T[] };
const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as Rows<T>).rows;

/**
 * The listings and sales. The tables' indexes (all but the keys) are dropped while the
 * rows go in and made again after, as a restore would: the same indexes, built at once.
 */
async function seed(database: Database) {
  const { db } = database;
  const indexes = await rows<{ indexdef: string; indexname: string }>(
    database,
    sql`select indexname, indexdef from pg_indexes
      where tablename in ('products', 'orders', 'refunds') and indexname not like '%_pkey'
        and indexname not like '%_unique'`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  await db.execute(sql.raw(`
    insert into users (id, name, email, type_of_user)
    select 'bench-' || i, 'Person ' || i, 'person' || i || '@bench.test',
      case when i % 10 = 0 then 'seller' else 'buyer' end
    from generate_series(1, 5000) as i`));
  await db.execute(sql.raw(`
    insert into categories (name, image)
    select 'Brand ' || i, '/api/images/missing.webp' from generate_series(1, 12) as i`));
  await db.execute(sql.raw(`
    insert into products (seller_id, category_id, name, image, location, description,
      condition_type, mobile_number, original_price_cents, resale_price_cents, years_of_use,
      ram_gb, storage_gb, storage_type, screen_inches, cpu_family, model, status, date_of_post)
    select 'bench-' || (10 * (1 + (i % 500))), c.ids[1 + (i % 12)],
      'Laptop ' || m, '/api/images/missing.webp', 'Austin, TX', 'A used laptop.',
      (array['Excellent','Good','Fair'])[1 + (i % 3)], '+1 512 555 0100',
      150000, (300 + (m % 900) + (i % 200)) * 100, y,
      (array[8,16,32])[1 + (i / 7 % 3)], (array[256,512,1024])[1 + (i / 3 % 3)], 'SSD', 14,
      'intel-core-i7', 'Series ' || m || ' Gen ' || (m % 7),
      case when i % 10 = 0 then 'sold' else 'available' end,
      now() - (i % 540) * interval '1 day'
    from (select i, floor(power(random(), 3) * ${MODELS})::int as m, i % 6 as y
      from generate_series(1, ${LISTINGS}) as i) as l,
      (select array_agg(id order by id) as ids from categories) as c`));
  // Each sold laptop's deal, completed in the last 18 months, at about its price.
  await db.execute(sql.raw(`
    insert into orders (product_id, buyer_id, price_cents, buyer_phone, meeting_location,
      paid, paid_at, completed_at, released_by, created_at)
    select p.id, 'bench-' || (1 + n % 5000), p.resale_price_cents,
      '+1 512 555 0199', 'Library', true, t - interval '2 days', t, 'buyer',
      t - interval '3 days'
    from (select id, resale_price_cents, row_number() over () as n,
        now() - random() * interval '540 days' as t
      from products where status = 'sold') as p`));
  await db.execute(sql.raw(`
    insert into refunds (order_id, provider, transaction_id, amount_cents, reason)
    select id, 'bench', 'bench_' || id, price_cents / 4, 'dispute'
    from orders where random() < ${1 / 30}`));
  await db.execute(sql.raw(`
    insert into orders (product_id, buyer_id, price_cents, buyer_phone, meeting_location,
      cancelled_at)
    select id, 'bench-2', resale_price_cents, '+1 512 555 0199', 'Library', now()
    from products where status = 'available' limit ${CANCELLED}`));
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  // As autovacuum leaves a table that has settled: its statistics and visibility map
  // (which lets the lookup read the indexes alone) up to date.
  await db.execute(sql`vacuum analyze products, orders, refunds`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

type Row = {
  engine: Engine;
  listings: number;
  sales: number;
  lookups: number;
  p50: number;
  p95: number;
  max: number;
  /** How many lookups had enough sales for a range, and their average count. */
  withRange: number;
  salesPerRange: number;
  plan: string;
};

async function benchOne(engine: Engine): Promise<Row> {
  log(`${engine}: making ${LISTINGS.toLocaleString('en-US')} listings`);
  const { database, drop } = await openEngine(engine);
  try {
    const started = performance.now();
    await seed(database);
    log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [counts] = await rows<{ listings: number; sales: number }>(
      database,
      sql`select (select count(*)::int from products) as listings,
        (select count(*)::int from orders where completed_at is not null) as sales`,
    );
    // Laptops for sale, as buyers open them: half of a popular model, half at random.
    const subjects = await rows<FairPriceSubject & { id: string }>(
      database,
      sql`(select id, category_id as "categoryId", model, ram_gb as "ramGb",
          storage_gb as "storageGb", years_of_use as "yearsOfUse"
        from products where status = 'available' and model = 'Series 0 Gen 0'
        limit ${LOOKUPS / 2})
        union all
        (select id, category_id, model, ram_gb, storage_gb, years_of_use
        from products tablesample system (1) where status = 'available'
        limit ${LOOKUPS / 2})`,
    );
    // Warm-up: the first few read the index into memory.
    for (const subject of subjects.slice(0, 5)) await fairPriceOfListing(database.db, subject);
    const times: number[] = [];
    const counted: number[] = [];
    for (const subject of subjects) {
      const start = performance.now();
      const range = await fairPriceOfListing(database.db, subject);
      times.push(performance.now() - start);
      if (range) counted.push(range.sales);
    }
    const popular = subjects[0];
    const plan = popular
      ? (
          await rows<Record<string, string>>(
            database,
            sql`explain analyze select count(*), percentile_cont(0.5) within group (order by o.price_cents)
            from products p join orders o on o.product_id = p.id
            where p.status = 'sold' and p.model_family <> ''
              and p.category_id = ${popular.categoryId}
              and p.model_family = btrim(regexp_replace(lower(${popular.model}::text), '[^a-z0-9]+', ' ', 'g'))
              and p.ram_gb = ${popular.ramGb} and p.storage_gb = ${popular.storageGb}
              and p.years_of_use between ${popular.yearsOfUse - 1} and ${popular.yearsOfUse + 1}
              and o.completed_at is not null and o.completed_at >= now() - make_interval(months => 12)
              and not exists (select 1 from refunds r where r.order_id = o.id)`,
          )
        )
          .map((row) => Object.values(row)[0])
          .join('\n')
      : '';
    const sorted = [...times].sort((a, b) => a - b);
    const row: Row = {
      engine,
      listings: counts?.listings ?? 0,
      sales: counts?.sales ?? 0,
      lookups: times.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1) ?? 0,
      withRange: counted.length,
      salesPerRange: counted.length ? counted.reduce((a, b) => a + b, 0) / counted.length : 0,
      plan,
    };
    log(
      `  p50 ${row.p50.toFixed(2)} ms, p95 ${row.p95.toFixed(2)} ms, max ${row.max.toFixed(2)} ms; ` +
        `${row.withRange} of ${row.lookups} with a range, ${row.salesPerRange.toFixed(1)} sales each`,
    );
    return row;
  } finally {
    if (engine === 'pglite' || !args.includes('--keep')) await drop();
    else await database.close();
  }
}

function render(rows: Row[], seconds: number, load: string): string {
  return [
    '# Fair-price benchmark results',
    '',
    `Written by \`npm run bench:fair-price\` on ${new Date().toISOString()} at commit ${gitCommit()}, in ${seconds.toFixed(0)} s.`,
    '',
    `Machine: ${machine()}. Other engineers' tests were running on it too (\`uptime\` before the run: ${load}; after: ${os.loadavg().map((n) => n.toFixed(2)).join(', ')}).`,
    '',
    'Each lookup is the range of one laptop for sale (fairPriceOfListing: the query the',
    'laptop page and GET /api/fair-price run), one after another, timed in the bench',
    'process. Half are laptops of the most popular model, half taken at random.',
    '',
    '| engine | listings | completed sales | lookups | with a range | sales a range | p50 | p95 | max | p95 ≤ 20 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.engine} | ${row.listings.toLocaleString('en-US')} | ${row.sales.toLocaleString('en-US')} | ${row.lookups} | ${row.withRange} | ${row.salesPerRange.toFixed(1)} | ${row.p50.toFixed(2)} ms | ${row.p95.toFixed(2)} ms | ${row.max.toFixed(2)} ms | ${row.p95 <= TARGET_P95_MS ? 'yes' : '**no**'} |`,
    ),
    '',
    '## Plans (a laptop of the most popular model)',
    '',
    ...rows.flatMap((row) => [`${row.engine}:`, '', '```', row.plan, '```', '']),
  ].join('\n');
}

const load = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(', ');
const started = performance.now();
const results: Row[] = [];
const engines: Engine[] = args.includes('--pglite') ? ['postgres', 'pglite'] : ['postgres'];
for (const engine of engines) results.push(await benchOne(engine));
const seconds = (performance.now() - started) / 1000;
await fs.writeFile(
  path.join(root, 'bench/fair-price-results.json'),
  JSON.stringify({ at: new Date().toISOString(), commit: gitCommit(), load, rows: results }, null, 2) +
    '\n',
);
await fs.writeFile(path.join(root, 'bench/fair-price-results.md'), render(results, seconds, load));
log('wrote bench/fair-price-results.md and .json');
