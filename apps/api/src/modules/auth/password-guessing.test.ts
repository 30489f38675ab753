/**
 * Guessing a password through the endpoints that check one for a signed-in user
 * (a stolen session cookie or bearer token is enough to reach them): each is limited
 * like sign-in, per IP and per account, and an account's guesses share one count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.ts';
import { createMemoryRateLimitStore } from '../../lib/rate-limiter.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

const tooManyAttempts = {
  error: {
    code: 'TOO_MANY_REQUESTS',
    message: 'Too many attempts. Please wait a few minutes and try again.',
  },
};
const FIFTEEN_MINUTES = 15 * 60_000;

let t: TestContext;
/** The limiter's clock: moved forward by hand to end a window. */
let now = Date.now();
beforeAll(async () => {
  t = await createTestContext(
    { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '3' },
    { rateLimitStore: createMemoryRateLimitStore({ now: () => now }) },
  );
});
afterAll(async () => {
  await t?.close();
});

/** The password checks a session can make, each as a client would send it. */
const passwordChecks = {
  'change-password': (password: string) => ({
    url: '/api/auth/change-password',
    payload: { currentPassword: password, newPassword: 'taken-over-1' },
  }),
  'verify-password': (password: string) => ({
    url: '/api/auth/verify-password',
    payload: { password },
  }),
  // Not enabled here (a 404 whatever the password), but limited all the same, so that
  // turning it on cannot open a way to guess.
  'delete-user': (password: string) => ({
    url: '/api/auth/delete-user',
    payload: { password },
  }),
};

describe.each(['change-password', 'verify-password'] as const)('%s', (endpoint) => {
  it('refuses guesses past the account limit with a clear 429, even the right password, until the window ends', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const check = (password: string, remoteAddress = '10.3.0.1') =>
      t.app.inject({
        method: 'POST',
        headers: { cookie },
        remoteAddress,
        ...passwordChecks[endpoint](password),
      });

    for (let i = 0; i < 3; i++) expect((await check(`guess-${i}-wrong`)).statusCode).toBe(400);
    // From another address too: the count is the account's.
    const refused = await check(user.password, '10.3.0.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual(tooManyAttempts);
    // Signing in is locked too: the guesses were at the same password.
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/429/);

    now += FIFTEEN_MINUTES + 1000;
    // The refused change changed nothing: the old password still signs in.
    await expect(signIn(t.app, user.email, 'taken-over-1')).rejects.toThrow(/401/);
    expect((await check(user.password, '10.3.0.2')).statusCode).toBe(200);
  });

  it('limits a bearer token the same way as the cookie it came from', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const { accessToken } = (
      await t.app.inject({ method: 'GET', url: '/api/jwt', headers: { cookie } })
    ).json<{ accessToken: string }>();
    const check = (password: string) =>
      t.app.inject({
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}` },
        ...passwordChecks[endpoint](password),
      });
    for (let i = 0; i < 3; i++) expect((await check(`guess-${i}-wrong`)).statusCode).toBe(400);
    const refused = await check(user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooManyAttempts);
  });
});

describe('the password checks of one account', () => {
  it('share one count with sign-in: guesses spread over them are stopped as one', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const check = (endpoint: keyof typeof passwordChecks, password: string) =>
      t.app.inject({ method: 'POST', headers: { cookie }, ...passwordChecks[endpoint](password) });
    expect((await check('change-password', 'wrong-guess-1')).statusCode).toBe(400);
    expect((await check('verify-password', 'wrong-guess-2')).statusCode).toBe(400);
    const signInGuess = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email.toUpperCase(), password: 'wrong-guess-3' },
    });
    expect(signInGuess.statusCode).toBe(401);
    for (const endpoint of ['change-password', 'verify-password', 'delete-user'] as const) {
      const refused = await check(endpoint, user.password);
      expect(refused.statusCode, endpoint).toBe(429);
      expect(refused.json()).toEqual(tooManyAttempts);
    }
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/429/);
  });

  it('are counted apart for each account, and the owner proving the password clears the count', async () => {
    const owner = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const ownerCookie = await signIn(t.app, owner.email, owner.password);
    const otherCookie = await signIn(t.app, other.email, other.password);
    const verify = (cookie: string, password: string) =>
      t.app.inject({
        method: 'POST',
        headers: { cookie },
        ...passwordChecks['verify-password'](password),
      });
    // Typos between successes never add up to a lock-out.
    for (let i = 0; i < 4; i++) {
      expect((await verify(ownerCookie, 'a-typo-here')).statusCode).toBe(400);
      expect((await verify(ownerCookie, owner.password)).statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) await verify(otherCookie, 'wrong-guess');
    expect((await verify(otherCookie, other.password)).statusCode).toBe(429);
    expect((await verify(ownerCookie, owner.password)).statusCode).toBe(200);
  });
});

describe('password checks from one address', () => {
  it('are limited per IP across accounts', async () => {
    const limited = await createTestContext({
      AUTH_RATE_LIMIT_PER_IP: '4',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
    });
    try {
      const cookies = [];
      for (let i = 0; i < 3; i++) {
        const user = await createUser(limited.database.db);
        cookies.push(await signIn(limited.app, user.email, user.password));
      }
      const verify = (cookie: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          headers: { cookie },
          remoteAddress,
          ...passwordChecks['verify-password']('wrong-guess'),
        });
      for (let i = 0; i < 4; i++) {
        expect((await verify(cookies[i % 3] ?? '', '10.4.0.1')).statusCode).toBe(400);
      }
      const refused = await verify(cookies[2] ?? '', '10.4.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(tooManyAttempts);
      expect((await verify(cookies[2] ?? '', '10.4.0.2')).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
