import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions.ts';
import { verifications } from '../../db/schema/verifications.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { SESSION_TTL_SECONDS } from './auth.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

/** Who the cookie belongs to, as the app sees it (null when signed out). */
async function whoIs(cookie: string): Promise<string | null> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie },
  });
  return (response.json() as { user?: { email: string } } | null)?.user?.email ?? null;
}

/** A route only a signed-in user may call: 200 or 401. */
async function myOrdersStatus(cookie: string): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: '/api/myOrders', headers: { cookie } });
  return response.statusCode;
}

describe('sessions', () => {
  it('issues a new session at sign-in and never adopts one the browser already had (fixation)', async () => {
    const attacker = await createUser(t.database.db);
    const victim = await createUser(t.database.db);
    const planted = await signIn(t.app, attacker.email, attacker.password);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { cookie: planted },
      payload: { email: victim.email, password: victim.password },
    });
    expect(response.statusCode).toBe(200);
    const issued = String(response.headers['set-cookie']).split(';')[0] ?? '';
    expect(issued).toContain('session_token=');
    expect(issued).not.toBe(planted);
    expect(await whoIs(issued)).toBe(victim.email);
    // The planted cookie still belongs to the attacker alone.
    expect(await whoIs(planted)).toBe(attacker.email);
  });

  it('sets the session cookie httpOnly and SameSite=Lax, for a week', async () => {
    const user = await createUser(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(new RegExp(`Max-Age=${SESSION_TTL_SECONDS}`));
  });

  it('signs out everywhere: every session of the user ends, other users keep theirs', async () => {
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const laptop = await signIn(t.app, user.email, user.password);
    const phone = await signIn(t.app, user.email, user.password);
    const otherCookie = await signIn(t.app, other.email, other.password);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: { cookie: laptop, origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(await myOrdersStatus(laptop)).toBe(401);
    expect(await myOrdersStatus(phone)).toBe(401);
    expect(await whoIs(otherCookie)).toBe(other.email);
  });

  it('refuses a session once it has expired', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    expect(await myOrdersStatus(cookie)).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, user.id));
    expect(await myOrdersStatus(cookie)).toBe(401);
    expect(await whoIs(cookie)).toBeNull();
  });
});

describe('password reset tokens', () => {
  async function requestReset(email: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(like(verifications.identifier, 'reset-password:%'))
      .orderBy(sql`${verifications.createdAt} desc`)
      .limit(1);
    return (rows[0]?.identifier ?? '').replace('reset-password:', '');
  }

  it('refuses an expired reset token and keeps the old password', async () => {
    const user = await createUser(t.database.db);
    const token = await requestReset(user.email);
    expect(token).not.toBe('');
    await t.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'brand-new-1', token },
    });
    expect(reset.statusCode).toBe(400);
    await expect(signIn(t.app, user.email, user.password)).resolves.toContain('session_token');
    await expect(signIn(t.app, user.email, 'brand-new-1')).rejects.toThrow(/401/);
  });

  it('refuses a made-up token', async () => {
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'brand-new-1', token: 'not-a-real-token' },
    });
    expect(reset.statusCode).toBe(400);
  });
});
