import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, CategoryWithProducts } from '@laptops/shared/categories';
import { products } from '../../db/schema/products.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { postProduct } from '../../test/post-product.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/categories', () => {
  it('lists every category with its id, name and image, by name', async () => {
    const db = t.database.db;
    const b = await createCategory(db, {
      name: `zz-B-${randomUUID()}`,
      image: '/api/images/b.webp',
    });
    const a = await createCategory(db, {
      name: `zz-A-${randomUUID()}`,
      image: '/api/images/a.webp',
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    const list = response.json<Category[]>();
    const mine = list.filter((c) => [a.id, b.id].includes(c._id));
    expect(mine).toEqual([
      { _id: a.id, name: a.name, image: '/api/images/a.webp' },
      { _id: b.id, name: b.name, image: '/api/images/b.webp' },
    ]);
  });
});

describe('GET /api/categories with the list cache on, as deployed', () => {
  let cached: TestContext;
  beforeAll(async () => {
    cached = await createTestContext({ LIST_CACHE_MS: '60000' });
  });
  afterAll(async () => {
    await cached?.close();
  });
  const names = async () =>
    (await cached.app.inject({ method: 'GET', url: '/api/categories' }))
      .json<Category[]>()
      .map((category) => category.name);

  it('answers from the cache, not the database, until a write through the app, which shows at once', async () => {
    const db = cached.database.db;
    const first = await cached.app.inject({ method: 'GET', url: '/api/categories' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // Written behind the app's back: the cached list does not ask the database again.
    const quiet = await createCategory(db, { name: `zz-quiet-${randomUUID()}` });
    const second = await cached.app.inject({ method: 'GET', url: '/api/categories' });
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const unchanged = await cached.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);

    // Any write through the app that does not say it keeps the lists clears them.
    const seller = await createUser(db, { typeOfUser: 'seller' });
    const cookie = await signIn(cached.app, seller.email, seller.password);
    const posted = await postProduct(cached.app, cookie, { name: 'A write', category: quiet.id });
    expect(posted.statusCode).toBe(201);
    expect(await names()).toContain(quiet.name);
  });
});

describe('GET /api/category/:id', () => {
  it("answers the category's name and its products, newest first, sold ones included", async () => {
    const db = t.database.db;
    const seller = await createUser(db, { typeOfUser: 'seller' });
    const category = await createCategory(db);
    const other = await createCategory(db);
    const old = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      dateOfPost: new Date('2026-01-01T10:00:00Z'),
    });
    const sold = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      status: 'sold',
      dateOfPost: new Date('2026-02-01T10:00:00Z'),
    });
    const withdrawn = await createProduct(db, { sellerId: seller.id, categoryId: category.id });
    await db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, withdrawn.id));
    await createProduct(db, { sellerId: seller.id, categoryId: other.id });

    const response = await t.app.inject({ method: 'GET', url: `/api/category/${category.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<CategoryWithProducts>();
    expect(body.name).toBe(category.name);
    expect(body.products.map((p) => p._id)).toEqual([sold.id, old.id]);
    expect(body.products[0]).toMatchObject({ isSold: true, status: 'sold' });
  });

  it('answers 404 with the JSON error body for an unknown category', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/category/${randomUUID()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'This category does not exist.' },
    });
  });

  it.each(['not-a-uuid', '1', "1' or '1'='1", '%00', 'a'.repeat(90)])(
    'answers 400, never 500, for the bad id %s',
    async (badId) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/category/${encodeURIComponent(badId)}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_ERROR', message: 'Not a valid id' },
      });
    },
  );

  it('answers 414 with the JSON error body for an absurdly long id', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/category/${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  });
});
