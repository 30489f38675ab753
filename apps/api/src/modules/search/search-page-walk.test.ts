import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@laptops/shared/search';
import { products } from '../../db/schema/products.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { searchStatements } from '../../test/search-statements.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

// A word in thousands of listings takes the search's other path: PostgreSQL's
// statistics say it is common, so the page comes from walking the sort's index and
// the count is "1,000+" without counting (search-page.ts). These tests check that
// path gives exactly the listings, order and pages that the plain query gives.

let t: TestContext;
let wordCategoryId: string;
let otherCategoryId: string;
// Letters only, and a last letter no English suffix ends with: the stemmer leaves the
// word whole, so it is a prefix of the longer word below ("...y" stems to "...i",
// which "...ypro" does not begin with).
const word = `walk${Date.now().toString(36).replace(/\d/g, '')}k`;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller' });
  wordCategoryId = (await createCategory(db)).id;
  otherCategoryId = (await createCategory(db)).id;
  // 6,000 listings with the word, all in one category, and 6,000 without it in
  // another: the planner, which takes the word and the category as unrelated, expects
  // 3,000 with the word in the other category, where there are none.
  await db.execute(sql`
    insert into products (seller_id, category_id, name, image, location, description,
      condition_type, mobile_number, original_price_cents, resale_price_cents,
      years_of_use, date_of_post)
    select ${seller.id},
      case when i <= 6000 then ${wordCategoryId}::uuid else ${otherCategoryId}::uuid end,
      case when i <= 6000 then 'Laptop ' || ${word} || ' qj ' || i else 'Notebook ' || i end,
      '/api/images/x.webp', 'Austin, TX', 'Used laptop number ' || i,
      (array['Excellent', 'Good', 'Fair'])[1 + i % 3], '+15550000000',
      200000, 10000 + (i * 7919) % 190000, i % 6,
      timestamptz '2026-01-01' + (i % 5000) * interval '1 minute'
    from generate_series(1, 12000) as i`);
  await db.execute(sql`analyze products`);
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function search(params: Record<string, string>): Promise<SearchResult> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/search?${new URLSearchParams(params)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<SearchResult>();
}

/** The same listings straight from SQL, newest first (ties by id, descending). */
async function expectedIds(condition: ReturnType<typeof sql>, limit: number) {
  const result = await t.database.db.execute(sql`
    select id from products
    where deleted_at is null and status = 'available'
      and search_vector @@ to_tsquery('english', ${`${word}:*`}) and ${condition}
    order by date_of_post desc, id desc limit ${limit}`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

describe('a search for a word in thousands of listings', () => {
  it('pages through the newest matches in order, with "1,000+" as the count', async () => {
    const expected = await expectedIds(sql`true`, 36);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page += 1) {
      const result: SearchResult = await search({ q: word, ...(cursor ? { cursor } : {}) });
      expect(result.total).toBe(1000);
      expect(result.totalIsCapped).toBe(true);
      seen.push(...result.products.map((product) => product._id));
      cursor = result.nextCursor;
      expect(cursor).not.toBeNull();
    }
    expect(seen).toEqual(expected);
  });

  it('keeps the filters and the price sort', async () => {
    const result = await search({
      q: word,
      condition: 'Good',
      maxPrice: '1500',
      sort: 'price_asc',
    });
    const rows = await t.database.db.execute(sql`
      select id from products
      where deleted_at is null and status = 'available' and condition_type = 'Good'
        and resale_price_cents <= 150000
        and search_vector @@ to_tsquery('english', ${`${word}:*`})
      order by resale_price_cents, id limit 12`);
    expect(result.products.map((product) => product._id)).toEqual(
      (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id),
    );
    expect(result.products.every((product) => product.conditionType === 'Good')).toBe(true);
  });

  it('walks pages by price, highest first, within a price range and another filter', async () => {
    const params = { q: word, maxYears: '4', minPrice: '200', maxPrice: '1900' };
    // Enough matches expected that the page comes from the walk, not from counting.
    const statements = await searchStatements(t.database, { ...params, sort: 'price_desc' });
    expect(statements).toContain('explain (format json)');
    expect(statements).not.toContain('enable_seqscan');
    const rows = await t.database.db.execute(sql`
      select id from products
      where deleted_at is null and status = 'available' and years_of_use <= 4
        and resale_price_cents between 20000 and 190000
        and search_vector @@ to_tsquery('english', ${`${word}:*`})
      order by resale_price_cents desc, id desc limit 36`);
    const expected = (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    expect(expected).toHaveLength(36);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page += 1) {
      const result: SearchResult = await search({
        ...params,
        sort: 'price_desc',
        ...(cursor ? { cursor } : {}),
      });
      expect(result.totalIsCapped).toBe(true);
      seen.push(...result.products.map((product) => product._id));
      cursor = result.nextCursor;
    }
    expect(seen).toEqual(expected);
  });

  it("walks pages by the seller's rating, best first, with another filter", async () => {
    // One seller made these listings: their keys are spread here as many sellers'
    // ratings would spread them (the triggers that keep them have their own tests).
    await t.database.db.execute(
      sql`update products set seller_rating_key = (hashtext(id::text) & 3) * 1000000 + 7`,
    );
    const params = { q: word, maxYears: '4', sort: 'rating' };
    const statements = await searchStatements(t.database, params);
    expect(statements).toContain('explain (format json)');
    expect(statements).not.toContain('enable_seqscan');
    const rows = await t.database.db.execute(sql`
      select id from products
      where deleted_at is null and status = 'available' and years_of_use <= 4
        and search_vector @@ to_tsquery('english', ${`${word}:*`})
      order by seller_rating_key desc, id desc limit 36`);
    const expected = (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page += 1) {
      const result: SearchResult = await search({ ...params, ...(cursor ? { cursor } : {}) });
      expect(result.totalIsCapped).toBe(true);
      seen.push(...result.products.map((product) => product._id));
      cursor = result.nextCursor;
    }
    expect(seen).toEqual(expected);
  });

  it('finds nothing, with a count of 0, where the word and a filter exclude each other', async () => {
    const result = await search({ q: word, category: otherCategoryId });
    expect(result).toMatchObject({
      products: [],
      total: 0,
      totalIsCapped: false,
      nextCursor: null,
    });
  });

  it('counts a common word by the whole words it begins, longer ones included', async () => {
    // The count asks for the word's whole words ("walkxyz", "walkxyzpro"), not for the
    // prefix; a listing with only the longer word is still counted.
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const longer = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: otherCategoryId,
      name: `Tablet ${word}pro`,
      yearsOfUse: 0,
    });
    const statements = await searchStatements(t.database, { q: word, category: otherCategoryId });
    expect(statements).toContain('::tsquery');
    const result = await search({ q: word, category: otherCategoryId });
    expect(result.products.map((product) => product._id)).toEqual([longer.id]);
    expect(result.total).toBe(1);
    await t.database.db.delete(products).where(eq(products.id, longer.id));
  });

  it('counts a common two-letter word in full, beside a longer word it begins', async () => {
    // search_words keeps words of 3 letters or more: "qj" itself is not there, only
    // "qjpro". Counting by the stored whole words alone found the qjpro listing and
    // none of the thousands with "qj" (a brand like "HP" beside an "hp255").
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const longer = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: otherCategoryId,
      name: 'Tablet qjpro',
      yearsOfUse: 0,
      resalePriceCents: 10_000,
    });
    const rows = await t.database.db.execute(sql`
      select id from products
      where deleted_at is null and status = 'available'
        and years_of_use = 0 and resale_price_cents <= 10500
        and search_vector @@ to_tsquery('english', 'qj:*')
      order by date_of_post desc, id desc limit 100`);
    const expected = (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(13);
    expect(expected).toContain(longer.id);
    const result = await search({ q: 'qj', maxYears: '0', maxPrice: '105' });
    expect(result.products.map((product) => product._id)).toEqual(expected);
    expect(result).toMatchObject({ total: expected.length, totalIsCapped: false });
    await t.database.db.delete(products).where(eq(products.id, longer.id));
  });

  it('counts exactly when the filters leave only a few', async () => {
    const expected = await expectedIds(sql`years_of_use = 0 and resale_price_cents <= 10500`, 100);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(13);
    const result = await search({ q: word, maxYears: '0', maxPrice: '105' });
    expect(result.products.map((product) => product._id)).toEqual(expected);
    expect(result).toMatchObject({ total: expected.length, totalIsCapped: false });
  });
});

describe('which way the search goes', () => {
  const statementsOf = (params: Record<string, string>) => searchStatements(t.database, params);

  it('walks the index for a common word, without building its bitmap', async () => {
    const statements = await statementsOf({ q: word });
    expect(statements).toContain('explain (format json)');
    expect(statements).not.toContain('enable_seqscan');
  });

  it('counts from the text index for a rare word', async () => {
    const statements = await statementsOf({ q: 'notebook 11999' });
    expect(statements).not.toContain('explain (format json)');
    expect(statements).toContain('enable_seqscan');
  });
});
