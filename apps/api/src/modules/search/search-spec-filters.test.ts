import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult, SpecCounts } from '@laptops/shared/search';
import { products } from '../../db/schema/products.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { COUNTED_MATCHES } from './spec-counts.ts';

let t: TestContext;
let categoryId: string;
const tag = `zs${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller' });
  categoryId = (await createCategory(db)).id;
  const listings = [
    [
      'Air M2',
      {
        cpuFamily: 'apple-m2',
        ramGb: 8,
        storageGb: 256,
        storageType: 'SSD',
        screenInches: 13.6,
        batteryHealth: 94,
      },
    ],
    [
      'ThinkPad T14',
      {
        cpuFamily: 'intel-core-i5',
        ramGb: 16,
        storageGb: 512,
        storageType: 'SSD',
        screenInches: 14,
        batteryHealth: 86,
      },
    ],
    [
      'Legion 5',
      {
        cpuFamily: 'amd-ryzen-7',
        graphics: 'GeForce RTX 3070 Ti',
        ramGb: 32,
        storageGb: 1024,
        storageType: 'SSD',
        screenInches: 16,
        batteryHealth: 79,
      },
    ],
    [
      'Inspiron 15',
      {
        cpuFamily: 'intel-core-i5',
        ramGb: 16,
        storageGb: 1024,
        storageType: 'HDD',
        screenInches: 15.6,
        batteryHealth: null,
      },
    ],
    [
      'Chromebook',
      {
        cpuFamily: 'intel-other',
        ramGb: 4,
        storageGb: 64,
        storageType: 'eMMC',
        screenInches: 11.6,
        batteryHealth: 90,
      },
    ],
    ['Old listing', {}],
  ] as const;
  const base = Date.parse('2026-06-01T00:00:00Z');
  for (const [i, [name, specs]] of listings.entries()) {
    const product = await createProduct(db, {
      sellerId: seller.id,
      categoryId,
      name: `${tag} ${name}`,
      dateOfPost: new Date(base + i * 60_000),
    });
    if (Object.keys(specs).length > 0) {
      await db.update(products).set(specs).where(eq(products.id, product.id));
    }
  }
  await db.execute(sql`analyze products`);
});
afterAll(async () => {
  await t?.close();
});

async function search(params: Record<string, string | number>) {
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<SearchResult>()
    .products.map((p) => p.name.replace(`${tag} `, ''))
    .sort();
}

describe('GET /api/search by specs', () => {
  it.each([
    [{ ramMin: 16 }, ['Inspiron 15', 'Legion 5', 'ThinkPad T14']],
    [{ storageMin: 1024 }, ['Inspiron 15', 'Legion 5']],
    [{ storageType: 'SSD', ramMin: 16 }, ['Legion 5', 'ThinkPad T14']],
    [{ screenMin: 13.3, screenMax: 14 }, ['Air M2', 'ThinkPad T14']],
    [{ batteryMin: 85 }, ['Air M2', 'Chromebook', 'ThinkPad T14']],
    [{ cpu: 'intel-core-i5' }, ['Inspiron 15', 'ThinkPad T14']],
    [{ cpu: 'intel-core-i5', batteryMin: 80 }, ['ThinkPad T14']],
  ])('with %j finds the laptops that give such specs, with text', async (filters, expected) => {
    expect(await search({ q: tag, ...filters })).toEqual(expected);
  });

  it('filters a category page the same way (the browsing path, with no text)', async () => {
    expect(await search({ category: categoryId, ramMin: 16, batteryMin: 80 })).toEqual([
      'ThinkPad T14',
    ]);
    expect(
      await search({ category: categoryId, includeSold: 'true', storageType: 'eMMC' }),
    ).toEqual(['Chromebook']);
  });

  it('finds a laptop by the words of its specs, which its name and description lack', async () => {
    expect(await search({ q: `${tag} geforce rtx` })).toEqual(['Legion 5']);
  });

  it('refuses values out of range or unknown with a 400 naming the filter', async () => {
    for (const [key, value] of [
      ['ramMin', '-1'],
      ['ramMin', '1.5'],
      ['storageType', 'Floppy'],
      ['screenMax', '30'],
      ['batteryMin', '101'],
      ['cpu', 'pentium-4'],
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/search?${new URLSearchParams({ [key!]: value! })}`,
      });
      expect(response.statusCode, `${key}=${value}`).toBe(400);
      expect(response.json().error.fields, `${key}=${value}`).toHaveProperty(key!);
    }
  });
});

describe('GET /api/search/counts', () => {
  async function counts(params: Record<string, string | number>) {
    const query = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const response = await t.app.inject({ method: 'GET', url: `/api/search/counts?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SpecCounts>();
  }

  it("counts each choice's laptops among the search's matches", async () => {
    const found = await counts({ q: tag });
    expect(found.ramMin).toEqual({ '8': 4, '16': 3, '32': 1, '64': 0 });
    expect(found.storageType).toEqual({ SSD: 3, HDD: 1, eMMC: 1 });
    expect(found.batteryMin).toMatchObject({ '70': 4, '85': 3, '95': 0 });
    expect(found.cpu).toMatchObject({ 'intel-core-i5': 2, 'apple-m2': 1, 'amd-ryzen-7': 1 });
    expect(found.screenMax).toMatchObject({ '12': 1, '14': 3, '17': 5 });
  });

  it("leaves a filter's own choice out of its counts, and applies every other", async () => {
    const found = await counts({ q: tag, ramMin: 16 });
    // What each RAM choice would find instead of 16 GB.
    expect(found.ramMin).toEqual({ '8': 4, '16': 3, '32': 1, '64': 0 });
    // Among the laptops with 16 GB or more.
    expect(found.storageType).toEqual({ SSD: 2, HDD: 1, eMMC: 0 });
    // Each count is what the search finds with that choice.
    for (const [filter, choices] of Object.entries(found)) {
      for (const [choice, n] of Object.entries(choices ?? {})) {
        const names = await search({ q: tag, ramMin: 16, [filter]: choice });
        expect(names.length, `${filter}=${choice}`).toBe(n);
      }
    }
  });

  it('counts a category page (no text) and gives zeros to text with no word in it', async () => {
    expect((await counts({ category: categoryId, includeSold: 'true' })).cpu).toMatchObject({
      'intel-core-i5': 2,
      'intel-other': 1,
    });
    expect((await counts({ q: '!!!' })).ramMin).toEqual({ '8': 0, '16': 0, '32': 0, '64': 0 });
  });

  it('gives no counts for a filter when too many laptops match to count them all', async () => {
    const db = t.database.db;
    const crowded = (await createCategory(db)).id;
    const seller = await createUser(db, { typeOfUser: 'seller' });
    await db.execute(sql`
      insert into products (seller_id, category_id, name, image, location, description,
        condition_type, mobile_number, original_price_cents, resale_price_cents,
        years_of_use, ram_gb)
      select ${seller.id}, ${crowded}, 'Crowd ' || n, '/api/images/x.webp', 'Austin', 'One of many',
        'Good', '+1 512 555 0100', 90000, 50000, 2, 8
      from generate_series(1, ${COUNTED_MATCHES + 1}) as n`);
    const all = await counts({ category: crowded });
    expect(all.ramMin).toBeNull();
    expect(all.cpu).toBeNull();
    // Narrowed below the limit, they come back.
    const narrowed = await counts({ category: crowded, q: 'crowd 77' });
    expect(narrowed.ramMin).toMatchObject({ '8': expect.any(Number) as number, '16': 0 });
  });

  it('refuses what the search refuses, with a 400 naming the filter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search/counts?ramMin=-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('ramMin');
  });
});
