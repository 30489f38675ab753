import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/contact-messages.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { CONTACT_MESSAGES_PER_WINDOW } from './contact.routes.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

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

const storedCount = async () =>
  (await t.database.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;

describe('POST /api/contact', () => {
  it('stores the message and emails the operator over SMTP', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        email: ' Visitor@Example.com ',
        subject: 'Is the XPS still for sale?',
        message: 'Hello, can I see it on Friday?',
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ acknowledged: boolean; insertedId: string }>();
    expect(body.acknowledged).toBe(true);

    const [saved] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, body.insertedId));
    expect(saved).toMatchObject({
      email: 'Visitor@Example.com',
      subject: 'Is the XPS still for sale?',
    });

    await expect.poll(() => smtp.received.length).toBe(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual(['operator@laptops.test']);
    expect(mail?.raw).toContain('Reply-To: Visitor@example.com');
    expect(mail?.raw).toContain('Subject: [Contact] Is the XPS still for sale?');
    expect(mail?.raw).toContain('Hello, can I see it on Friday?');
  });

  it.each([
    [{}, 'email', 'Please enter your email'],
    [
      { email: 'not-an-email', subject: 'Hi', message: 'Hello' },
      'email',
      'Please enter a valid email address',
    ],
    [{ email: 'a@b.co', subject: '   ', message: 'Hello' }, 'subject', 'Please enter a subject'],
    [{ email: 'a@b.co', subject: 'Hi', message: '' }, 'message', 'Please write your message'],
    [{ email: 'a@b.co', subject: 'Hi', message: 42 }, 'message', 'Please write your message'],
    [
      { email: 'a@b.co', subject: 'x'.repeat(201), message: 'Hello' },
      'subject',
      'The subject can be at most 200 characters',
    ],
  ])('refuses %j with a clear message and stores nothing', async (payload, field, message) => {
    const before = await storedCount();
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { [field]: message } },
    });
    expect(await storedCount()).toBe(before);
  });

  it('refuses malformed JSON, a wrong content type and an oversized body with 4xx JSON errors', async () => {
    const before = await storedCount();
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: expect.any(String) } });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a@b.co</email>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ error: { code: expect.any(String) } });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'a@b.co', subject: 'Hi', message: 'x'.repeat(100_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(await storedCount()).toBe(before);
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('writes the operator email as an .eml file under DATA_DIR/outbox', async () => {
    const local = await createTestContext();
    try {
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          email: 'visitor@example.com',
          subject: 'Outbox check',
          message: 'Kept on disk.',
        },
      });
      expect(response.statusCode).toBe(201);
      const outbox = path.join(local.dataDir, 'outbox');
      const files = await fs.readdir(outbox);
      expect(files).toHaveLength(1);
      const eml = await fs.readFile(path.join(outbox, files[0] ?? ''), 'utf8');
      expect(eml).toContain('To: Laptop Resale <operator@laptops.test>');
      expect(eml).toContain('Kept on disk.');
    } finally {
      await local.close();
    }
  });
});

describe('flood protection', () => {
  it('takes a few messages from one address, then answers 429 and stores nothing more', async () => {
    const local = await createTestContext();
    try {
      const send = () =>
        local.app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: '10.9.8.7',
          payload: { email: 'spam@example.com', subject: 'Hi', message: 'Buy followers' },
        });
      for (let i = 0; i < CONTACT_MESSAGES_PER_WINDOW; i++)
        expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
      const [stored] = await local.database.db.select({ n: count() }).from(contactMessages);
      expect(stored?.n).toBe(CONTACT_MESSAGES_PER_WINDOW);
    } finally {
      await local.close();
    }
  });
});

describe('POST /api/contact with text the database cannot hold', () => {
  it.each([
    ['a NUL character', { subject: 'Hi\u0000there' }, 'subject'],
    ['a message of only invisible characters', { message: '\u200b \u200d' }, 'message'],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_, change, field) => {
    const before = await storedCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '203.0.113.77',
      payload: { email: 'nul@example.test', subject: 'Hi there', message: 'Hello', ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { [field]: expect.any(String) } },
    });
    expect(await storedCount()).toBe(before);
  });
});
