import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyBuyer, OwnProduct, Product } from '@laptops/shared/products';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { multipartBody } from '../../test/multipart.ts';
import { uploadTestImage } from '../../test/upload-helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function seller(name = 'Sam Seller') {
  const user = await createUser(t.database.db, {
    typeOfUser: 'seller',
    name,
    image: '/api/images/sam.webp',
  });
  return { user, cookie: await signIn(t.app, user.email, user.password) };
}

const productCount = async () =>
  (await t.database.db.select({ n: count() }).from(products))[0]?.n ?? 0;

function validBody(category: string, image: string) {
  return {
    name: 'Lenovo ThinkPad T14',
    image,
    location: 'Denver, CO',
    description: 'Great keyboard.',
    category,
    conditionType: 'Good',
    mobileNumber: '+1 303 555 0123',
    originalPrice: 1299.99,
    resalePrice: '649.50',
    yearsOfUse: 2,
    cpuFamily: 'intel-core-i5',
    cpuModel: 'Core i5-8350U',
    ramGb: 16,
    storageGb: 512,
    storageType: 'SSD',
    screenInches: 14,
  };
}

describe('POST /api/products', () => {
  it("posts for the signed-in seller, with the server's clock and the seller's own details", async () => {
    const { user, cookie } = await seller('Sam Seller');
    const category = await createCategory(t.database.db);
    const image = await uploadTestImage(t.app, cookie);
    const before = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie },
      payload: {
        ...validBody(category.id, image),
        // Whatever the client claims about the seller and the date is ignored.
        sellerName: 'Mallory',
        sellerEmail: 'mallory@evil.test',
        dateOfPost: '1999-01-01',
        status: 'sold',
        isAdvertise: true,
      },
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/myProducts?email=someone@else.test',
      headers: { cookie },
    });
    const [posted] = mine.json<OwnProduct[]>();
    expect(posted).toMatchObject({
      _id: insertedId,
      name: 'Lenovo ThinkPad T14',
      image,
      thumbnail: image.replace('.webp', '-thumb.webp'),
      sellerId: user.id,
      sellerName: 'Sam Seller',
      sellerImage: '/api/images/sam.webp',
      originalPrice: 1299.99,
      resalePrice: 649.5,
      status: 'available',
      isAdvertise: false,
      // Their own list has the number they gave: the edit form shows it.
      mobileNumber: '+1 303 555 0123',
    });
    expect(mine.body).not.toContain(user.email);
    expect(Date.parse(posted?.dateOfPost ?? '')).toBeGreaterThanOrEqual(before - 1000);

    const latest = await t.app.inject({ method: 'GET', url: '/api/latestProducts' });
    expect(latest.json<Product[]>()[0]?._id).toBe(insertedId);
    const inCategory = await t.app.inject({ method: 'GET', url: `/api/category/${category.id}` });
    expect(inCategory.json<{ products: Product[] }>().products.map((p) => p._id)).toEqual([
      insertedId,
    ]);
    const thumb = await t.app.inject({ method: 'GET', url: posted?.thumbnail ?? '' });
    expect(thumb.statusCode).toBe(200);
  });

  it('refuses buyers (403) and guests (401)', async () => {
    const buyer = await createUser(t.database.db, { typeOfUser: 'buyer' });
    const cookie = await signIn(t.app, buyer.email, buyer.password);
    const category = await createCategory(t.database.db);
    const image = await uploadTestImage(t.app, cookie);
    const before = await productCount();
    const asBuyer = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie },
      payload: validBody(category.id, image),
    });
    expect(asBuyer.statusCode).toBe(403);
    const asGuest = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: validBody(category.id, image),
    });
    expect(asGuest.statusCode).toBe(401);
    expect(await productCount()).toBe(before);
  });

  it("refuses an image that is not the seller's own upload, and an unknown category", async () => {
    const { cookie } = await seller();
    const other = await seller();
    const category = await createCategory(t.database.db);
    const theirs = await uploadTestImage(t.app, other.cookie);
    const before = await productCount();
    for (const image of [
      theirs,
      'https://images.example/laptop.jpg',
      '/api/images/../../etc/passwd',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { cookie },
        payload: validBody(category.id, image),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { fields: { photos: 'Please upload the photo first' } },
      });
    }
    const mine = await uploadTestImage(t.app, cookie);
    const unknownCategory = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie },
      payload: validBody(randomUUID(), mine),
    });
    expect(unknownCategory.json()).toMatchObject({
      error: { fields: { category: 'Please choose one of the categories' } },
    });
    expect(await productCount()).toBe(before);
  });

  it('refuses a photo too small to show the laptop, naming its size, and keeps a profile-sized upload usable elsewhere', async () => {
    const { cookie } = await seller();
    const category = await createCategory(t.database.db);
    const tiny = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const body = multipartBody([
      { name: 'image', filename: 'tiny.png', contentType: 'image/png', data: tiny },
    ]);
    // The upload itself is fine: a profile picture or a message photo may be small.
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(201);
    const small = upload.json<{ data: { url: string } }>().data.url;
    const large = await uploadTestImage(t.app, cookie);
    const before = await productCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie },
      payload: { ...validBody(category.id, large), photos: [large, small] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        fields: {
          photos:
            'This photo is 64 × 48 pixels. Please use one at least 480 pixels on its shorter side, so buyers can see the laptop up close.',
        },
      },
    });
    expect(await productCount()).toBe(before);
  });

  it('answers a required message for each missing field and clear ones for bad formats', async () => {
    const { cookie } = await seller();
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: {
        fields: {
          name: 'Please fill in the product name',
          resalePrice: 'Please fill in the resale price',
          conditionType: 'Please choose a condition',
        },
      },
    });
    const category = await createCategory(t.database.db);
    const image = await uploadTestImage(t.app, cookie);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie },
      payload: { ...validBody(category.id, image), resalePrice: -5, mobileNumber: 'call me maybe' },
    });
    expect(bad.json()).toMatchObject({
      error: {
        fields: {
          resalePrice: 'The price must be more than $0',
          mobileNumber: 'Please enter a phone number, like +1 512 555 0100',
        },
      },
    });
  });
});

describe('My Products: advertise and delete', () => {
  it("lists only the seller's own products", async () => {
    const a = await seller();
    const b = await seller();
    const category = await createCategory(t.database.db);
    const mine = await createProduct(t.database.db, {
      sellerId: a.user.id,
      categoryId: category.id,
    });
    await createProduct(t.database.db, { sellerId: b.user.id, categoryId: category.id });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/myProducts?email=${b.user.email}`,
      headers: { cookie: a.cookie },
    });
    expect(response.json<Product[]>().map((p) => p._id)).toEqual([mine.id]);
  });

  it('advertises an own available product once, and it shows on Home', async () => {
    const { user, cookie } = await seller();
    const category = await createCategory(t.database.db);
    const product = await createProduct(t.database.db, {
      sellerId: user.id,
      categoryId: category.id,
    });
    const put = () =>
      t.app.inject({ method: 'PUT', url: `/api/myProducts?id=${product.id}`, headers: { cookie } });
    expect((await put()).json()).toEqual({ modifiedCount: 1 });
    expect((await put()).json()).toEqual({ modifiedCount: 0 });
    const advertised = await t.app.inject({ method: 'GET', url: '/api/advertiseProducts' });
    expect(advertised.json<Product[]>().map((p) => p._id)).toContain(product.id);
  });

  it("refuses another seller's product (404), a sold one (409) and a bad id (400)", async () => {
    const owner = await seller();
    const intruder = await seller();
    const category = await createCategory(t.database.db);
    const product = await createProduct(t.database.db, {
      sellerId: owner.user.id,
      categoryId: category.id,
    });
    const sold = await createProduct(t.database.db, {
      sellerId: owner.user.id,
      categoryId: category.id,
      status: 'sold',
    });
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/myProducts?id=${product.id}`,
        headers: { cookie: intruder.cookie },
      });
      expect(response.statusCode).toBe(404);
      const soldResponse = await t.app.inject({
        method,
        url: `/api/myProducts?id=${sold.id}`,
        headers: { cookie: owner.cookie },
      });
      expect(soldResponse.statusCode).toBe(409);
      const badId = await t.app.inject({
        method,
        url: '/api/myProducts?id=42',
        headers: { cookie: owner.cookie },
      });
      expect(badId.statusCode).toBe(400);
    }
    const [still] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(still).toMatchObject({ isAdvertised: false, deletedAt: null });
  });

  it('erases an unbooked product, but only withdraws a booked one so its orders keep their history', async () => {
    const { user, cookie } = await seller();
    const buyer = await createUser(t.database.db);
    const category = await createCategory(t.database.db);
    const plain = await createProduct(t.database.db, {
      sellerId: user.id,
      categoryId: category.id,
    });
    const booked = await createProduct(t.database.db, {
      sellerId: user.id,
      categoryId: category.id,
      isAdvertised: true,
    });
    await t.database.db.insert(orders).values({
      productId: booked.id,
      buyerId: buyer.id,
      priceCents: 100,
      buyerPhone: '+1 555 0100 000',
      meetingLocation: 'Library',
    });

    const del = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/myProducts?id=${id}`, headers: { cookie } });
    expect((await del(plain.id)).json()).toEqual({ deletedCount: 1 });
    expect(await t.database.db.select().from(products).where(eq(products.id, plain.id))).toEqual(
      [],
    );

    expect((await del(booked.id)).json()).toEqual({ deletedCount: 1 });
    const [withdrawn] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, booked.id));
    expect(withdrawn?.deletedAt).toBeInstanceOf(Date);
    expect(
      await t.database.db.select().from(orders).where(eq(orders.productId, booked.id)),
    ).toHaveLength(1);
    const mine = await t.app.inject({ method: 'GET', url: '/api/myProducts', headers: { cookie } });
    expect(mine.json<Product[]>().map((p) => p._id)).not.toContain(booked.id);
    expect((await del(booked.id)).statusCode).toBe(404);
  });
});

describe('GET /api/myBuyers', () => {
  it("lists the bookings of the seller's own products with their paid state", async () => {
    const { user, cookie } = await seller();
    const other = await seller();
    const buyer = await createUser(t.database.db, { name: 'Bo Buyer' });
    const category = await createCategory(t.database.db);
    const mine = await createProduct(t.database.db, {
      sellerId: user.id,
      categoryId: category.id,
      name: 'My XPS',
      resalePriceCents: 50000,
    });
    const theirs = await createProduct(t.database.db, {
      sellerId: other.user.id,
      categoryId: category.id,
    });
    await createPaidOrder(t.database.db, {
      productId: mine.id,
      buyerId: buyer.id,
      priceCents: 50000,
    });
    await createPaidOrder(t.database.db, {
      productId: theirs.id,
      buyerId: buyer.id,
      priceCents: 1000,
    });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/myBuyers?email=${other.user.email}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<MyBuyer[]>()).toEqual([
      expect.objectContaining({
        buyerName: 'Bo Buyer',
        productId: mine.id,
        productName: 'My XPS',
        price: 500,
        paid: true,
      }),
    ]);
    // The buyer's contacts are on the order page, not in a list.
    expect(response.body).not.toContain(buyer.email);
  });
});

describe('POST /api/products with input found by the fuzzer', () => {
  it.each([
    ['a NUL character in the name', { name: 'ThinkPad\u0000T14' }, 'name'],
    ['a name of only a zero-width space', { name: '\u200b' }, 'name'],
    ['a line break in the name', { name: 'Dell\nXPS 13' }, 'name'],
    ['a text-direction override in the location', { location: '\u202Egnp.exe' }, 'location'],
    ['a control character in the description', { description: 'a\u0007b' }, 'description'],
    ['half of a character in the description', { description: 'a\ud800b' }, 'description'],
    ['a price that rounds to 0 cents (5e-324)', { originalPrice: 5e-324 }, 'originalPrice'],
  ])('refuses %s with a 400 naming the field, and posts nothing', async (_name, change, field) => {
    const { cookie } = await seller();
    const category = await createCategory(t.database.db);
    const image = await uploadTestImage(t.app, cookie);
    const before = await productCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie },
      payload: { ...validBody(category.id, image), ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { [field]: expect.any(String) } },
    });
    expect(await productCount()).toBe(before);
  });
});
