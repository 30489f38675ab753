/**
 * Saved laptops: saving and removing (idempotent), the list with each laptop's state,
 * the limit and refusals; and their emails through the job queue and a real SMTP server:
 * a price drop is emailed once to each saver, a raise is not, a booking by someone else
 * once, edits in a burst make one email, and the one-click unsubscribe turns them off.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavouriteIds, FavouriteList } from '@laptops/shared/favourites';
import { MAX_FAVOURITES } from '@laptops/shared/favourites';
import { favourites } from '../../db/schema/favourites.ts';
import { products } from '../../db/schema/products.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { decodeQuotedPrintable, startSmtpSink, type ReceivedMail } from '../../test/smtp-sink.ts';
import {
  createTestContext,
  signIn,
  testAuthSecret,
  type TestContext,
} from '../../test/test-app.ts';
import { createJobSender } from '../jobs/job-queue.ts';
import { createMailer } from '../../lib/mailer.ts';
import { unsubscribeToken } from '../users/unsubscribe-token.ts';
import { emailSavedLaptopNews, FAVOURITE_LIST } from './favourite-alerts.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let categoryId: string;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext(
    { SMTP_URL: smtp.url, FAVOURITE_EMAIL_DELAY_MINUTES: '0.03', FAVOURITE_EMAILS_PER_DAY: '3' },
    { runJobs: true },
  );
  categoryId = (await createCategory(t.database.db)).id;
  await queueRunning();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const patiently = { timeout: 30_000, interval: 200 };

const call = (
  method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function person(typeOfUser: 'buyer' | 'seller' | 'admin' = 'buyer', name?: string) {
  const user = await createUser(t.database.db, { typeOfUser, ...(name ? { name } : {}) });
  return { user, cookie: await signIn(t.app, user.email, user.password) };
}

async function listing(name = 'HP EliteBook 840', priceCents = 65000) {
  const seller = await person('seller', 'Sara Seller');
  const laptop = await createProduct(t.database.db, {
    sellerId: seller.user.id,
    categoryId,
    name,
    resalePriceCents: priceCents,
  });
  return { seller, laptop };
}

const save = (cookie: string, id: string) => call('PUT', `/api/favourites/${id}`, cookie);
const setPrice = (cookie: string, id: string, resalePrice: number) =>
  call('PATCH', `/api/myProducts/${id}`, cookie, { resalePrice });

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

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

/** Every queued job of saved laptops has run (but those waiting for tomorrow's emails). */
const jobsDone = () =>
  count(sql`select count(*)::int as n from pgboss.job
    where name in ('favourite-laptop-news', 'favourite-email')
      and state not in ('completed', 'failed', 'cancelled')
      and start_after < now() + interval '1 hour'`);

/** The queue starts after the app is ready: lower a price until a job is queued. */
async function queueRunning() {
  const { seller, laptop } = await listing('Warm-up laptop', 90000);
  for (let tries = 0; tries < 20; tries++) {
    await setPrice(seller.cookie, laptop.id, 800 - tries);
    const queued = await count(
      sql`select count(*)::int as n from pgboss.job where singleton_key = ${laptop.id}`,
    );
    if (queued > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the job queue did not start');
}

describe('saving laptops', () => {
  it('saves and removes idempotently; the ids and the list show it, newest first', async () => {
    const buyer = await person();
    const first = await listing('HP ProBook 450');
    const second = await listing('HP Envy 13', 80000);

    const saved = await save(buyer.cookie, first.laptop.id);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ productId: first.laptop.id, saved: true });
    expect((await save(buyer.cookie, first.laptop.id)).json()).toEqual({
      productId: first.laptop.id,
      saved: true,
    });
    await save(buyer.cookie, second.laptop.id);

    const ids = await call('GET', '/api/favourites/ids', buyer.cookie);
    expect(ids.json<FavouriteIds>()).toEqual({
      productIds: [second.laptop.id, first.laptop.id],
    });
    const list = (await call('GET', '/api/favourites', buyer.cookie)).json<FavouriteList>();
    expect(list.favourites.map((f) => [f.product.name, f.state, f.savedPrice])).toEqual([
      ['HP Envy 13', 'for-sale', 800],
      ['HP ProBook 450', 'for-sale', 650],
    ]);

    for (let i = 0; i < 2; i++) {
      const removed = await call('DELETE', `/api/favourites/${first.laptop.id}`, buyer.cookie);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ productId: first.laptop.id, saved: false });
    }
    expect((await call('GET', '/api/favourites/ids', buyer.cookie)).json()).toEqual({
      productIds: [second.laptop.id],
    });
  });

  it('shows a sold laptop as sold, a withdrawn one as no longer listed, and the price then', async () => {
    const buyer = await person();
    const sold = await listing('HP Spectre x360');
    const withdrawn = await listing('HP Pavilion 15');
    const cheaper = await listing('HP ZBook', 100000);
    for (const { laptop } of [sold, withdrawn, cheaper]) await save(buyer.cookie, laptop.id);
    const db = t.database.db;
    await db
      .update(products)
      .set({ status: 'sold' })
      .where(sql`${products.id} = ${sold.laptop.id}`);
    await db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(sql`${products.id} = ${withdrawn.laptop.id}`);
    expect((await setPrice(cheaper.seller.cookie, cheaper.laptop.id, 900)).statusCode).toBe(200);

    const list = (await call('GET', '/api/favourites', buyer.cookie)).json<FavouriteList>();
    const byName = Object.fromEntries(list.favourites.map((f) => [f.product.name, f]));
    expect(byName['HP Spectre x360']?.state).toBe('sold');
    expect(byName['HP Pavilion 15']?.state).toBe('removed');
    expect(byName['HP ZBook']).toMatchObject({
      state: 'for-sale',
      savedPrice: 1000,
      product: { resalePrice: 900 },
    });
  });

  it('refuses sold and missing laptops, and anyone but a buyer', async () => {
    const { seller, laptop } = await listing();
    const other = await listing('HP Chromebook');
    const bySeller = await save(seller.cookie, other.laptop.id);
    expect(bySeller.statusCode).toBe(403);

    const buyer = await person();
    const soldOne = await createProduct(t.database.db, {
      sellerId: seller.user.id,
      categoryId,
      status: 'sold',
    });
    expect((await save(buyer.cookie, soldOne.id)).json()).toMatchObject({
      error: { code: 'PRODUCT_SOLD', message: 'This laptop has been sold, so it cannot be saved.' },
    });
    const missing = await save(buyer.cookie, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const notAnId = await save(buyer.cookie, 'not-an-id');
    expect(notAnId.statusCode).toBe(400);

    const admin = await person('admin');
    expect((await save(admin.cookie, laptop.id)).statusCode).toBe(403);
    expect((await call('GET', '/api/favourites', admin.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/favourites')).statusCode).toBe(401);
    expect((await call('PUT', `/api/favourites/${laptop.id}`)).statusCode).toBe(401);
  });

  it(`stops at ${MAX_FAVOURITES} laptops with a clear refusal`, async () => {
    const buyer = await person();
    const { seller } = await listing();
    const db = t.database.db;
    // Saved straight into the table: 500 requests would only be slower.
    const many = await db
      .insert(products)
      .values(
        Array.from({ length: MAX_FAVOURITES }, (_, i) => ({
          sellerId: seller.user.id,
          categoryId,
          name: `HP bulk ${i}`,
          image: '/api/images/missing.webp',
          location: 'Austin, TX',
          description: 'A laptop.',
          conditionType: 'Good' as const,
          mobileNumber: '+1 512 555 0100',
          originalPriceCents: 100000,
          resalePriceCents: 50000,
          yearsOfUse: 1,
        })),
      )
      .returning({ id: products.id });
    await db.insert(favourites).values(
      many.map(({ id }) => ({
        userId: buyer.user.id,
        productId: id,
        savedPriceCents: 50000,
        toldPriceCents: 50000,
      })),
    );
    const one = await createProduct(db, { sellerId: seller.user.id, categoryId });
    const refused = await save(buyer.cookie, one.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'TOO_MANY_FAVOURITES',
        message: `You can save up to ${MAX_FAVOURITES} laptops. Remove some from Saved laptops to save more.`,
      },
    });
    // One already saved is still saved (idempotent), and removing makes room.
    expect((await save(buyer.cookie, many[0]!.id)).statusCode).toBe(200);
    await call('DELETE', `/api/favourites/${many[0]!.id}`, buyer.cookie);
    expect((await save(buyer.cookie, one.id)).statusCode).toBe(200);
  });
});

describe('emails about saved laptops', () => {
  it('emails each saver once when the price drops, with the link and a working unsubscribe', async () => {
    const { seller, laptop } = await listing('HP EliteBook 845 G8', 65000);
    const ann = await person('buyer', 'Ann Saver');
    const bob = await person('buyer', 'Bob Saver');
    await save(ann.cookie, laptop.id);
    await save(bob.cookie, laptop.id);

    expect((await setPrice(seller.cookie, laptop.id, 599.5)).statusCode).toBe(200);
    await expect.poll(() => mailsTo(ann.user.email).length, patiently).toBe(1);
    await expect.poll(() => mailsTo(bob.user.email).length, patiently).toBe(1);
    await expect.poll(jobsDone, patiently).toBe(0);

    // Run again, as after a restart or on a second instance: nothing more is sent.
    const deps = {
      db: t.database.db,
      mailer: createMailer({
        smtpUrl: smtp.url,
        from: 'x@laptops.test',
        outboxDir: t.dataDir,
        log: pino({ level: 'silent' }),
      }),
      sender: createJobSender(),
      publicUrl: 'http://localhost:3000',
      secret: testAuthSecret,
      delayMs: 0,
      perDay: 3,
    };
    const log = pino({ level: 'silent' });
    expect(
      await Promise.all([
        emailSavedLaptopNews(deps, ann.user.id, log),
        emailSavedLaptopNews(deps, ann.user.id, log),
      ]),
    ).toEqual([0, 0]);
    expect(mailsTo(ann.user.email)).toHaveLength(1);

    const { headers, text } = readMail(mailsTo(ann.user.email)[0]);
    expect(headers).toMatch(
      /^Subject: The HP EliteBook 845 G8 you saved is now \$599\.50, was \$650\.00$/m,
    );
    expect(text).toContain('Hello Ann Saver,');
    expect(text).toContain(`See it: http://localhost:3000/laptops/${laptop.id}`);
    const token = unsubscribeToken(testAuthSecret, ann.user.id, FAVOURITE_LIST);
    const unsubscribeUrl = `http://localhost:3000/api/unsubscribe/favourites?token=${token}`;
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(text).toContain(`Stop these emails: ${unsubscribeUrl}`);

    // The link: a page with a button (changes nothing), then the one-click POST.
    const path = `/api/unsubscribe/favourites?token=${token}`;
    const page = await call('GET', path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop emails about saved laptops?');
    expect((await call('GET', '/api/favourite-emails', ann.cookie)).json()).toEqual({
      favouriteEmails: true,
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('You will get no more emails about saved laptops');
    expect((await call('GET', '/api/favourite-emails', ann.cookie)).json()).toEqual({
      favouriteEmails: false,
    });
    // A messages link's token does not work here, nor a made-up one.
    const messagesToken = unsubscribeToken(testAuthSecret, ann.user.id);
    expect(
      (await call('GET', `/api/unsubscribe/favourites?token=${messagesToken}`)).statusCode,
    ).toBe(400);

    // Unsubscribed: the next drop reaches Bob only.
    await setPrice(seller.cookie, laptop.id, 550);
    await expect.poll(() => mailsTo(bob.user.email).length, patiently).toBe(2);
    await expect.poll(jobsDone, patiently).toBe(0);
    expect(mailsTo(ann.user.email)).toHaveLength(1);

    // And the profile's setting turns them back on.
    const on = await call('PUT', '/api/favourite-emails', ann.cookie, { favouriteEmails: true });
    expect(on.json()).toEqual({ favouriteEmails: true });
    await setPrice(seller.cookie, laptop.id, 540);
    await expect.poll(() => mailsTo(ann.user.email).length, patiently).toBe(2);
    // Ann last heard $599.50: the email says so.
    expect(readMail(mailsTo(ann.user.email)[1]).headers).toMatch(/is now \$540\.00, was \$599\.50/);
  });

  it('sends nothing when the price goes up', async () => {
    const { seller, laptop } = await listing('HP Omen 15', 65000);
    const saver = await person();
    await save(saver.cookie, laptop.id);
    expect((await setPrice(seller.cookie, laptop.id, 700)).statusCode).toBe(200);
    // Back down, but not below what the saver was told: still no news.
    expect((await setPrice(seller.cookie, laptop.id, 650)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await expect.poll(jobsDone, patiently).toBe(0);
    expect(mailsTo(saver.user.email)).toHaveLength(0);
  });

  it('makes one email of a seller’s quick edits, with the last price', async () => {
    const { seller, laptop } = await listing('HP Elite Dragonfly', 100000);
    const saver = await person();
    await save(saver.cookie, laptop.id);
    await setPrice(seller.cookie, laptop.id, 950);
    await setPrice(seller.cookie, laptop.id, 900);
    await expect.poll(() => mailsTo(saver.user.email).length, patiently).toBe(1);
    await expect.poll(jobsDone, patiently).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mailsTo(saver.user.email)).toHaveLength(1);
    expect(readMail(mailsTo(saver.user.email)[0]).headers).toMatch(
      /is now \$900\.00, was \$1,000\.00/,
    );
  });

  it('tells each saver once that another buyer booked it, not the buyer who booked', async () => {
    const { laptop } = await listing('HP EliteBook 1040', 70000);
    const saver = await person('buyer', 'Sam Saver');
    const booker = await person();
    const secondBooker = await person();
    await save(saver.cookie, laptop.id);
    await save(booker.cookie, laptop.id);
    const body = { productId: laptop.id, meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' };
    expect((await call('POST', '/api/myOrders', booker.cookie, body)).statusCode).toBe(201);
    await expect.poll(() => mailsTo(saver.user.email).length, patiently).toBe(1);
    const { headers, text } = readMail(mailsTo(saver.user.email)[0]);
    expect(headers).toMatch(/^Subject: The HP EliteBook 1040 you saved may be sold soon$/m);
    expect(text).toContain('Another buyer has booked "HP EliteBook 1040", so it may be sold soon.');

    // A second booking: no second email to the saver. The booker saved it too: the
    // second booking is news to them (someone else booked), once.
    expect((await call('POST', '/api/myOrders', secondBooker.cookie, body)).statusCode).toBe(201);
    await expect.poll(() => mailsTo(booker.user.email).length, patiently).toBe(1);
    await expect.poll(jobsDone, patiently).toBe(0);
    expect(mailsTo(saver.user.email)).toHaveLength(1);
  });

  it(`sends at most 3 emails a person a day; more news waits`, async () => {
    const saver = await person();
    const laptops = [];
    for (let i = 0; i < 4; i++) laptops.push(await listing(`HP Stream ${i}`, 30000));
    for (const { laptop } of laptops) await save(saver.cookie, laptop.id);
    for (const { seller, laptop } of laptops) {
      await setPrice(seller.cookie, laptop.id, 250);
      await expect.poll(jobsDone, patiently).toBe(0);
    }
    // Each drop came after the last email went: four emails were due, three went.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mailsTo(saver.user.email)).toHaveLength(3);
    const waiting = await count(sql`select count(*)::int as n from pgboss.job
      where name = 'favourite-email' and singleton_key = ${saver.user.id} and state = 'created'
        and start_after > now() + interval '23 hours'`);
    expect(waiting).toBe(1);
  }, 90_000);
});
