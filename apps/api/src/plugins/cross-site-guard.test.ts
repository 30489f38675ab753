import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../db/schema/reports.ts';
import { createCategory, createProduct, createUser } from '../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../test/test-app.ts';

let t: TestContext;
let cookie: string;
let productId: string;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller' });
  const buyer = await createUser(db);
  productId = (
    await createProduct(db, { sellerId: seller.id, categoryId: (await createCategory(db)).id })
  ).id;
  cookie = await signIn(t.app, buyer.email, buyer.password);
});

afterAll(async () => {
  await t?.close();
});

const reportCount = async () =>
  (
    await t.database.db.select({ n: count() }).from(reports).where(eq(reports.productId, productId))
  )[0]?.n;

const report = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: { cookie, ...headers },
    payload: { productId, reason: 'scam', reportText: 'Looks like a scam' },
  });

describe('cross-site requests with the session cookie', () => {
  it('refuses a post from another site and changes nothing', async () => {
    const before = await reportCount();
    const forgeries: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:3000.evil.example' },
    ];
    for (const headers of forgeries) {
      const response = await report(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: {
          code: 'CROSS_SITE_REQUEST',
          message: 'This request came from another site and was refused.',
        },
      });
    }
    expect(await reportCount()).toBe(before);
  });

  it('accepts the same request from our own pages', async () => {
    const before = await reportCount();
    const response = await report({
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(201);
    expect(await reportCount()).toBe((before ?? 0) + 1);
  });

  it('lets requests without cookies through to the usual checks (webhooks, scripts)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { origin: 'https://evil.example' },
      payload: { productId, reportText: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a cross-site sign-out, so another site cannot end a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.json()).toMatchObject({ user: { id: expect.any(String) } });
  });
});
