import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { verifications } from '../../db/schema/verifications.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

/** Requests the fuzzer found better-auth answering with a 500. */
let t: TestContext;
let email: string;
beforeAll(async () => {
  t = await createTestContext();
  email = (await createUser(t.database.db)).email;
});
afterAll(async () => {
  await t?.close();
});

const rows = async () => ({
  users: (await t.database.db.select({ n: count() }).from(users))[0]?.n,
  verifications: (await t.database.db.select({ n: count() }).from(verifications))[0]?.n,
});

describe('better-auth endpoints with text no person types', () => {
  it.each([
    [
      'a reset token with a NUL',
      '/api/auth/reset-password',
      () => ({ newPassword: 'new-pass-1', token: 'a\u0000' }),
    ],
    [
      'a redirect with half a surrogate pair',
      '/api/auth/request-password-reset',
      () => ({ email, redirectTo: '/reset\ud800' }),
    ],
    [
      'a name with a NUL',
      '/api/auth/sign-up/email',
      () => ({
        name: 'Nul\u0000Name',
        email: 'nul-name@example.test',
        password: 'pass-word-1',
        typeOfUser: 'buyer',
      }),
    ],
    [
      'a control character in a callback URL',
      '/api/auth/sign-in/email',
      () => ({ email, password: 'wrong-pass', callbackURL: 'http://e\u0001vil.test/' }),
    ],
  ])('refuses %s with a 400 and changes nothing', async (_name, url, payload) => {
    const before = await rows();
    const response = await t.app.inject({ method: 'POST', url, payload: payload() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.stringMatching(/not allowed/) });
    expect(await rows()).toEqual(before);
  });

  it('refuses a control character in the reset link callback with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/some-token?callbackURL=http%3A%2F%2Fe%01vil.test%2F',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('where better-auth may send the browser', () => {
  it.each([
    ['another site written as //host (was an open redirect)', '%2F%2Fevil.test'],
    ['another site written as /\\host', '%2F%5Cevil.test'],
    ['a backslash path (was a 500)', '%5C%2F'],
    ['a javascript: URL', 'javascript%3Aalert(1)'],
    ['a path with a raw non-ASCII letter (was a 500)', '%2F%C4%B0'],
  ])('refuses %s from the reset link with a 400', async (_name, callbackURL) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/some-token?callbackURL=${callbackURL}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });

  it('still follows a path on this site', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/some-token?callbackURL=%2Freset-password',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      'http://localhost:3000/reset-password?error=INVALID_TOKEN',
    );
  });

  it('refuses a reset email whose link would lead to another site', async () => {
    const before = await rows();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '//evil.test/reset' },
    });
    expect(response.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });
});

it('refuses a sign-in whose callback path has a raw non-ASCII letter (was a 500)', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: 'whatever-123', callbackURL: '/\u0130' },
  });
  expect(response.statusCode).toBe(400);
});
