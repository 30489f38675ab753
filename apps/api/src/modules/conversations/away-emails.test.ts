/**
 * Email when away: a message left unread past MESSAGE_EMAIL_DELAY_MINUTES (here 1.2 s)
 * reaches its recipient by email, once per thread until they read it, through the job
 * queue and a real SMTP server; the setting and the one-click unsubscribe turn it off.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '@laptops/shared/settings';
import { messages } from '../../db/schema/conversations.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { decodeQuotedPrintable, startSmtpSink, type ReceivedMail } from '../../test/smtp-sink.ts';
import {
  createTestContext,
  signIn,
  testAuthSecret,
  type TestContext,
} from '../../test/test-app.ts';
import { unsubscribeToken } from '../users/unsubscribe-token.ts';
import { emailIfStillUnread, type AwayEmailDeps } from './away-emails.ts';

const secret = testAuthSecret;
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let categoryId: string;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext(
    { SMTP_URL: smtp.url, MESSAGE_EMAIL_DELAY_MINUTES: '0.02' },
    { runJobs: true },
  );
  categoryId = (await createCategory(t.database.db)).id;
  await queueRunning();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The queue starts after the app is ready, and runs a job on its next poll (2 s). */
const patiently = { timeout: 30_000, interval: 200 };

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** A buyer asking a seller about a laptop, both signed in, and their conversation. */
async function conversation() {
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller', name: 'Sara Seller' });
  const buyer = await createUser(db, { name: 'Ben Buyer' });
  const laptop = await createProduct(db, { sellerId: seller.id, categoryId, name: 'ThinkPad X1' });
  const sellerCookie = await signIn(t.app, seller.email, seller.password);
  const buyerCookie = await signIn(t.app, buyer.email, buyer.password);
  const started = await call('POST', '/api/conversations', buyerCookie, { productId: laptop.id });
  const { conversationId } = started.json<{ conversationId: string }>();
  const send = async (body: string) => {
    const sent = await call('POST', `/api/conversations/${conversationId}/messages`, buyerCookie, {
      body,
    });
    expect(sent.statusCode).toBe(201);
  };
  return { seller, buyer, sellerCookie, buyerCookie, conversationId, send };
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

/** The mail as read: header lines unfolded, quoted-printable undone. */
function readMail(mail: ReceivedMail | undefined) {
  const raw = mail?.raw ?? '';
  const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
  return {
    headers: head.replace(/\r?\n[ \t]+/g, ' '),
    text: decodeQuotedPrintable(body.join('\n\n')).replace(/\r\n/g, '\n'),
  };
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** Every queued check has run: the jobs of this queue are all done. */
const checksDone = () =>
  count(sql`select count(*)::int as n from pgboss.job
    where name = 'message-email' and state not in ('completed', 'failed', 'cancelled')`);

/** Checks of the thread for the recipient that have run, so "no email" was decided. */
const checksRun = (conversationId: string, recipientId: string) =>
  count(sql`select count(*)::int as n from pgboss.job where name = 'message-email'
    and singleton_key = ${`${conversationId}:${recipientId}`} and state = 'completed'`);

/**
 * The queue starts after the app is ready; a message sent before that queues no check.
 * Sends until one is queued, so each test's messages are.
 */
async function queueRunning() {
  const { seller, conversationId, send } = await conversation();
  const key = `${conversationId}:${seller.id}`;
  for (let tries = 0; tries < 19; tries++) {
    await send('Warming up');
    const queued = await count(
      sql`select count(*)::int as n from pgboss.job where singleton_key = ${key}`,
    );
    if (queued > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the job queue did not start');
}

describe('a message left unread', () => {
  it('is emailed once for a burst: the text, the link, the one-click unsubscribe', async () => {
    const { seller, conversationId, send } = await conversation();
    await send('Is the battery original?');
    await send('Also: <b>does it come with the charger</b>? See evil.example/x');
    await send('Thanks!');

    await expect.poll(() => mailsTo(seller.email).length, patiently).toBe(1);
    await expect.poll(checksDone, patiently).toBe(0);
    expect(mailsTo(seller.email)).toHaveLength(1);
    // One check was queued for the three: the others found it waiting.
    expect(await checksRun(conversationId, seller.id)).toBe(1);

    const { headers, text } = readMail(mailsTo(seller.email)[0]);
    expect(headers).toMatch(/^Subject: Ben Buyer wrote to you about ThinkPad X1$/m);
    expect(headers).toMatch(/^Content-Type: text\/plain/m);
    const token = unsubscribeToken(secret, seller.id);
    const unsubscribeUrl = `http://localhost:3000/api/unsubscribe/messages?token=${token}`;
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(text).toContain('> Is the battery original?');
    // As text: the tags stay visible words, and an address is no link.
    expect(text).toContain('> Also: <b>does it come with the charger</b>? See evil[.]example/x');
    expect(text).toContain('> Thanks!');
    expect(text).toContain(
      `Read and answer: http://localhost:3000/dashboard/messages/${conversationId}`,
    );
    expect(text).toContain(`Stop these emails: ${unsubscribeUrl}`);
  });

  it('is emailed again only after the thread was read', async () => {
    const { seller, sellerCookie, conversationId, send } = await conversation();
    await send('First question');
    await expect.poll(() => mailsTo(seller.email).length, patiently).toBe(1);

    // Still unread: the same spell, no second email.
    await send('Are you there?');
    await expect.poll(checksDone, patiently).toBe(0);
    expect(mailsTo(seller.email)).toHaveLength(1);

    await call('POST', `/api/conversations/${conversationId}/read`, sellerCookie);
    await send('One more thing');
    await expect.poll(() => mailsTo(seller.email).length, patiently).toBe(2);
    const { text } = readMail(mailsTo(seller.email)[1]);
    expect(text).toContain('> One more thing');
    expect(text).not.toContain('First question');
  });

  it('read before the delay is not emailed', async () => {
    const { seller, sellerCookie, conversationId, send } = await conversation();
    await send('Quick question');
    await call('POST', `/api/conversations/${conversationId}/read`, sellerCookie);

    await expect.poll(() => checksRun(conversationId, seller.id), patiently).toBe(1);
    expect(mailsTo(seller.email)).toHaveLength(0);
  });

  it('is not emailed to someone who turned the emails off in their profile', async () => {
    const { seller, sellerCookie, conversationId, send } = await conversation();
    expect((await call('GET', '/api/settings', sellerCookie)).json<Settings>()).toEqual({
      messageEmails: true,
    });
    const saved = await call('PATCH', '/api/settings', sellerCookie, { messageEmails: false });
    expect(saved.json<Settings>()).toEqual({ messageEmails: false });
    expect((await call('GET', '/api/settings', sellerCookie)).json<Settings>()).toEqual({
      messageEmails: false,
    });
    expect(
      (await call('PATCH', '/api/settings', sellerCookie, { messageEmails: 'no' })).statusCode,
    ).toBe(400);

    await send('Hello?');
    await expect.poll(() => checksRun(conversationId, seller.id), patiently).toBe(1);
    expect(mailsTo(seller.email)).toHaveLength(0);
  });
});

describe('the unsubscribe link', () => {
  it('turns the emails off with one POST, as a mail app sends it; opening it changes nothing', async () => {
    const { seller, sellerCookie, conversationId, send } = await conversation();
    const url = `/api/unsubscribe/messages?token=${unsubscribeToken(secret, seller.id)}`;
    const settings = async () =>
      (await call('GET', '/api/settings', sellerCookie)).json<Settings>().messageEmails;

    // A mail scanner following the link, or the person opening it: a page with a button.
    const opened = await call('GET', url);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.body).toContain('<form method="post"');
    expect(await settings()).toBe(true);

    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('You will get no more emails about new messages');
    expect(await settings()).toBe(false);
    expect((await oneClick()).statusCode).toBe(200);
    expect((await call('GET', url)).body).toContain('Emails about new messages are off');

    await send('Anyone?');
    await expect.poll(() => checksRun(conversationId, seller.id), patiently).toBe(1);
    expect(mailsTo(seller.email)).toHaveLength(0);
  });

  it('refuses a forged or altered token with a 400, and changes nothing', async () => {
    const { seller, buyer, sellerCookie } = await conversation();
    const forged = [
      // Signed with another secret.
      unsubscribeToken('another-secret-that-is-long-enough-too', seller.id),
      // Someone else's signature on the seller's id.
      `${Buffer.from(seller.id).toString('base64url')}.${unsubscribeToken(secret, buyer.id).split('.')[1]}`,
      // The raw id.
      seller.id,
    ];
    for (const token of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await call(
          method,
          `/api/unsubscribe/messages?token=${encodeURIComponent(token)}`,
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'BAD_TOKEN' } });
      }
    }
    expect((await call('GET', '/api/settings', sellerCookie)).json<Settings>()).toEqual({
      messageEmails: true,
    });
  });
});

describe('the email of an unread spell', () => {
  const log = pino({ level: 'silent' });
  const deps = (mailer: Mailer): AwayEmailDeps => ({
    db: t.database.db,
    mailer,
    publicUrl: 'http://localhost:3000',
    secret,
  });
  const counting = () => {
    const sent: string[] = [];
    const texts: string[] = [];
    const mailer: Mailer = {
      send: async (mail) => {
        sent.push(mail.to);
        texts.push(mail.text);
      },
      describe: () => '',
    };
    return { sent, texts, mailer };
  };

  /** A message written straight to the table: no check is queued, these tests make their own. */
  const unread = async (body: string, image?: string) => {
    const thread = await conversation();
    await t.database.db
      .insert(messages)
      .values({ conversationId: thread.conversationId, senderId: thread.buyer.id, body, image });
    return thread;
  };

  it('is not sent once either person blocked the other', async () => {
    const { seller, sellerCookie, conversationId } = await unread('Buy my other laptops!');
    const blocked = await call('POST', `/api/conversations/${conversationId}/block`, sellerCookie);
    expect(blocked.statusCode).toBeLessThan(300);
    const { sent, mailer } = counting();
    const job = { conversationId, recipientId: seller.id };
    expect(await emailIfStillUnread(deps(mailer), job, log)).toBe(false);
    expect(sent).toEqual([]);
  });

  it('says a photo was sent, and leaves the photo in the thread', async () => {
    const { seller, conversationId } = await unread('', '/api/images/photo.webp');
    const { texts, mailer } = counting();
    expect(
      await emailIfStillUnread(deps(mailer), { conversationId, recipientId: seller.id }, log),
    ).toBe(true);
    expect(texts[0]).toContain('> (a photo)');
    expect(texts[0]).not.toContain('photo.webp');
  });

  it('goes once when two instances, or a restarted one, check the same thread', async () => {
    const { seller, conversationId } = await unread('Is it still for sale?');
    const { sent, mailer } = counting();
    const job = { conversationId, recipientId: seller.id };

    const both = await Promise.all([
      emailIfStillUnread(deps(mailer), job, log),
      emailIfStillUnread(deps(mailer), job, log),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await emailIfStillUnread(deps(mailer), job, log)).toBe(false);
    expect(sent.filter((to) => to === seller.email)).toHaveLength(1);
  });

  it('is tried again when the mail server fails', async () => {
    const { seller, conversationId } = await unread('Can I see it tomorrow?');
    const job = { conversationId, recipientId: seller.id };
    const down: Mailer = {
      send: async () => {
        throw new Error('connection refused');
      },
      describe: () => '',
    };

    await expect(emailIfStillUnread(deps(down), job, log)).rejects.toThrow('connection refused');
    const { sent, mailer } = counting();
    expect(await emailIfStillUnread(deps(mailer), job, log)).toBe(true);
    expect(sent).toEqual([seller.email]);
  });
});
