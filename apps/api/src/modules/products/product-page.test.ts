import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetails } from '@laptops/shared/products';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function page(id: string, cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/products/${id}`,
    headers: cookie ? { cookie } : {},
  });
}

async function listingWithSpecs() {
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller', name: 'Sara Seller' });
  const category = await createCategory(db);
  const product = await createProduct(db, {
    sellerId: seller.id,
    categoryId: category.id,
    image: '/api/images/cover.webp',
  });
  await db
    .update(products)
    .set({
      morePhotos: ['/api/images/keyboard.webp', '/api/images/ports.webp'],
      model: 'ThinkPad T14 Gen 2',
      cpuFamily: 'intel-core-i5',
      cpuModel: 'Core i5-1145G7',
      cpuGeneration: '11th gen',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      screenInches: 14,
      screenResolution: '1920 × 1080',
      batteryHealth: 91,
      batteryCycles: 212,
      chargerIncluded: true,
    })
    .where(eq(products.id, product.id));
  return { seller, category, product };
}

describe('GET /api/products/:id', () => {
  it('shows a guest every spec and photo, the seller block, and no contact details', async () => {
    const db = t.database.db;
    const { seller, product } = await listingWithSpecs();
    const other = await createProduct(db, { sellerId: seller.id, categoryId: product.categoryId });
    await db.update(products).set({ status: 'sold' }).where(eq(products.id, other.id));
    // Another seller's sale is not this seller's.
    const otherSeller = await createUser(db, { typeOfUser: 'seller' });
    const stranger = await createProduct(db, {
      sellerId: otherSeller.id,
      categoryId: product.categoryId,
    });
    await db.update(products).set({ status: 'sold' }).where(eq(products.id, stranger.id));

    const response = await page(product.id);
    expect(response.statusCode).toBe(200);
    const details = response.json<ProductDetails>();
    expect(details).toMatchObject({
      _id: product.id,
      image: '/api/images/cover.webp',
      sellerId: seller.id,
      sellerName: 'Sara Seller',
      isOwn: false,
      viewerOrder: null,
      specs: {
        model: 'ThinkPad T14 Gen 2',
        cpuFamily: 'intel-core-i5',
        ramGb: 16,
        storageGb: 512,
        storageType: 'SSD',
        screenInches: 14,
        batteryHealth: 91,
        chargerIncluded: true,
        knownIssues: null,
      },
      seller: { laptopsSold: 1, memberSince: seller.createdAt.toISOString() },
    });
    expect(details.photos).toEqual([
      { url: '/api/images/cover.webp', thumbnail: '/api/images/cover-thumb.webp' },
      { url: '/api/images/keyboard.webp', thumbnail: '/api/images/keyboard-thumb.webp' },
      { url: '/api/images/ports.webp', thumbnail: '/api/images/ports-thumb.webp' },
    ]);
  });

  it('tells a signed-in buyer of their booking and a seller that the listing is theirs', async () => {
    const db = t.database.db;
    const { seller, product } = await listingWithSpecs();
    const buyer = await createUser(db);
    const sellerCookie = await signIn(t.app, seller.email, seller.password);
    const buyerCookie = await signIn(t.app, buyer.email, buyer.password);

    const own = (await page(product.id, sellerCookie)).json<ProductDetails>();
    expect(own).toMatchObject({ isOwn: true, viewerOrder: null });
    // Not even its seller's page carries their contact details.
    expect(JSON.stringify(own)).not.toContain(product.mobileNumber);
    expect(JSON.stringify(own)).not.toContain(seller.email);

    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/myOrders',
      headers: { cookie: buyerCookie },
      payload: {
        productId: product.id,
        meetingLocation: 'Downtown',
        buyerPhone: '+1 512 555 0199',
      },
    });
    expect(booked.statusCode).toBe(201);
    const seen = (await page(product.id, buyerCookie)).json<ProductDetails>();
    expect(seen.viewerOrder).toEqual({
      id: booked.json<{ insertedId: string }>().insertedId,
      paid: false,
    });
    expect(seen.isOwn).toBe(false);
    // Another buyer's booking is theirs alone.
    const other = await createUser(db);
    const otherCookie = await signIn(t.app, other.email, other.password);
    expect((await page(product.id, otherCookie)).json<ProductDetails>().viewerOrder).toBeNull();
  });

  it("keeps a sold laptop's page, marked sold", async () => {
    const db = t.database.db;
    const { product } = await listingWithSpecs();
    const buyer = await createUser(db);
    await createPaidOrder(db, { productId: product.id, buyerId: buyer.id, priceCents: 65000 });
    const response = await page(product.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<ProductDetails>()).toMatchObject({ status: 'sold', isSold: true });
  });

  it('answers 410 for a withdrawn laptop or one whose seller left, 404 for none, 400 for a bad id', async () => {
    const db = t.database.db;
    const { product } = await listingWithSpecs();
    await db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, product.id));
    const withdrawn = await page(product.id);
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json()).toMatchObject({ error: { code: 'PRODUCT_GONE' } });

    const second = await listingWithSpecs();
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, second.seller.id));
    expect((await page(second.product.id)).statusCode).toBe(410);

    expect((await page('7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f')).statusCode).toBe(404);
    const bad = await page('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it("shows a new price to guests at once after the seller's edit", async () => {
    const { seller, product } = await listingWithSpecs();
    const cookie = await signIn(t.app, seller.email, seller.password);
    expect((await page(product.id)).json<ProductDetails>().resalePrice).toBe(650);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/myProducts/${product.id}`,
      headers: { cookie },
      payload: { resalePrice: 599 },
    });
    expect(edited.statusCode).toBe(200);
    expect((await page(product.id)).json<ProductDetails>()).toMatchObject({
      resalePrice: 599,
      wasPrice: 650,
    });
  });
});
