import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FairPriceAnswer } from '@laptops/shared/fair-price';
import type { ProductDetails } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { refunds } from '../../db/schema/refunds.ts';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { FAIR_PRICE_LOOKUPS_PER_WINDOW } from './fair-price.routes.ts';

let t: TestContext;
let db: Db;
let seller: { id: string };
let buyer: { id: string };
let sellerCookie: string;
let buyerCookie: string;
beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
  const sellerUser = await createUser(db, { typeOfUser: 'seller' });
  const buyerUser = await createUser(db, { typeOfUser: 'buyer' });
  seller = sellerUser;
  buyer = buyerUser;
  sellerCookie = await signIn(t.app, sellerUser.email, sellerUser.password);
  buyerCookie = await signIn(t.app, buyerUser.email, buyerUser.password);
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3_600_000;
const MODEL = 'ThinkPad T14 Gen 2 (AMD)';

/** Each test prices laptops of a brand of its own, so their sales do not mix. */
let categoryId: string;
beforeEach(async () => {
  categoryId = (await createCategory(db)).id;
});

type Sale = {
  dollars: number;
  model?: string;
  ramGb?: number;
  storageGb?: number;
  yearsOfUse?: number;
  /** Days ago the money was released; null: paid, not yet completed. */
  completedDaysAgo?: number | null;
  refundedDollars?: number;
  category?: string;
};

/** A laptop sold here: listed, booked, paid and (unless said) completed. */
async function sale(input: Sale) {
  const product = await createProduct(db, {
    sellerId: seller.id,
    categoryId: input.category ?? categoryId,
    model: input.model ?? MODEL,
    ramGb: input.ramGb ?? 16,
    storageGb: input.storageGb ?? 512,
    yearsOfUse: input.yearsOfUse ?? 2,
    resalePriceCents: input.dollars * 100,
  });
  // Another buyer each time: a buyer books a laptop once.
  const someone = await createUser(db, { typeOfUser: 'buyer' });
  const order = await createPaidOrder(db, {
    productId: product.id,
    buyerId: someone.id,
    priceCents: input.dollars * 100,
  });
  const days = input.completedDaysAgo === undefined ? 3 : input.completedDaysAgo;
  if (days !== null) {
    await db
      .update(orders)
      .set({ completedAt: new Date(Date.now() - days * DAY), releasedBy: 'buyer' })
      .where(eq(orders.id, order.id));
  }
  if (input.refundedDollars) {
    await db.insert(refunds).values({
      orderId: order.id,
      provider: 'seed',
      transactionId: `refund_${randomUUID()}`,
      amountCents: input.refundedDollars * 100,
      reason: 'dispute',
    });
  }
  return { product, order };
}

async function ask(query: Record<string, string | number>, cookie = sellerCookie) {
  const params = new URLSearchParams(
    Object.entries({
      categoryId,
      model: MODEL,
      ramGb: 16,
      storageGb: 512,
      yearsOfUse: 2,
      ...query,
    }).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return t.app.inject({
    method: 'GET',
    url: `/api/fair-price?${params.toString()}`,
    headers: { cookie },
  });
}

async function rangeFor(query: Record<string, string | number> = {}) {
  const response = await ask(query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as FairPriceAnswer).range;
}

describe('GET /api/fair-price', () => {
  it('answers the middle half, the median and the count of similar completed sales', async () => {
    for (const dollars of [600, 650, 700, 750, 800, 900]) await sale({ dollars });
    // p25, p50, p75 of 600..900 by percentile_cont: 662.5, 725, 787.5.
    expect(await rangeFor()).toEqual({
      low: 662.5,
      median: 725,
      high: 787.5,
      sales: 6,
      months: 12,
    });
  });

  it('shows nothing below five sales, and a range from the fifth', async () => {
    for (const dollars of [500, 520, 540, 560]) await sale({ dollars });
    expect(await rangeFor()).toBeNull();
    await sale({ dollars: 580 });
    expect(await rangeFor()).toMatchObject({ sales: 5, median: 540 });
  });

  it('counts only completed sales: not paid ones waiting, refunded or older than a year', async () => {
    for (const dollars of [700, 700, 700, 700]) await sale({ dollars });
    // Paid and held, not yet released: not a sale yet.
    await sale({ dollars: 100, completedDaysAgo: null });
    // Released after a dispute refunded part of it: not what the laptop was worth.
    await sale({ dollars: 100, refundedDollars: 40 });
    // Completed 13 months ago: prices of used laptops have moved since.
    await sale({ dollars: 100, completedDaysAgo: 400 });
    expect(await rangeFor()).toBeNull();
    await sale({ dollars: 700, completedDaysAgo: 300 });
    expect(await rangeFor()).toEqual({ low: 700, median: 700, high: 700, sales: 5, months: 12 });
  });

  it('compares the same brand, model family, memory, storage and age within a year', async () => {
    // The same model family however it is typed, one year either side.
    await sale({ dollars: 600, model: 'thinkpad t14 gen 2 amd' });
    await sale({ dollars: 600, model: 'ThinkPad  T14 Gen-2 (AMD)', yearsOfUse: 1 });
    await sale({ dollars: 600, yearsOfUse: 3 });
    await sale({ dollars: 600 });
    // Not similar: another model, memory, storage, age, or brand.
    await sale({ dollars: 100, model: 'ThinkPad T14 Gen 3 (AMD)' });
    await sale({ dollars: 100, ramGb: 32 });
    await sale({ dollars: 100, storageGb: 1024 });
    await sale({ dollars: 100, yearsOfUse: 4 });
    await sale({ dollars: 100, category: (await createCategory(db)).id });
    expect(await rangeFor()).toBeNull();
    await sale({ dollars: 600, model: 'ThinkPad T14Gen2 AMD', yearsOfUse: 1 });
    expect(await rangeFor()).toEqual({ low: 600, median: 600, high: 600, sales: 5, months: 12 });
  });

  it('is for sellers, and refuses a query it cannot use with a 400', async () => {
    expect((await ask({}, buyerCookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/fair-price' })).statusCode).toBe(401);
    const refusals: Record<string, string | number>[] = [
      { categoryId: 'not-a-uuid' },
      { model: '  ()  ' },
      { ramGb: 'lots' },
      { storageGb: 0 },
      { yearsOfUse: -1 },
      { model: 'x'.repeat(121) },
    ];
    for (const bad of refusals) {
      const response = await ask(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
  });

  it(`limits a seller to ${FAIR_PRICE_LOOKUPS_PER_WINDOW} lookups in ten minutes`, async () => {
    const someone = await createUser(db, { typeOfUser: 'seller' });
    const cookie = await signIn(t.app, someone.email, someone.password);
    for (let i = 0; i < FAIR_PRICE_LOOKUPS_PER_WINDOW; i++) {
      expect((await ask({}, cookie)).statusCode).toBe(200);
    }
    const refused = await ask({}, cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe("a laptop's page", () => {
  /** Asked as a buyer: a guest's answer is cached until a write through the API. */
  async function page(id: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/products/${id}`,
      headers: { cookie: buyerCookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProductDetails;
  }

  it('carries the range of similar sales while the laptop is for sale', async () => {
    for (const dollars of [800, 850, 900, 950, 1000]) await sale({ dollars });
    const listing = await createProduct(db, {
      sellerId: seller.id,
      categoryId,
      model: MODEL,
      ramGb: 16,
      storageGb: 512,
      yearsOfUse: 3,
      resalePriceCents: 82000,
    });
    expect((await page(listing.id)).fairPrice).toEqual({
      low: 850,
      median: 900,
      high: 950,
      sales: 5,
      months: 12,
    });

    // Sold, the comparison is over: its own sale would count too.
    await createPaidOrder(db, { productId: listing.id, buyerId: buyer.id, priceCents: 82000 });
    expect((await page(listing.id)).fairPrice).toBeNull();
  });

  it('carries nothing below five sales or without a model', async () => {
    for (const dollars of [800, 850, 900, 950]) await sale({ dollars });
    const listing = await createProduct(db, {
      sellerId: seller.id,
      categoryId,
      model: MODEL,
      ramGb: 16,
      storageGb: 512,
      yearsOfUse: 2,
    });
    expect((await page(listing.id)).fairPrice).toBeNull();
    await sale({ dollars: 1000 });
    const withoutModel = await createProduct(db, {
      sellerId: seller.id,
      categoryId,
      ramGb: 16,
      storageGb: 512,
    });
    expect((await page(withoutModel.id)).fairPrice).toBeNull();
    expect((await page(listing.id)).fairPrice).toMatchObject({ sales: 5, months: 12 });
  });
});
