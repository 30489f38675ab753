import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specMessages } from '@laptops/shared/messages';
import type { Product, ProductDetails } from '@laptops/shared/products';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { createCategory, createPaidOrder, createUser } from '../../db/seed/factories.ts';
import { postProduct } from '../../test/post-product.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { uploadTestImage } from '../../test/upload-helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

/** A seller's listing posted through the API, with two photos. */
async function ownListing() {
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller' });
  const cookie = await signIn(t.app, seller.email, seller.password);
  const category = await createCategory(db);
  const photos = [await uploadTestImage(t.app, cookie), await uploadTestImage(t.app, cookie)];
  const posted = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { cookie },
    payload: {
      ...(await postedFields(category.id)),
      photos,
    },
  });
  expect(posted.statusCode).toBe(201);
  return { seller, cookie, category, photos, id: posted.json<{ insertedId: string }>().insertedId };
}

async function postedFields(category: string) {
  return {
    name: 'Dell Latitude 7420',
    location: 'Austin, TX',
    category,
    conditionType: 'Good',
    mobileNumber: '+1 512 555 0100',
    originalPrice: 1400,
    resalePrice: 700,
    yearsOfUse: 2,
    description: 'Light and quick.',
    cpuFamily: 'intel-core-i7',
    cpuModel: 'Core i7-1185G7',
    ramGb: 16,
    storageGb: 512,
    storageType: 'SSD',
    screenInches: 14,
    batteryHealth: 88,
  };
}

function edit(id: string, cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/myProducts/${id}`,
    headers: { cookie },
    payload,
  });
}

async function details(id: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<ProductDetails>();
}

describe('PATCH /api/myProducts/:id', () => {
  it('changes any field and the order of the photos; the new cover shows in the lists', async () => {
    const { cookie, id, photos } = await ownListing();
    const third = await uploadTestImage(t.app, cookie);
    const response = await edit(id, cookie, {
      name: 'Dell Latitude 7420 (i7, 16 GB)',
      ramGb: '32',
      knownIssues: 'The E key is a little shiny.',
      photos: [third, photos[1], photos[0]],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });

    const page = await details(id);
    expect(page).toMatchObject({
      name: 'Dell Latitude 7420 (i7, 16 GB)',
      image: third,
      specs: { ramGb: 32, knownIssues: 'The E key is a little shiny.', storageGb: 512 },
    });
    expect(page.photos.map((photo) => photo.url)).toEqual([third, photos[1], photos[0]]);
    const latest = (await t.app.inject({ method: 'GET', url: '/api/latestProducts' })).json<
      Product[]
    >();
    expect(latest.find((product) => product._id === id)?.image).toBe(third);
  });

  it('shows a lowered price as "was" the highest one, until it is raised to that again', async () => {
    const { cookie, id } = await ownListing();
    await edit(id, cookie, { resalePrice: 650 });
    expect(await details(id)).toMatchObject({ resalePrice: 650, wasPrice: 700 });
    await edit(id, cookie, { resalePrice: 600 });
    expect(await details(id)).toMatchObject({ resalePrice: 600, wasPrice: 700 });
    await edit(id, cookie, { resalePrice: 680 });
    expect(await details(id)).toMatchObject({ resalePrice: 680, wasPrice: 700 });
    await edit(id, cookie, { resalePrice: 700 });
    expect(await details(id)).toMatchObject({ resalePrice: 700, wasPrice: null });
  });

  it('keeps the price a booking was made at', async () => {
    const { cookie, id } = await ownListing();
    const buyer = await createUser(t.database.db);
    const buyerCookie = await signIn(t.app, buyer.email, buyer.password);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/myOrders',
      headers: { cookie: buyerCookie },
      payload: { productId: id, meetingLocation: 'Library', buyerPhone: '+1 512 555 0199' },
    });
    expect(booked.statusCode).toBe(201);
    expect((await edit(id, cookie, { resalePrice: 900 })).statusCode).toBe(200);
    const [order] = await t.database.db
      .select({ priceCents: orders.priceCents })
      .from(orders)
      .where(eq(orders.productId, id));
    expect(order?.priceCents).toBe(70000);
  });

  it("refuses another seller's listing (404), a sold one (409) and a withdrawn one (404)", async () => {
    const { cookie, id, category } = await ownListing();
    const other = await ownListing();
    const refused = await edit(other.id, cookie, { resalePrice: 1 });
    expect(refused.statusCode).toBe(404);
    expect((await details(other.id)).resalePrice).toBe(700);

    const buyer = await createUser(t.database.db);
    const sold = await postProduct(t.app, cookie, { name: 'Sold one', category: category.id });
    const soldId = sold.json<{ insertedId: string }>().insertedId;
    await createPaidOrder(t.database.db, { productId: soldId, buyerId: buyer.id, priceCents: 500 });
    const soldEdit = await edit(soldId, cookie, { resalePrice: 1 });
    expect(soldEdit.statusCode).toBe(409);
    expect(soldEdit.json()).toMatchObject({
      error: { code: 'PRODUCT_SOLD', message: 'A sold laptop cannot be edited.' },
    });

    await t.database.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, id));
    expect((await edit(id, cookie, { resalePrice: 1 })).statusCode).toBe(404);
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const { cookie, id } = await ownListing();
    const before = await details(id);
    for (const [payload, field] of [
      [{ ramGb: 'lots' }, 'ramGb'],
      [{ photos: [] }, 'photos'],
      [{ photos: ['https://example.com/x.jpg'] }, 'photos'],
      [{ photos: [before.image, before.image] }, 'photos'],
      [{ name: '' }, 'name'],
    ] as const) {
      const response = await edit(id, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields).toHaveProperty(field);
    }
    expect((await edit(id, cookie, {})).statusCode).toBe(400);
    expect(await details(id)).toEqual(before);
  });

  it("holds the listing as it will be to its grade's battery promise", async () => {
    const { cookie, id } = await ownListing();
    // Good, battery 88: Excellent needs 85, so this is fine...
    expect((await edit(id, cookie, { conditionType: 'Excellent' })).statusCode).toBe(200);
    // ...and a battery of 82 under Excellent is not.
    const refused = await edit(id, cookie, { batteryHealth: 82 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { fields: { batteryHealth: specMessages.batteryBelowGrade('Excellent', 85) } },
    });
    expect((await details(id)).specs.batteryHealth).toBe(88);
  });

  it('refuses buyers (403) and guests (401)', async () => {
    const { id } = await ownListing();
    const buyer = await createUser(t.database.db);
    const buyerCookie = await signIn(t.app, buyer.email, buyer.password);
    expect((await edit(id, buyerCookie, { resalePrice: 1 })).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'PATCH',
      url: `/api/myProducts/${id}`,
      payload: { resalePrice: 1 },
    });
    expect(guest.statusCode).toBe(401);
  });
});
