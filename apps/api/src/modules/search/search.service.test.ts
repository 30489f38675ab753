import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@laptops/shared/search';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let categoryId: string;
let otherCategoryId: string;
let bulkCategoryId: string;
const tag = `zq${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller' });
  categoryId = (await createCategory(db)).id;
  otherCategoryId = (await createCategory(db)).id;
  const base = Date.parse('2026-06-01T00:00:00Z');
  const listings = [
    {
      name: `${tag} ThinkPad X1 Carbon`,
      description: 'Business ultrabook',
      price: 99900,
      condition: 'Excellent',
      years: 1,
      location: 'Austin, TX',
      category: categoryId,
    },
    {
      name: `${tag} ThinkPad T14`,
      description: 'Great keyboard',
      price: 45000,
      condition: 'Good',
      years: 3,
      location: 'Dallas, TX',
      category: categoryId,
    },
    {
      name: `${tag} MacBook Air`,
      description: 'Light laptop, like a thinkpad killer',
      price: 70000,
      condition: 'Good',
      years: 2,
      location: 'Seattle, WA',
      category: otherCategoryId,
    },
    {
      name: `${tag} Dell XPS 13`,
      description: 'Tiny',
      price: 65000,
      condition: 'Fair',
      years: 4,
      location: 'Austin, TX',
      category: otherCategoryId,
    },
    {
      name: `${tag} HP Envy`,
      description: 'Creator laptop',
      price: 65000,
      condition: 'Excellent',
      years: 1,
      location: 'Denver, CO',
      category: categoryId,
    },
  ] as const;
  for (const [i, l] of listings.entries()) {
    await createProduct(db, {
      sellerId: seller.id,
      categoryId: l.category,
      name: l.name,
      description: l.description,
      resalePriceCents: l.price,
      conditionType: l.condition,
      yearsOfUse: l.years,
      location: l.location,
      dateOfPost: new Date(base + i * 60_000),
    });
  }
  await createProduct(db, {
    sellerId: seller.id,
    categoryId,
    name: `${tag} ThinkPad sold`,
    status: 'sold',
  });
  // 1,005 laptops priced $1 to $1,005, in one statement (a loop would take seconds).
  bulkCategoryId = (await createCategory(db)).id;
  await db.execute(sql`
    insert into products (seller_id, category_id, name, image, location, description,
      condition_type, mobile_number, original_price_cents, resale_price_cents, years_of_use)
    select ${seller.id}, ${bulkCategoryId}, 'Bulk laptop ' || g, '/api/images/bulk.webp',
      'Boston, MA', 'One of many', 'Good', '+1 555 0100', 200000, g * 100, 2
    from generate_series(1, 1005) as g`);
});
afterAll(async () => {
  await t?.close();
});

async function search(params: Record<string, string | number>) {
  const query = new URLSearchParams(
    Object.entries({ q: tag, ...params }).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResult>();
}
const names = (result: SearchResult) => result.products.map((p) => p.name.replace(`${tag} `, ''));

describe('GET /api/search', () => {
  it('matches words and word beginnings in name and description, newest first, never sold ones', async () => {
    const result = await search({ q: `${tag} thinkp` });
    expect(names(result)).toEqual(['MacBook Air', 'ThinkPad T14', 'ThinkPad X1 Carbon']);
    expect(result.total).toBe(3);
    expect(result.totalIsCapped).toBe(false);
  });

  it('corrects a typed word the catalogue lacks to its own, in names and descriptions, with every filter, never sold ones', async () => {
    const thinkpads = await search({ q: 'thinkpda' });
    // What "thinkpad" finds, the MacBook's description included.
    expect(names(thinkpads)).toEqual(['MacBook Air', 'ThinkPad T14', 'ThinkPad X1 Carbon']);
    expect(thinkpads).toMatchObject({ total: 3, correctedQuery: 'thinkpad' });
    expect(thinkpads.similarNames).toBeUndefined();
    const keyboard = await search({ q: 'keybaord' });
    expect(names(keyboard)).toEqual(['ThinkPad T14']);
    expect(keyboard.correctedQuery).toBe('keyboard');
    expect(names(await search({ q: `${tag} ultrabok` }))).toEqual(['ThinkPad X1 Carbon']);
    expect(names(await search({ q: 'mackbook' }))).toEqual(['MacBook Air']);
    expect(names(await search({ q: `${tag} thinkpda`, condition: 'Excellent' }))).toEqual([
      'ThinkPad X1 Carbon',
    ]);
    expect(names(await search({ q: 'thinkpda', sort: 'price_asc' }))).toEqual([
      'ThinkPad T14',
      'MacBook Air',
      'ThinkPad X1 Carbon',
    ]);
    expect(names(await search({ q: 'thinkpda', category: otherCategoryId }))).toEqual([
      'MacBook Air',
    ]);
    expect(names(await search({ q: 'thinkpda', maxPrice: 500 }))).toEqual(['ThinkPad T14']);
    const nothing = await search({ q: 'qwxzvb' });
    expect(nothing).toMatchObject({ products: [], total: 0, nextCursor: null });
    expect(nothing.correctedQuery).toBeUndefined();
  });

  it('falls back to names like the words when no catalogue word is like them, and says so', async () => {
    // As for a word search_words lacks (it is kept by a trigger since migration 0009).
    await t.database.db.execute(sql`delete from search_words where word like 'macbook%'`);
    const result = await search({ q: 'mackbook' });
    expect(names(result)).toEqual(['MacBook Air']);
    expect(result.similarNames).toBe(true);
    expect(result.correctedQuery).toBeUndefined();
    await t.database.db.execute(sql`insert into search_words values ('macbook')`);
  });

  it('never takes one number for another', async () => {
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: otherCategoryId,
      name: 'Legion RTX 4060',
    });
    expect((await search({ q: 'rtx 3060' })).products).toEqual([]);
    expect((await search({ q: '3060' })).products).toEqual([]);
    // Nor a model with letters: "rtx4070" is not corrected to "rtx".
    expect((await search({ q: 'rtx4070' })).products).toEqual([]);
    expect((await search({ q: '60', category: otherCategoryId })).products).toEqual([]);
    expect(names(await search({ q: 'rtx 4060' }))).toEqual(['Legion RTX 4060']);
  });

  it('never corrects to a stop word, and answers a search of stop words with nothing', async () => {
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: otherCategoryId,
      name: 'Boxed Inspiron',
      description: 'Comes with the original box',
    });
    // "the" is in the catalogue's words, and like "thier", but says nothing.
    const result = await search({ q: 'keybaord thier' });
    expect((result.correctedQuery ?? '').split(' ')).not.toContain('the');
    const stopWords = await search({ q: 'the' });
    expect(stopWords.products).toEqual([]);
    expect(stopWords.similarNames).toBeUndefined();
  });

  it('answers text without a letter or digit with nothing, and no text with everything', async () => {
    for (const q of ['🙂', '!!!', '— … —']) {
      const result = await search({ q });
      expect(result.products).toEqual([]);
      expect(result.total).toBe(0);
    }
    expect((await search({ q: '   ' })).products.length).toBeGreaterThan(0);
  });

  it('finds a word with accents and marks as typed, in any normal form', async () => {
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const cafe = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: otherCategoryId,
      name: 'Café laptop',
    });
    // "café" typed with a combining accent, as some keyboards send it.
    const result = await search({ q: 'cafe\u0301' });
    expect(result.products.map((product) => product._id)).toEqual([cafe.id]);
  });

  it('corrects a word that only listings no longer for sale had', async () => {
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const live = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: otherCategoryId,
      name: 'Zenbook with a new battery',
    });
    await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: otherCategoryId,
      name: 'Old batery listing',
      status: 'sold',
    });
    const result = await search({ q: 'batery' });
    expect(result.products.map((product) => product._id)).toEqual([live.id]);
    expect(result.correctedQuery).toBe('battery');
  });

  it('pages through corrected matches with the cursor', async () => {
    const first = await search({ q: 'thinkpda', limit: 2 });
    expect(names(first)).toEqual(['MacBook Air', 'ThinkPad T14']);
    expect(first.nextCursor).not.toBeNull();
    const second = await search({ q: 'thinkpda', limit: 2, cursor: first.nextCursor ?? '' });
    expect(names(second)).toEqual(['ThinkPad X1 Carbon']);
    expect(second).toMatchObject({ total: 3, nextCursor: null, correctedQuery: 'thinkpad' });
  });

  it('refuses a page link used with another search, filter or sort', async () => {
    const first = await search({ q: 'thinkpda', limit: 2, sort: 'price_asc' });
    const others: Record<string, string>[] = [
      { q: 'thinkpda', sort: 'price_desc' },
      { q: 'batery', sort: 'price_asc' },
      { q: 'thinkpda', sort: 'price_asc', condition: 'Good' },
    ];
    for (const other of others) {
      const query = new URLSearchParams({ ...other, limit: '2', cursor: first.nextCursor ?? '' });
      const answer = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
      expect(answer.statusCode, JSON.stringify(other)).toBe(400);
    }
  });

  it('refuses a later page once the corrections changed, rather than mixing two searches', async () => {
    const first = await search({ q: 'thinkpda', limit: 2 });
    // A listing for sale now has the typed word: it is no longer corrected.
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const typo = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: otherCategoryId,
      name: 'Thinkpda lookalike',
    });
    const query = new URLSearchParams({
      q: 'thinkpda',
      limit: '2',
      cursor: first.nextCursor ?? '',
    });
    const later = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
    expect(later.statusCode).toBe(400);
    expect(later.json()).toMatchObject({ error: { code: 'BAD_CURSOR' } });
    await t.database.db.execute(sql`update products set deleted_at = now() where id = ${typo.id}`);
  });

  it('counts up to 1,000 matches and says when there are more', async () => {
    const bulk = { q: '', category: bulkCategoryId };
    const all = await search({ ...bulk, limit: 48, sort: 'price_desc' });
    expect(all).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(all.products).toHaveLength(48);
    expect(all.products[0]?.name).toBe('Bulk laptop 1005');
    expect(await search({ ...bulk, maxPrice: 1001 })).toMatchObject({
      total: 1000,
      totalIsCapped: true,
    });
    expect(await search({ ...bulk, maxPrice: 1000 })).toMatchObject({
      total: 1000,
      totalIsCapped: false,
    });
    expect(await search({ ...bulk, minPrice: 11, maxPrice: 1000 })).toMatchObject({
      total: 990,
      totalIsCapped: false,
    });
    // A text search counts the same way (in the GIN index first), then pages on.
    const bulkText = await search({ q: 'bulk', sort: 'price_asc' });
    expect(bulkText).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(bulkText.products[0]?.name).toBe('Bulk laptop 1');
    const bulkTextNext = await search({
      q: 'bulk',
      sort: 'price_asc',
      cursor: bulkText.nextCursor ?? '',
    });
    expect(bulkTextNext).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(bulkTextNext.products[0]?.name).toBe('Bulk laptop 13');
    expect(await search({ q: 'bulk', maxPrice: 1000 })).toMatchObject({
      total: 1000,
      totalIsCapped: false,
    });
    expect(await search({ q: 'bulk', minPrice: 1000 })).toMatchObject({
      total: 6,
      totalIsCapped: false,
    });
    // Listings posted in the same statement share a microsecond timestamp: the next
    // page goes on among them by id, skipping none.
    const newest = await search({ ...bulk, limit: 48 });
    const newestNext = await search({ ...bulk, limit: 48, cursor: newest.nextCursor ?? '' });
    expect(newestNext.products).toHaveLength(48);
    expect(newestNext.products.map((p) => p._id)).not.toContain(newest.products[0]?._id);
    // Later pages carry the same capped count.
    const next = await search({ ...bulk, sort: 'price_desc', cursor: all.nextCursor ?? '' });
    expect(next.products[0]?.name).toBe('Bulk laptop 957');
    expect(next).toMatchObject({ total: 1000, totalIsCapped: true });
  });

  it('filters by category, condition, price range, location and years of use', async () => {
    expect(names(await search({ category: categoryId }))).toEqual([
      'HP Envy',
      'ThinkPad T14',
      'ThinkPad X1 Carbon',
    ]);
    expect(names(await search({ condition: 'Good' }))).toEqual(['MacBook Air', 'ThinkPad T14']);
    expect(names(await search({ minPrice: 600, maxPrice: '700.00' }))).toEqual([
      'HP Envy',
      'Dell XPS 13',
      'MacBook Air',
    ]);
    expect(names(await search({ location: 'austin' }))).toEqual([
      'Dell XPS 13',
      'ThinkPad X1 Carbon',
    ]);
    expect(
      names(await search({ maxYears: 1, condition: 'Excellent', category: categoryId })),
    ).toEqual(['HP Envy', 'ThinkPad X1 Carbon']);
  });

  it('sorts by price both ways, ties broken by id the same way on every page', async () => {
    const key = (p: { resalePrice: number; _id: string }) => [p.resalePrice, p._id] as const;
    const byKey = (a: readonly [number, string], b: readonly [number, string]) =>
      a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
    const up = (await search({ sort: 'price_asc' })).products.map(key);
    expect(up.map(([price]) => price)).toEqual([450, 650, 650, 700, 999]);
    expect(up).toEqual([...up].sort(byKey));
    const down = (await search({ sort: 'price_desc' })).products.map(key);
    expect(down).toEqual([...up].reverse());
  });

  it.each(['newest', 'price_asc', 'price_desc'])(
    'pages through every result once with the cursor (%s)',
    async (sort) => {
      const all = names(await search({ sort, limit: 48 }));
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: SearchResult = await search({ sort, limit: 2, ...(cursor ? { cursor } : {}) });
        expect(page.total).toBe(5);
        seen.push(...names(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
    },
  );

  it('answers 400 for a forged cursor or bad filters, and treats odd text as plain words', async () => {
    for (const url of [
      `/api/search?cursor=${Buffer.from('{"v":"x","id":"1"}').toString('base64url')}`,
      '/api/search?cursor=%%%',
      `/api/search?cursor=${Buffer.from('{"v":"2026-13-45T99:00:00Z","id":"3f2b8c1e-7a4d-4e2f-9b1a-5c6d7e8f9a0b"}').toString('base64url')}`,
      `/api/search?cursor=${Buffer.from(`{"v":"now'); drop table products; --","id":"3f2b8c1e-7a4d-4e2f-9b1a-5c6d7e8f9a0b"}`).toString('base64url')}`,
      // Values PostgreSQL would refuse (a 500 before): a date JavaScript rolls over, a
      // price that is not whole cents or too large, an id with hyphens out of place.
      ...[
        { v: '2019-02-31T00:00:00Z', id: '3f2b8c1e-7a4d-4e2f-9b1a-5c6d7e8f9a0b' },
        { v: '2026-01-01T24:00:00Z', id: '3f2b8c1e-7a4d-4e2f-9b1a-5c6d7e8f9a0b' },
        // Year 0000, which JavaScript reads and PostgreSQL has not.
        { v: '0000-01-01T00:00:00Z', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' },
        { v: '2026-01-01T10:00:00Z', id: '3f2b8c1e-7a4d4e2f-9b1a-5c6d-7e8f9a0b' },
        { v: '2026-01-01T10:00:00Z', id: '------------------------------------' },
      ].map(
        (cursor) =>
          `/api/search?cursor=${Buffer.from(JSON.stringify(cursor)).toString('base64url')}`,
      ),
      ...[100.5, 1e10, -1].map(
        (v) =>
          `/api/search?sort=price_asc&cursor=${Buffer.from(JSON.stringify({ v, id: '3f2b8c1e-7a4d-4e2f-9b1a-5c6d7e8f9a0b' })).toString('base64url')}`,
      ),
      '/api/search?condition=Broken',
      '/api/search?minPrice=-1',
      '/api/search?category=nope',
      '/api/search?limit=1000',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
    // The same with words, and with filters that keep few listings (pages picked from
    // the matches): a refused cursor never reaches the database.
    for (const extra of ['&q=laptop', '&maxPrice=1']) {
      const cursor = Buffer.from(
        JSON.stringify({ v: '2019-02-31T00:00:00Z', id: '3f2b8c1e-7a4d-4e2f-9b1a-5c6d7e8f9a0b' }),
      ).toString('base64url');
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/search?cursor=${cursor}${extra}`,
      });
      expect(response.statusCode, extra).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_CURSOR' } });
    }
    for (const q of ["'; drop table products; --", '&|!:*()', '<script>']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(q)}`,
      });
      expect(response.statusCode, q).toBe(200);
    }
  });
});
