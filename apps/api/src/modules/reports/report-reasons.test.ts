import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@laptops/shared/reports';
import { products } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import {
  createCategory,
  createProduct,
  createUser,
  type ProductInput,
} from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestContext();
  const admin = await createUser(t.database.db, { typeOfUser: 'admin' });
  adminCookie = await signIn(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t?.close();
});

/** A seller's laptop, and a buyer signed in to report it. */
async function laptopAndReporter(product: Omit<ProductInput, 'sellerId' | 'categoryId'> = {}) {
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller', name: 'Marcus Lee' });
  const reporter = await createUser(db, { typeOfUser: 'buyer', name: 'Emma Wilson' });
  const category = await createCategory(db);
  const laptop = await createProduct(db, {
    sellerId: seller.id,
    categoryId: category.id,
    ...product,
  });
  const cookie = await signIn(t.app, reporter.email, reporter.password);
  const report = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie },
      payload: { productId: laptop.id, ...payload },
    });
  return { seller, reporter, category, laptop, report };
}

const db = () => t.database.db;
const reportsOf = async (productId: string) =>
  (await db().select({ n: count() }).from(reports).where(eq(reports.productId, productId)))[0]?.n;

const openReports = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/reports', headers: { cookie: adminCookie } })
  ).json<Report[]>();

describe('a report has a reason', () => {
  it('stores the chosen reason, and the admin list gives it back with the laptop, its seller and the reporter', async () => {
    const { category, laptop, report } = await laptopAndReporter({
      name: 'Dell XPS 13 9310',
      image: '/api/images/0b6f8a52-3a55-4a8e-9a43-1f2b3c4d5e6f.webp',
      resalePriceCents: 64999,
    });
    const response = await report({ reason: 'already_sold', reportText: '' });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();

    const [row] = await db().select().from(reports).where(eq(reports.id, insertedId));
    expect(row).toMatchObject({ reason: 'already_sold', reportText: '' });
    expect((await openReports()).find((listed) => listed._id === insertedId)).toEqual({
      _id: insertedId,
      productId: laptop.id,
      productName: 'Dell XPS 13 9310',
      productThumbnail: '/api/images/0b6f8a52-3a55-4a8e-9a43-1f2b3c4d5e6f-thumb.webp',
      productPrice: 649.99,
      productCategory: category.id,
      productState: 'for_sale',
      sellerName: 'Marcus Lee',
      reason: 'already_sold',
      reportText: '',
      reporterName: 'Emma Wilson',
      createdAt: row?.createdAt.toISOString(),
      resolved: false,
      resolution: null,
    });
  });

  it.each([
    ['no reason', {}, 'Please choose a reason for your report'],
    ['an unknown reason', { reason: 'spam' }, 'Please choose a reason for your report'],
    ['a reason in other words', { reason: 'Scam' }, 'Please choose a reason for your report'],
    ['a reason that is not text', { reason: 3 }, 'Please choose a reason for your report'],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_, payload, message) => {
    const { laptop, report } = await laptopAndReporter();
    const response = await report({ ...payload, reportText: 'Looks wrong' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message, fields: { reason: message } },
    });
    expect(await reportsOf(laptop.id)).toBe(0);
  });

  it.each([
    ['no text', {}],
    ['empty text', { reportText: '' }],
    ['only spaces and line breaks', { reportText: '  \n\t ' }],
    ['only invisible characters', { reportText: '\u200B\u3164' }],
  ])("refuses 'other' with %s: the admin would not know what to check", async (_, text) => {
    const { laptop, report } = await laptopAndReporter();
    const response = await report({ reason: 'other', ...text });
    expect(response.statusCode).toBe(400);
    const message = 'Please tell the admin what is wrong with this laptop';
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message, fields: { reportText: message } },
    });
    expect(await reportsOf(laptop.id)).toBe(0);
  });

  it("takes 'other' with text, keeps its lines, and trims it", async () => {
    const { report } = await laptopAndReporter();
    const response = await report({
      reason: 'other',
      reportText: '  The seller asks for payment by gift card.\nTwice.  ',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await db()
      .select()
      .from(reports)
      .where(eq(reports.id, response.json<{ insertedId: string }>().insertedId));
    expect(row).toMatchObject({
      reason: 'other',
      reportText: 'The seller asks for payment by gift card.\nTwice.',
    });
  });

  it('refuses text over 2000 characters and takes 2000', async () => {
    const { report } = await laptopAndReporter();
    const tooLong = await report({ reason: 'scam', reportText: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: { fields: { reportText: 'This can be at most 2000 characters' } },
    });
    expect((await report({ reason: 'scam', reportText: 'x'.repeat(2000) })).statusCode).toBe(201);
  });
});

describe('the admin list says where the reported laptop stands', () => {
  it('for sale, sold, or removed (withdrawn, or its seller deleted)', async () => {
    const forSale = await laptopAndReporter();
    const sold = await laptopAndReporter({ status: 'sold' });
    const withdrawn = await laptopAndReporter();
    const sellerGone = await laptopAndReporter();
    for (const each of [forSale, sold, withdrawn, sellerGone]) {
      expect((await each.report({ reason: 'scam' })).statusCode).toBe(201);
    }
    await db()
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, withdrawn.laptop.id));
    await db()
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, sellerGone.seller.id));

    const listed = await openReports();
    const stateOf = (productId: string) =>
      listed.find((report) => report.productId === productId)?.productState;
    expect(stateOf(forSale.laptop.id)).toBe('for_sale');
    expect(stateOf(sold.laptop.id)).toBe('sold');
    expect(stateOf(withdrawn.laptop.id)).toBe('removed');
    expect(stateOf(sellerGone.laptop.id)).toBe('removed');
  });
});

describe('a seller reporting their own laptop', () => {
  it('is refused with a 400 that says why, and nothing is stored', async () => {
    const { seller, laptop } = await laptopAndReporter();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie: await signIn(t.app, seller.email, seller.password) },
      payload: { productId: laptop.id, reason: 'scam', reportText: 'Testing' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'OWN_PRODUCT', message: 'You cannot report your own laptop.' },
    });
    expect(await reportsOf(laptop.id)).toBe(0);
  });
});
