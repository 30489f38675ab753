import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@laptops/shared/search';
import { products } from '../../db/schema/products.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

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
