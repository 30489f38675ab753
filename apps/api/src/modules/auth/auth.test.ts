import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { nameFromProfile } from './google-sign-in.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

describe('better-auth on our database', () => {
  it('signs in a user made by the shared factory, with an httpOnly session cookie', async () => {
    const user = await createUser(t.database.db, { typeOfUser: 'seller', isVerified: true });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(response.json()).toMatchObject({
      user: { email: user.email, typeOfUser: 'seller', isVerified: true },
    });
  });

  it('refuses a wrong password', async () => {
    const user = await createUser(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('signs up a buyer by default and a seller when asked, never an admin', async () => {
    const signUp = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });

    const buyer = await signUp({ name: 'Bea', email: 'bea@example.test', password: 'secret1' });
    expect(buyer.statusCode).toBe(200);
    expect(buyer.json()).toMatchObject({ user: { typeOfUser: 'buyer', isVerified: false } });

    const seller = await signUp({
      name: 'Sam',
      email: 'sam@example.test',
      password: 'secret1',
      typeOfUser: 'seller',
    });
    expect(seller.json()).toMatchObject({ user: { typeOfUser: 'seller' } });

    const admin = await signUp({
      name: 'Eve',
      email: 'eve@example.test',
      password: 'secret1',
      typeOfUser: 'admin',
    });
    expect(admin.statusCode).toBe(400);
    const [eve] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'eve@example.test'));
    expect(eve).toBeUndefined();

    // A client cannot verify itself: the field is not an input and is ignored.
    const verified = await signUp({
      name: 'Vic',
      email: 'vic@example.test',
      password: 'secret1',
      isVerified: true,
    });
    const [vic] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'vic@example.test'));
    expect(vic?.isVerified ?? verified.statusCode >= 400).not.toBe(true);
  });

  it('refuses a password shorter than 6 characters', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Short', email: 'short@example.test', password: '12345' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('lets a user change their name but never their role or verification', async () => {
    const user = await createUser(t.database.db, { typeOfUser: 'buyer' });
    const cookie = await signIn(t.app, user.email, user.password);
    const update = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { cookie }, payload });

    expect((await update({ name: 'Renamed' })).statusCode).toBe(200);
    expect((await update({ typeOfUser: 'admin' })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await update({ isVerified: true })).statusCode).toBeGreaterThanOrEqual(400);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Renamed', typeOfUser: 'buyer', isVerified: false });
  });
});

describe("a Google account's name", () => {
  it.each([
    [{ name: '  Grace Hopper ', email: 'grace@example.test' }, 'Grace Hopper'],
    [{ name: '   ', email: 'grace@example.test' }, 'grace'],
    [{ name: 'x'.repeat(300), email: 'long@example.test' }, 'long'],
    [{ name: 42, email: 'number@example.test' }, 'number'],
    [{}, 'Buyer'],
  ])('from %j is %j', (profile, name) => {
    expect(nameFromProfile(profile)).toBe(name);
  });
});
