/**
 * Password guessing through sign-in and password reset: each is limited per account
 * and per address, whatever spelling of the path it comes by, and the owner of an
 * account is never locked out by their own sign-ins. The tests make their own apps,
 * with the limits they need.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/accounts.ts';
import { verifications } from '../../db/schema/verifications.ts';
import { createUser } from '../../db/seed/factories.ts';
import { resetTokenIn, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

const tooManyAttempts = {
  error: {
    code: 'TOO_MANY_REQUESTS',
    message: 'Too many attempts. Please wait a few minutes and try again.',
  },
};

describe('brute force', () => {
  it('limits sign-in attempts per account and per IP with a clear 429', async () => {
    const limited = await createTestContext({
      AUTH_RATE_LIMIT_PER_IP: '6',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
    });
    try {
      const user = await createUser(limited.database.db);
      const attempt = (email: string, ip = '10.0.0.1') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: ip,
          payload: { email, password: 'wrong-password' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(user.email)).statusCode).toBe(401);
      const blocked = await attempt(user.email, '10.0.0.2');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      expect(blocked.json()).toEqual({
        error: {
          code: 'TOO_MANY_REQUESTS',
          message: 'Too many attempts. Please wait a few minutes and try again.',
        },
      });
      // Even the right password waits: the account is locked for the window.
      const right = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.0.0.3',
        payload: { email: user.email, password: user.password },
      });
      expect(right.statusCode).toBe(429);
      // But its owner can still ask for a reset link: that is how they get back in.
      const reset = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: '10.0.0.3',
        payload: { email: user.email, redirectTo: '/reset-password' },
      });
      expect(reset.statusCode).toBe(200);

      for (let i = 0; i < 6; i++) await attempt(`spray-${i}@example.test`, '10.0.0.9');
      expect((await attempt('spray-x@example.test', '10.0.0.9')).statusCode).toBe(429);
      expect((await attempt('fresh@example.test', '10.0.0.10')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('signing in often', () => {
  it("never locks out the owner: a sign-in that works clears the account's count", async () => {
    const limited = await createTestContext({
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
    });
    try {
      const user = await createUser(limited.database.db);
      const attempt = (password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: user.email, password },
        });
      // Five devices, one after another, with a typo on the way: never 429.
      for (let i = 0; i < 5; i++) {
        expect((await attempt('wrong-password')).statusCode).toBe(401);
        expect((await attempt(user.password)).statusCode).toBe(200);
      }
      // Guesses still count: three wrong ones lock the account for the window.
      for (let i = 0; i < 3; i++) await attempt('wrong-password');
      expect((await attempt(user.password)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('brute force through another spelling of the path', () => {
  it('counts "./", "x/../", "%2e" and "#..." as the endpoint they reach', async () => {
    const limited = await createTestContext({
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
    });
    try {
      const user = await createUser(limited.database.db);
      // Over a socket, byte for byte: an HTTP client library would tidy the path first.
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = limited.app.server.address() as AddressInfo;
      const post = (path: string, body: object) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const request = http.request(
            { host: '127.0.0.1', port, path, method: 'POST' },
            (response) => {
              let text = '';
              response.on('data', (chunk: Buffer) => (text += chunk.toString()));
              response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
            },
          );
          request.on('error', reject);
          request.setHeader('content-type', 'application/json');
          request.end(JSON.stringify(body));
        });
      const wrong = { email: user.email, password: 'wrong-password' };
      expect((await post('/api/auth/sign-in/./email', wrong)).status).toBe(401);
      expect((await post('/api/auth/x/../sign-in/email', wrong)).status).toBe(401);
      expect((await post('/api/auth/sign-in/%2e/email#again', wrong)).status).toBe(401);
      for (const path of [
        '/api/auth/sign-in/email',
        '/api/auth/sign-in/./email',
        '/api/auth/sign-in/%2E/email',
        '/api/auth/sign-in/email#x',
      ]) {
        const refused = await post(path, { email: user.email, password: user.password });
        expect(refused.status, path).toBe(429);
        expect(JSON.parse(refused.body)).toEqual(tooManyAttempts);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('brute force on password reset', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      SMTP_URL: smtp.url,
      AUTH_RATE_LIMIT_PER_IP: '4',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '5',
    });
  });
  afterAll(async () => {
    await limited?.close();
  });
  const requestReset = (email: string, ip: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: ip,
      payload: { email, redirectTo: '/reset-password' },
    });
  const resetPassword = (token: string, newPassword: string, ip: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: ip,
      payload: { token, newPassword },
    });
  const resetTokens = async () =>
    (await limited.database.db.select({ n: count() }).from(verifications))[0]?.n;

  it('limits reset emails per account and per IP with a clear 429, and a refused request sends nothing', async () => {
    const user = await createUser(limited.database.db, { email: 'flooded@example.test' });
    // Five requests for one account, from five addresses: each mails a link.
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.4', '10.1.0.5']) {
      expect((await requestReset(user.email, ip)).statusCode).toBe(200);
    }
    await expect.poll(() => mailsTo(user.email).length).toBe(5);
    const tokensBefore = await resetTokens();

    const refused = await requestReset(` ${user.email.toUpperCase()} `, '10.1.0.6');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual(tooManyAttempts);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(user.email)).toHaveLength(5);
    expect(await resetTokens()).toBe(tokensBefore);

    // One address asking for many accounts is stopped too; other addresses are not.
    for (let i = 0; i < 4; i++) {
      expect((await requestReset(`spray-${i}@example.test`, '10.1.0.9')).statusCode).toBe(200);
    }
    const sprayed = await requestReset('spray-x@example.test', '10.1.0.9');
    expect(sprayed.statusCode).toBe(429);
    expect(sprayed.json()).toEqual(tooManyAttempts);
    expect((await requestReset('spray-x@example.test', '10.1.0.10')).statusCode).toBe(200);
  });

  it('limits reset-token guessing per IP with a clear 429, and a refused reset changes nothing', async () => {
    const user = await createUser(limited.database.db, { email: 'guessed@example.test' });
    const session = await signIn(limited.app, user.email, user.password);
    expect((await requestReset(user.email, '10.2.0.1')).statusCode).toBe(200);
    await expect.poll(() => mailsTo(user.email).length).toBe(1);
    const token = resetTokenIn(mailsTo(user.email)[0]);
    const passwordHash = async () =>
      (
        await limited.database.db
          .select({ password: accounts.password })
          .from(accounts)
          .where(eq(accounts.userId, user.id))
      )[0]?.password;
    const hashBefore = await passwordHash();

    // An attacker guessing tokens from one address: four wrong guesses, then refused,
    // even when the fifth guess is the right token.
    for (let i = 0; i < 4; i++) {
      expect(
        (await resetPassword(`guess-${i}-${token.slice(4)}`, 'taken-over-1', '10.2.0.9'))
          .statusCode,
      ).toBe(400);
    }
    const refused = await resetPassword(token, 'taken-over-1', '10.2.0.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual(tooManyAttempts);

    // Nothing changed: same password, the session still works, the link still works.
    expect(await passwordHash()).toBe(hashBefore);
    const stillSignedIn = await limited.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: session },
    });
    expect(stillSignedIn.json()).toMatchObject({ user: { email: user.email } });
    await expect(signIn(limited.app, user.email, 'taken-over-1')).rejects.toThrow(/401/);
    expect((await resetPassword(token, 'owner-chose-1', '10.2.0.2')).statusCode).toBe(200);
    await expect(signIn(limited.app, user.email, 'owner-chose-1')).resolves.toContain(
      'session_token',
    );
  });
});
