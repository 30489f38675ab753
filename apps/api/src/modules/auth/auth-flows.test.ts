import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/users.ts';
import { verifications } from '../../db/schema/verifications.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createLogger } from '../../lib/logger.ts';
import { resetTokenIn, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { uploadTestImage } from '../../test/upload-helper.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
/** What the app logged, one JSON line each. */
const logLines: string[] = [];
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext(
    { SMTP_URL: smtp.url },
    {
      logger: createLogger({
        format: 'json',
        level: 'info',
        destination: { write: (line: string) => logLines.push(line) },
      }).logger,
    },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

const tooManyAttempts = {
  error: {
    code: 'TOO_MANY_REQUESTS',
    message: 'Too many attempts. Please wait a few minutes and try again.',
  },
};

describe('sign-up', () => {
  it('creates the account signed in, sends a welcome email, and refuses a duplicate email', async () => {
    const payload = {
      name: 'Nadia',
      email: 'nadia@example.test',
      password: 'secret1',
      typeOfUser: 'seller',
    };
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toContain('better-auth.session_token');
    await expect.poll(() => mailsTo('nadia@example.test').length).toBe(1);
    expect(mailsTo('nadia@example.test')[0]?.raw).toContain('Subject: Welcome to Laptop Resale');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { ...payload, name: 'Other' },
    });
    expect(again.statusCode).toBe(422);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'nadia@example.test'));
    expect(rows).toHaveLength(1);
  });

  it('makes one account of the same sign-up sent several times at once; the rest are told the email is taken', async () => {
    const payload = {
      name: 'Double Click',
      email: 'double-click@example.test',
      password: 'secret1',
      typeOfUser: 'buyer',
    };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload }),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422, 422]);
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) {
      expect(refused.json()).toMatchObject({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' });
    }
    const rows = await t.database.db.select().from(users).where(eq(users.email, payload.email));
    expect(rows).toHaveLength(1);
    // better-auth's report of the unique index (for each sign-up that got that far), in
    // the app's log and not as an error.
    const reports = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.msg === 'better-auth: Failed to create user');
    expect(reports.every((entry) => entry.level === 30)).toBe(true);
  });

  it('takes a picture only if our /api/images issued it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        name: 'Pic',
        email: 'pic@example.test',
        password: 'secret1',
        image: 'https://evil.example/x.png',
      },
    });
    expect(response.statusCode).toBe(400);
    // Nor one another user uploaded: nobody can upload before their account exists.
    const uploader = await createUser(t.database.db);
    const theirs = await uploadTestImage(
      t.app,
      await signIn(t.app, uploader.email, uploader.password),
    );
    const borrowed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Pic', email: 'pic@example.test', password: 'secret1', image: theirs },
    });
    expect(borrowed.statusCode).toBe(400);
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'pic@example.test')),
    ).toEqual([]);
  });

  it.each([
    ['', 'Please enter your name'],
    ['   ', 'Please enter your name'],
    [12, 'Please enter your name'],
    [null, 'Please enter your name'],
    ['x'.repeat(101), 'The name can be at most 100 characters'],
    // Blank on every card.
    ['\u200b\u200b', 'Please enter your name'],
    ['\u3164', 'Please enter your name'],
    // Reads as "live" backwards.
    ['\u202eevil', 'The name contains a character that is not allowed'],
  ])('refuses the name %j with a 400 and creates no account', async (name, message) => {
    const email = `named-${Math.random().toString(16).slice(2)}@example.test`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name, email, password: 'secret1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it.each([
    [`${'a'.repeat(250)}@x.com`, 'longer than 254 characters'],
    [`${'a'.repeat(65)}@example.test`, 'more than 64 characters before the @'],
  ])('refuses the email %s (%s) with a 400 and creates no account', async (email) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Long Address', email, password: 'secret1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please enter a valid email address' });
    expect(await t.database.db.select().from(users).where(eq(users.name, 'Long Address'))).toEqual(
      [],
    );
  });

  it('takes a name in any script, joiners and combining marks included', async () => {
    // Persian with a zero-width non-joiner; José with a combining accent.
    for (const [name, email] of [
      ['\u0645\u0647\u200c\u0631\u0648', 'mehro@example.test'],
      ['Jose\u0301 Diaz', 'jose@example.test'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name, email, password: 'secret1' },
      });
      expect(response.statusCode, name).toBe(200);
    }
  });

  it('keeps a name trimmed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: '  Trim Me  ', email: 'trim@example.test', password: 'secret1' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'trim@example.test'));
    expect(row?.name).toBe('Trim Me');
  });
});

describe("better-auth's own answers and messages", () => {
  it('answers a path it does not have with a JSON 404', async () => {
    for (const url of ['/api/auth/nope', '/api/auth/sign-in/email/']) {
      const response = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it("logs what a client got wrong as info in the app's JSON log, not as an error", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(response.statusCode).toBe(404);
    const entry = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((logged) => logged.msg.startsWith('better-auth: Provider not found'));
    expect(entry?.level).toBe(30);
  });
});

describe('sign-in and sign-out', () => {
  it('ends the session on sign-out', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(before.json()).toMatchObject({ user: { email: user.email } });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(after.json()).toBeNull();
    const guarded = await t.app.inject({ method: 'GET', url: '/api/jwt', headers: { cookie } });
    expect(guarded.statusCode).toBe(401);
  });
});

describe('password reset by email', () => {
  it('mails a single-use link that sets a new password and ends old sessions', async () => {
    const user = await createUser(t.database.db, {
      email: 'forgetful@example.test',
      name: 'Forgetful',
    });
    const oldCookie = await signIn(t.app, user.email, user.password);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(request.statusCode).toBe(200);
    await expect.poll(() => mailsTo(user.email).length).toBe(1);
    // The body is quoted-printable: undo soft line breaks and =XX escapes.
    const mail = (mailsTo(user.email)[0]?.raw ?? '')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(mail).toContain('Subject: Reset your Laptop Resale password');
    const link = /http:\/\/localhost:3000(\/api\/auth\/reset-password\/\S+)/.exec(mail)?.[1];
    expect(link).toBeDefined();

    // The link checks the token and sends the browser to our reset page with it.
    const opened = await t.app.inject({ method: 'GET', url: link ?? '' });
    expect(opened.statusCode).toBe(302);
    const location = new URL(String(opened.headers.location), 'http://localhost:3000');
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'brand-new-1', token },
    });
    expect(reset.statusCode).toBe(200);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'other-pass-2', token },
    });
    expect(reused.statusCode).toBe(400);

    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/401/);
    await expect(signIn(t.app, user.email, 'brand-new-1')).resolves.toContain('session_token');
    const oldSession = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: oldCookie },
    });
    expect(oldSession.json()).toBeNull();
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = smtp.received.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'nobody@example.test', redirectTo: '/reset-password' },
    });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(before);
  });
});

describe('password change', () => {
  it('ends every other session and bearer token, even when the client asks to keep them', async () => {
    const user = await createUser(t.database.db);
    const here = await signIn(t.app, user.email, user.password);
    const elsewhere = await signIn(t.app, user.email, user.password);
    const token = (
      await t.app.inject({
        method: 'GET',
        url: `/api/jwt?email=${user.email}`,
        headers: { cookie: elsewhere },
      })
    ).json<{ accessToken: string }>().accessToken;
    const sessionOf = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers })).json<{
        user: { email: string };
      } | null>();
    expect(await sessionOf({ authorization: `Bearer ${token}` })).toMatchObject({
      user: { email: user.email },
    });

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: here },
      payload: {
        currentPassword: user.password,
        newPassword: 'changed-pass-1',
        revokeOtherSessions: false,
      },
    });
    expect(changed.statusCode).toBe(200);

    expect(await sessionOf({ cookie: elsewhere })).toBeNull();
    expect(await sessionOf({ authorization: `Bearer ${token}` })).toBeNull();
    await expect(signIn(t.app, user.email, 'changed-pass-1')).resolves.toContain('session_token');
  });
});

describe('profile update', () => {
  it('changes the display name and the photo, but only to an image the user uploaded', async () => {
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const otherCookie = await signIn(t.app, other.email, other.password);
    const update = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { cookie }, payload });

    expect((await update({ name: 'Display Name' })).statusCode).toBe(200);
    const mine = await uploadTestImage(t.app, cookie);
    expect((await update({ image: mine })).statusCode).toBe(200);
    const theirs = await uploadTestImage(t.app, otherCookie);
    expect((await update({ image: theirs })).statusCode).toBe(400);
    expect((await update({ image: 'https://tracker.example/pixel.gif' })).statusCode).toBe(400);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Display Name', image: mine });

    // A picture that is not a link at all (better-auth would store "5").
    for (const image of [5, true, ['https://evil.test/x.png'], {}]) {
      expect((await update({ image })).statusCode, JSON.stringify(image)).toBe(400);
    }
    expect((await update({ image: null })).statusCode).toBe(200);
    const [cleared] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(cleared?.image).toBeNull();
    expect((await update({ image: mine })).statusCode).toBe(200);

    // A name the form would refuse is refused here too, and changes nothing.
    for (const name of ['', '   ', 12, 'x'.repeat(101)]) {
      const refused = await update({ name });
      expect(refused.statusCode, JSON.stringify(name)).toBe(400);
    }
    expect((await update({ name: '  Spaced  ' })).statusCode).toBe(200);
    const [renamed] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(renamed?.name).toBe('Spaced');
  });
});

describe('role lookups', () => {
  it('answer for the own email, for anyone to an admin, and refuse others with 403', async () => {
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const buyer = await createUser(t.database.db, { typeOfUser: 'buyer' });
    const admin = await createUser(t.database.db, { typeOfUser: 'admin' });
    const sellerCookie = await signIn(t.app, seller.email, seller.password);
    const adminCookie = await signIn(t.app, admin.email, admin.password);
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    expect((await get(`/api/users/seller/${seller.email}`, sellerCookie)).json()).toEqual({
      isSeller: true,
    });
    expect((await get(`/api/users/admin/${seller.email}`, sellerCookie)).json()).toEqual({
      isAdmin: false,
    });
    expect((await get(`/api/users/buyer/${seller.email}`, sellerCookie)).json()).toEqual({
      isBuyer: false,
    });
    expect((await get(`/api/users/buyer/${buyer.email}`, sellerCookie)).statusCode).toBe(403);
    expect((await get(`/api/users/buyer/${buyer.email}`)).statusCode).toBe(401);
    expect((await get(`/api/users/buyer/${buyer.email}`, adminCookie)).json()).toEqual({
      isBuyer: true,
    });
    expect((await get(`/api/users/admin/${admin.email}`, adminCookie)).json()).toEqual({
      isAdmin: true,
    });
    expect((await get(`/api/users/admin/nobody@example.test`, adminCookie)).statusCode).toBe(404);
  });
});

describe('GET /api/jwt and bearer tokens', () => {
  it('gives the signed-in user a token that the API accepts as a bearer, for their own email only', async () => {
    const user = await createUser(t.database.db, { typeOfUser: 'seller' });
    const cookie = await signIn(t.app, user.email, user.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/jwt' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/jwt?email=someone@else.test',
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(403);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/jwt?email=${user.email}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const { accessToken } = response.json<{ accessToken: string }>();
    const withBearer = await t.app.inject({
      method: 'GET',
      url: `/api/users/seller/${user.email}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(withBearer.json()).toEqual({ isSeller: true });
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/users/seller/${user.email}`,
      headers: { authorization: `Bearer ${accessToken.split('.')[0]}.forged` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('passes over a session cookie that is not valid percent-encoding', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/jwt',
      headers: { cookie: `__Secure-better-auth.session_token=%ff; ${cookie}` },
    });
    expect(response.statusCode).toBe(200);
    const { accessToken } = response.json<{ accessToken: string }>();
    const withBearer = await t.app.inject({
      method: 'GET',
      url: `/api/jwt`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(withBearer.json()).toEqual({ accessToken });
  });
});

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
