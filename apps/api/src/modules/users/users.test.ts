import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.ts';
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

describe('GET /api/users/{role}/:email with text the database cannot hold', () => {
  it.each(['admin', 'buyer', 'seller'])(
    'answers /api/users/%s/ with a NUL in the email with a 400, not a 500',
    async (role) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/${role}/a%00b%40example.test`,
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_ERROR', fields: { email: expect.any(String) } },
      });
    },
  );
});
