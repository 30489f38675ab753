import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@laptops/shared/reports';
import { reports } from '../../db/schema/reports.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

describe('reports', () => {
  it('records the signed-in reporter, and admins see the report with the product and seller', async () => {
    const db = t.database.db;
    const sellerUser = await createUser(db, { typeOfUser: 'seller' });
    const reporter = await createUser(db, { typeOfUser: 'buyer' });
    const admin = await createUser(db, { typeOfUser: 'admin' });
    const category = await createCategory(db);
    const product = await createProduct(db, {
      sellerId: sellerUser.id,
      categoryId: category.id,
      name: 'Suspicious MacBook',
    });
    const cookie = await signIn(t.app, reporter.email, reporter.password);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie },
      payload: {
        productId: product.id,
        reason: 'wrong_details',
        productName: 'ignored',
        sellerEmail: 'ignored@x.test',
        reportText: 'Photos are from a shop website.',
      },
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();

    const adminCookie = await signIn(t.app, admin.email, admin.password);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/reports',
      headers: { cookie: adminCookie },
    });
    expect(list.json<Report[]>()).toContainEqual(
      expect.objectContaining({
        _id: insertedId,
        productId: product.id,
        productName: 'Suspicious MacBook',
        sellerName: sellerUser.name,
        reporterName: reporter.name,
        reason: 'wrong_details',
        reportText: 'Photos are from a shop website.',
        resolved: false,
      }),
    );
    // The seller and the reporter by name only: their contact details are in no list.
    for (const contact of [sellerUser.email, reporter.email, product.mobileNumber]) {
      expect(list.body).not.toContain(contact);
    }
    const asBuyer = await t.app.inject({ method: 'GET', url: '/api/reports', headers: { cookie } });
    expect(asBuyer.statusCode).toBe(403);
  });

  it('takes an empty report text with a reason other than Other, refuses guests and unknown products', async () => {
    const db = t.database.db;
    const sellerUser = await createUser(db, { typeOfUser: 'seller' });
    const reporter = await createUser(db);
    const category = await createCategory(db);
    const product = await createProduct(db, { sellerId: sellerUser.id, categoryId: category.id });
    const cookie = await signIn(t.app, reporter.email, reporter.password);
    const before = (await db.select({ n: count() }).from(reports))[0]?.n ?? 0;

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/reports',
          headers: { cookie },
          payload: { productId: product.id, reason: 'scam' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/reports',
          payload: { productId: product.id, reason: 'scam' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/reports',
          headers: { cookie },
          payload: { productId: randomUUID(), reason: 'scam' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/reports',
          headers: { cookie },
          payload: { productId: 'x', reason: 'scam' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await db.select({ n: count() }).from(reports))[0]?.n).toBe(before + 1);
  });
});

describe('reporting again', () => {
  it('takes one open report per person and product, and none from its seller', async () => {
    const db = t.database.db;
    const sellerUser = await createUser(db, { typeOfUser: 'seller' });
    const reporter = await createUser(db);
    const admin = await createUser(db, { typeOfUser: 'admin' });
    const category = await createCategory(db);
    const product = await createProduct(db, { sellerId: sellerUser.id, categoryId: category.id });
    const report = async (who: { email: string; password: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { cookie: await signIn(t.app, who.email, who.password) },
        payload: { productId: product.id, reason: 'scam', reportText: 'Fake photos' },
      });
    const reportCount = async () =>
      (await db.select({ n: count() }).from(reports).where(eq(reports.productId, product.id)))[0]
        ?.n;

    const first = await report(reporter);
    expect(first.statusCode).toBe(201);
    const [again, atOnce] = await Promise.all([report(reporter), report(reporter)]);
    for (const response of [again, atOnce]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: 'ALREADY_REPORTED',
          message: 'You have reported this product already. An admin will look at it.',
        },
      });
    }
    const own = await report(sellerUser);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({
      error: { code: 'OWN_PRODUCT', message: 'You cannot report your own laptop.' },
    });
    expect(await reportCount()).toBe(1);

    // Once an admin has dismissed it, the same person may report the product again.
    const dismissed = await t.app.inject({
      method: 'PUT',
      url: `/api/reports/${first.json<{ insertedId: string }>().insertedId}/dismiss`,
      headers: { cookie: await signIn(t.app, admin.email, admin.password) },
    });
    expect(dismissed.statusCode).toBe(200);
    expect((await report(reporter)).statusCode).toBe(201);
  });
});

describe('POST /api/reports with text the database cannot hold', () => {
  it.each([
    ['a NUL character', 'Fake\u0000photos'],
    ['a text-direction override', 'Fake \u202Esotohp'],
  ])('refuses %s in the report text with a 400, and records nothing', async (_, text) => {
    const db = t.database.db;
    const sellerUser = await createUser(db, { typeOfUser: 'seller' });
    const reporter = await createUser(db, { typeOfUser: 'buyer' });
    const category = await createCategory(db);
    const product = await createProduct(db, { sellerId: sellerUser.id, categoryId: category.id });
    const cookie = await signIn(t.app, reporter.email, reporter.password);
    const before = (await db.select({ n: count() }).from(reports))[0]?.n;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie },
      payload: { productId: product.id, reason: 'other', reportText: text },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { reportText: expect.any(String) } },
    });
    expect((await db.select({ n: count() }).from(reports))[0]?.n).toBe(before);
  });
});
