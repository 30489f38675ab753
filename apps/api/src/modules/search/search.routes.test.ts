import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@laptops/shared/search';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let categoryId: string;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller' });
  categoryId = (await createCategory(db)).id;
  const base = Date.parse('2026-06-01T00:00:00Z');
  for (const [index, status] of (['available', 'sold', 'available', 'sold'] as const).entries()) {
    await createProduct(db, {
      sellerId: seller.id,
      categoryId,
      name: `Laptop ${index} ${status}`,
      status,
      dateOfPost: new Date(base + index * 60_000),
    });
  }
});

afterAll(async () => {
  await t?.close();
});

async function search(query: string): Promise<SearchResult> {
  const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<SearchResult>();
}

describe('GET /api/search?includeSold=true (the category page)', () => {
  it('lists sold laptops too, marked sold, newest first, a page at a time', async () => {
    const first = await search(`category=${categoryId}&includeSold=true&limit=3`);
    expect(first.products.map((p) => p.name)).toEqual([
      'Laptop 3 sold',
      'Laptop 2 available',
      'Laptop 1 sold',
    ]);
    expect(first.products.map((p) => p.isSold)).toEqual([true, false, true]);
    expect(first.total).toBe(4);
    const second = await search(
      `category=${categoryId}&includeSold=true&limit=3&cursor=${first.nextCursor}`,
    );
    expect(second.products.map((p) => p.name)).toEqual(['Laptop 0 available']);
    expect(second.nextCursor).toBeNull();
  });

  it('leaves sold laptops out by default and with includeSold=false', async () => {
    for (const query of [`category=${categoryId}`, `category=${categoryId}&includeSold=false`]) {
      const result = await search(query);
      expect(result.products.map((p) => p.name)).toEqual([
        'Laptop 2 available',
        'Laptop 0 available',
      ]);
    }
  });

  it('refuses a value other than true or false', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search?includeSold=yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});

describe('GET /api/search?includeSold=true without a category', () => {
  it('refuses it, with a message for the field', async () => {
    for (const query of [
      'includeSold=true',
      'includeSold=true&q=laptop',
      'includeSold=true&category=',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json())).toContain(
        'Sold laptops are listed only within a category',
      );
    }
  });
});

describe('GET /api/search with a NUL character', () => {
  it('refuses it with a message for the field', async () => {
    for (const query of ['q=think%00pad', 'location=Aus%00tin']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
      expect(response.statusCode).toBe(400);
      const field = query.split('=')[0] ?? '';
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_ERROR', fields: { [field]: expect.any(String) } },
      });
    }
  });
});
