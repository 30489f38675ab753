/**
 * An account's life after sign-up: signing in and out, a password reset by email, a
 * password change, the profile, role lookups and bearer tokens.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createUser } from '../../db/seed/factories.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { uploadTestImage } from '../../test/upload-helper.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

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
