import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema, type SearchResult } from '@laptops/shared/search';
import { openDatabase, type Db } from '../../db/client.ts';
import { schema } from '../../db/schema.ts';
import { createCategory, createUser } from '../../db/seed/factories.ts';
import { hasPostgresServer, testPostgresUrl } from '../../test/services.ts';
import { searchStatements } from '../../test/search-statements.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { searchProducts } from './search.service.ts';

// Browsing without words (search-page.ts) counts the matches first: up to 1,000 of
// them, the page is sorted from their ids; with more, it walks the sort's index in a
// prepared statement, one per shape of filters, sort and cursor. A shape that reused
// another's statement, or a value bound to the wrong name, would answer another
// question: these tests ask every shape, interleaved on one server, on both paths, and
// check each answer against the listings themselves.

const hasPostgres = await hasPostgresServer('The prepared-statement test');

let t: TestContext;
let categoryId: string;
type Listing = {
  id: string;
  price: number;
  condition: string;
  years: number;
  location: string;
  sold: boolean;
  posted: string;
};
let listings: Listing[];

/** A category of 1,500 listings of every condition, price, age and place. */
async function seedCategory(db: Db): Promise<{ categoryId: string; listings: Listing[] }> {
  const seller = await createUser(db, { typeOfUser: 'seller' });
  const categoryId = (await createCategory(db)).id;
  await db.execute(sql`
    insert into products (seller_id, category_id, name, image, location, description,
      condition_type, mobile_number, original_price_cents, resale_price_cents,
      years_of_use, date_of_post, status)
    select ${seller.id}, ${categoryId}, 'Laptop ' || i, '/api/images/x.webp',
      case when i % 3 = 0 then 'Denver, CO' else 'Austin, TX' end, 'Used laptop ' || i,
      (array['Excellent', 'Good', 'Fair'])[1 + i % 3], '+15550000000', 200000,
      -- Prices repeat, so pages break ties by id.
      10000 + (i * 37 % 12) * 5000, i % 6,
      timestamptz '2026-01-01' + (i % 30) * interval '1 minute',
      case when i % 7 = 0 then 'sold' else 'available' end
    from generate_series(1, 1500) as i`);
  const result = await db.execute(sql`
    select id, resale_price_cents as price, condition_type as condition,
      years_of_use as years, location, status = 'sold' as sold,
      to_char(date_of_post at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as posted
    from products where category_id = ${categoryId}`);
  const listings = (result as unknown as { rows: Listing[] }).rows.map((row) => ({
    ...row,
    price: Number(row.price),
  }));
  return { categoryId, listings };
}

beforeAll(async () => {
  t = await createTestContext();
  ({ categoryId, listings } = await seedCategory(t.database.db));
}, 60_000);

afterAll(async () => {
  await t.close();
});

type Params = Record<string, string>;

/** Every listing the search should give, in its order, straight from the data. */
function expectedIds(params: Params, from: Listing[] = listings): string[] {
  const cents = (dollars: string | undefined) =>
    dollars === undefined ? undefined : Number(dollars) * 100;
  const [minPrice, maxPrice] = [cents(params.minPrice), cents(params.maxPrice)];
  const kept = from.filter(
    (listing) =>
      (params.includeSold === 'true' || !listing.sold) &&
      (params.condition === undefined || listing.condition === params.condition) &&
      (minPrice === undefined || listing.price >= minPrice) &&
      (maxPrice === undefined || listing.price <= maxPrice) &&
      (params.location === undefined ||
        listing.location.toLowerCase().includes(params.location.toLowerCase())) &&
      (params.maxYears === undefined || listing.years <= Number(params.maxYears)),
  );
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  kept.sort((a, b) => {
    if (params.sort === 'price_asc') return compare(a.price, b.price) || compare(a.id, b.id);
    if (params.sort === 'price_desc') return compare(b.price, a.price) || compare(b.id, a.id);
    return compare(b.posted, a.posted) || compare(b.id, a.id);
  });
  return kept.map((listing) => listing.id);
}

const PAGES = 3;
const LIMIT = 48;

/** The first pages of a search, following its cursors. */
async function searchPages(params: Params) {
  const ids: string[] = [];
  const counts = new Set<string>();
  let cursor: string | null = null;
  for (let n = 0; n < PAGES; n += 1) {
    const query = new URLSearchParams({ ...params, limit: String(LIMIT) });
    if (cursor) query.set('cursor', cursor);
    const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
    expect(response.statusCode, `${query}`).toBe(200);
    const page: SearchResult = response.json();
    ids.push(...page.products.map((product) => product._id));
    counts.add(`${page.total}${page.totalIsCapped ? '+' : ''}`);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { ids, counts };
}

const filterSets: Params[] = [
  {},
  { condition: 'Good' },
  { minPrice: '200' },
  { maxPrice: '400' },
  { minPrice: '200', maxPrice: '400' },
  { location: 'denver' },
  { maxYears: '2' },
  { condition: 'Fair', maxPrice: '500', maxYears: '4' },
];

describe('browsing without words (prepared statements)', () => {
  it('answers every shape of filters, sort and page with its own listings, in any order', async () => {
    const shapes: Params[] = [];
    for (const filters of filterSets) {
      for (const sort of ['newest', 'price_asc', 'price_desc']) {
        for (const includeSold of ['true', 'false']) {
          shapes.push({ category: categoryId, ...filters, sort, includeSold });
        }
      }
    }
    // Twice, the second time in reverse: each shape meets statements other shapes made.
    const paths = new Set<string>();
    for (const params of [...shapes, ...shapes.toReversed()]) {
      const expected = expectedIds(params);
      const { ids, counts } = await searchPages(params);
      expect(ids, JSON.stringify(params)).toEqual(expected.slice(0, PAGES * LIMIT));
      const count = expected.length > 1000 ? '1000+' : String(expected.length);
      expect(counts, JSON.stringify(params)).toEqual(new Set([count]));
      paths.add(expected.length > 1000 ? 'walked' : 'sorted from the matches');
    }
    expect(paths.size).toBe(2);
  });

  it('reads a cursor whose date has fewer than six digits of fraction, on both paths', async () => {
    for (const filters of [{ maxPrice: '150' }, {}] as Params[]) {
      const params: Params = { category: categoryId, includeSold: 'true', ...filters };
      const expected = expectedIds(params);
      const from = listings.find((listing) => listing.id === expected[20]);
      // Dates are whole minutes here: "…:00Z" is the same instant as "…:00.000000Z".
      const cursor = Buffer.from(
        JSON.stringify({ v: `${from?.posted.slice(0, 19)}Z`, id: from?.id }),
      ).toString('base64url');
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/search?${new URLSearchParams({ ...params, cursor, limit: '10' })}`,
      });
      expect(response.statusCode).toBe(200);
      const page: SearchResult = response.json();
      expect(page.products.map((product) => product._id)).toEqual(expected.slice(21, 31));
    }
  });

  it.skipIf(!hasPostgres)(
    'parses a shape once per connection on a PostgreSQL server, however many times it is asked',
    async () => {
      // A database of its own on the server, read through one connection.
      const name = `laptops_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      const admin = new pg.Client({ connectionString: testPostgresUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(testPostgresUrl);
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
      // Dropping the database below ends its connections; one still closing then reports
      // it as an 'error' event, which must not become an uncaught exception.
      pool.on('error', () => {});
      pool.on('connect', (client) => client.on('error', () => {}));
      try {
        const database = await openDatabase({ databaseUrl: url.toString() });
        await database.migrate();
        const seeded = await seedCategory(database.db);
        await database.close();
        const db = drizzle({ client: pool, schema }) as unknown as Db;
        const statements = async () => {
          const result = await pool.query<{ n: number }>(
            `select count(*)::int as n from pg_prepared_statements where name like 'search\\_%'`,
          );
          return result.rows[0]?.n;
        };
        // Over 1,000 matches each: the pages come from walking the index.
        for (const minPrice of [100, 150, 200]) {
          const query = searchQuerySchema.parse({ category: seeded.categoryId, minPrice });
          const page = await searchProducts(db, query);
          expect(page.totalIsCapped).toBe(true);
          expect(page.products.map((product) => product._id)).toEqual(
            expectedIds({ minPrice: String(minPrice) }, seeded.listings).slice(0, query.limit),
          );
        }
        expect(await statements()).toBe(1);
        await searchProducts(db, searchQuerySchema.parse({ category: seeded.categoryId }));
        expect(await statements()).toBe(2);
      } finally {
        await pool.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    60_000,
  );

  const statementsOf = (params: Record<string, string>) => searchStatements(t.database, params);

  it('sorts a page from the matches when the filters keep a few, instead of walking an index', async () => {
    // Low prices are a few hundred of 1,500 listings, newest first: walking the
    // newest-first index for them reads most of the catalogue at a million listings.
    // The page is then fetched by its ids.
    const pageByIds = /"products"\."id" in \(/;
    const few = await statementsOf({ category: categoryId, maxPrice: '150' });
    expect(few).toMatch(pageByIds);
    const many = await statementsOf({ category: categoryId, includeSold: 'true' });
    expect(many).not.toMatch(pageByIds);
  });
});
