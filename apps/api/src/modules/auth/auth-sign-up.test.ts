/**
 * Signing up through better-auth: the account, the welcome email and the checks of
 * each field; and how better-auth's own answers and messages come out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createLogger } from '../../lib/logger.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
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
