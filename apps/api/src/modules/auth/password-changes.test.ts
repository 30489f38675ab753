/**
 * What a new password or a deleted account ends: sign-ins already under way with the
 * old password, reset links sent before, and sessions that slipped past a deletion.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { createUser } from '../../db/seed/factories.ts';
import { resetTokenIn, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

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

/** Asks for a reset link and returns its token (the nth mail to the address). */
async function resetToken(email: string) {
  const count = mailsTo(email).length;
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: '/reset-password' },
  });
  expect(asked.statusCode).toBe(200);
  await expect.poll(() => mailsTo(email).length).toBe(count + 1);
  return resetTokenIn(mailsTo(email)[count]);
}

const reset = (token: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
  });

const sessionsOf = async (userId: string) =>
  t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('a password reset', () => {
  it('leaves no session to sign-ins with the old password that were under way', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await createUser(t.database.db);
      const token = await resetToken(user.email);
      // Someone who knows the old password signs in again and again meanwhile.
      let resetDone = false;
      const signInLoop = async () => {
        while (!resetDone) {
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            payload: { email: user.email, password: user.password },
          });
        }
      };
      const loops = [signInLoop(), signInLoop(), signInLoop()];
      await new Promise((resolve) => setTimeout(resolve, 30));

      expect((await reset(token, `new-pass-${round}-1`)).statusCode).toBe(200);
      resetDone = true;
      await Promise.all(loops);

      expect(await sessionsOf(user.id)).toEqual([]);
    }
  });

  it('ends every other reset link sent to the account', async () => {
    const user = await createUser(t.database.db);
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);

    expect((await reset(first, 'new-pass-1')).statusCode).toBe(200);

    expect((await reset(second, 'other-pass-2')).statusCode).toBe(400);
    await expect(signIn(t.app, user.email, 'new-pass-1')).resolves.toContain('session_token');
  });
});

describe('a password change', () => {
  it('ends the reset links sent before it', async () => {
    const user = await createUser(t.database.db);
    const token = await resetToken(user.email);
    const cookie = await signIn(t.app, user.email, user.password);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: user.password, newPassword: 'changed-pass-1' },
    });
    expect(changed.statusCode).toBe(200);

    expect((await reset(token, 'stolen-pass-2')).statusCode).toBe(400);
    await expect(signIn(t.app, user.email, 'changed-pass-1')).resolves.toContain('session_token');
  });
});

describe('a deleted account', () => {
  it('gets no reset link, and one sent before the deletion no longer works', async () => {
    const admin = await createUser(t.database.db, { typeOfUser: 'admin' });
    const adminCookie = await signIn(t.app, admin.email, admin.password);
    const user = await createUser(t.database.db, { typeOfUser: 'buyer' });
    const token = await resetToken(user.email);
    const storedPassword = async () =>
      (
        await t.database.db
          .select({ password: accounts.password })
          .from(accounts)
          .where(eq(accounts.userId, user.id))
      )[0]?.password;
    const before = await storedPassword();

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/allBuyers?email=${encodeURIComponent(user.email)}`,
      headers: { cookie: adminCookie },
    });
    expect(deleted.statusCode).toBe(200);

    expect((await reset(token, 'after-deletion-1')).statusCode).toBe(400);
    const mails = mailsTo(user.email).length;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    // The same answer as for any address, so it tells nobody the account existed.
    expect(asked.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(user.email)).toHaveLength(mails);
    expect(await storedPassword()).toBe(before);
  });

  it('cannot change its profile through a session that outlived the deletion', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    // As when a sign-in finished just after the deletion ended the account's sessions.
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));

    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie },
      payload: { name: 'Still Here' },
    });

    expect(renamed.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe(user.name);
  });
});
