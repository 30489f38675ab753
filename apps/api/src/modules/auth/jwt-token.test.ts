/**
 * GET /api/jwt hands out a bearer token: never kept by a cache, and always the token
 * of the session that signed the caller in, whatever other session cookies the
 * request carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  // https: better-auth names its cookie __Secure-better-auth.session_token.
  t = await createTestContext({ PUBLIC_URL: 'https://laptops.example' });
});
afterAll(async () => {
  await t?.close();
});

/** A new user's session cookie value, as the browser sends it back. */
async function sessionCookieValue() {
  const user = await createUser(t.database.db);
  const cookie = await signIn(t.app, user.email, user.password);
  const value = /__Secure-better-auth\.session_token=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error(`no secure session cookie in ${cookie}`);
  return { user, value };
}

const jwt = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/jwt', headers });

/** Whose session a bearer token opens. */
const ownerOf = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json<{ user: { email: string } } | null>()?.user.email;

describe('GET /api/jwt', () => {
  it('tells every cache not to keep the token', async () => {
    const { value } = await sessionCookieValue();
    const response = await jwt({ cookie: `__Secure-better-auth.session_token=${value}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("gives the caller's own token, not a stray cookie's placed before it", async () => {
    const caller = await sessionCookieValue();
    // Someone else's session, planted under the name plain http uses (a cookie the
    // https site never sets, which another site on the domain or the network can).
    const planted = await sessionCookieValue();
    const response = await jwt({
      cookie: `better-auth.session_token=${planted.value}; __Secure-better-auth.session_token=${caller.value}`,
    });
    expect(response.statusCode).toBe(200);
    const { accessToken } = response.json<{ accessToken: string }>();
    expect(accessToken).toBe(decodeURIComponent(caller.value));
    expect(await ownerOf(accessToken)).toBe(caller.user.email);
  });

  it('gives the bearer token that signed the caller in over a cookie of another session', async () => {
    const caller = await sessionCookieValue();
    const other = await sessionCookieValue();
    const callerToken = decodeURIComponent(caller.value);
    const response = await jwt({
      authorization: `Bearer ${callerToken}`,
      cookie: `__Secure-better-auth.session_token=${other.value}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accessToken: callerToken });
    expect(await ownerOf(callerToken)).toBe(caller.user.email);
  });
});
