import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@laptops/shared/products';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function listing(url: string, cookie?: string): Promise<Product[]> {
  const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  return response.json<Product[]>();
}

const ids = (list: Product[]) => list.map((product) => product._id);

describe('GET /api/latestProducts', () => {
  it('lists the newest available products first and leaves sold and withdrawn ones out', async () => {
    const db = t.database.db;
    const seller = await createUser(db, { typeOfUser: 'seller' });
    const category = await createCategory(db);
    const base = Date.now() + 60_000;
    const older = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      dateOfPost: new Date(base),
    });
    const newer = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      dateOfPost: new Date(base + 1000),
    });
    const sold = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      status: 'sold',
      dateOfPost: new Date(base + 2000),
    });
    const withdrawn = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      dateOfPost: new Date(base + 3000),
    });
    await db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, withdrawn.id));

    const latest = ids(await listing('/api/latestProducts'));
    expect(latest.slice(0, 2)).toEqual([newer.id, older.id]);
    expect(latest).not.toContain(sold.id);
    expect(latest).not.toContain(withdrawn.id);
  });

  it("shows prices in dollars, the date, and the seller's current name, picture and tick", async () => {
    const db = t.database.db;
    const seller = await createUser(db, {
      typeOfUser: 'seller',
      name: 'Old Name',
      image: '/api/images/a.webp',
    });
    const category = await createCategory(db, { name: `Brand ${Date.now()}` });
    const product = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      originalPriceCents: 129999,
      resalePriceCents: 64950,
      dateOfPost: new Date(Date.now() + 120_000),
    });
    await db
      .update(users)
      .set({ name: 'New Name', isVerified: true })
      .where(eq(users.id, seller.id));

    const [first] = await listing('/api/latestProducts');
    expect(first).toMatchObject({
      _id: product.id,
      originalPrice: 1299.99,
      resalePrice: 649.5,
      sellerName: 'New Name',
      sellerImage: '/api/images/a.webp',
      isVerified: true,
      category: category.id,
      categoryName: category.name,
      status: 'available',
      isSold: false,
      isAdvertise: false,
    });
    expect(first?.dateOfPost.slice(0, 10)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("shows no one the seller's email or mobile number, and everyone the same list", async () => {
    const db = t.database.db;
    const seller = await createUser(db, { typeOfUser: 'seller' });
    const buyer = await createUser(db, { typeOfUser: 'buyer' });
    const category = await createCategory(db);
    await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      mobileNumber: '+1 206 555 0111',
      dateOfPost: new Date(Date.now() + 180_000),
    });

    const asGuest = await listing('/api/latestProducts');
    const cookie = await signIn(t.app, buyer.email, buyer.password);
    const asBuyer = await listing('/api/latestProducts', cookie);
    expect(asBuyer).toEqual(asGuest);
    expect(asGuest[0]).toMatchObject({ sellerId: seller.id });
    for (const contact of ['+1 206 555 0111', seller.email]) {
      expect(JSON.stringify(asBuyer)).not.toContain(contact);
    }
  });

  it("hides the listings of a deleted seller's account", async () => {
    const db = t.database.db;
    const seller = await createUser(db, { typeOfUser: 'seller' });
    const category = await createCategory(db);
    const product = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      dateOfPost: new Date(Date.now() + 240_000),
    });
    expect(ids(await listing('/api/latestProducts'))).toContain(product.id);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, seller.id));
    expect(ids(await listing('/api/latestProducts'))).not.toContain(product.id);
  });
});

describe('GET /api/advertiseProducts', () => {
  it('lists advertised products that are not sold', async () => {
    const db = t.database.db;
    const seller = await createUser(db, { typeOfUser: 'seller' });
    const category = await createCategory(db);
    const advertised = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      isAdvertised: true,
    });
    const plain = await createProduct(db, { sellerId: seller.id, categoryId: category.id });
    const soldAdvertised = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      isAdvertised: true,
      status: 'sold',
    });

    const list = await listing('/api/advertiseProducts');
    expect(ids(list)).toContain(advertised.id);
    expect(ids(list)).not.toContain(plain.id);
    expect(ids(list)).not.toContain(soldAdvertised.id);
    expect(list.every((product) => product.isAdvertise && !product.isSold)).toBe(true);
  });
});
