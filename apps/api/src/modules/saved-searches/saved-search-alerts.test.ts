/**
 * Saved-search alerts: a listing posted through the app is matched on the job queue and
 * emailed through a real SMTP server (SAVED_SEARCH_ALERT_DELAY_MINUTES here 0.6 s); the
 * same work run again sends nothing more; daily digests batch; a seller is never told
 * of their own listing; the unsubscribe link stops a search's emails.
 */
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearch } from '@laptops/shared/saved-searches';
import {
  createCategory,
  createProduct,
  createUser,
  type ProductInput,
} from '../../db/seed/factories.ts';
import { createMailer } from '../../lib/mailer.ts';
import { buyingKit, type Intent } from '../../test/buying-kit.ts';
import { postProduct } from '../../test/post-product.ts';
import { decodeQuotedPrintable, startSmtpSink, type ReceivedMail } from '../../test/smtp-sink.ts';
import {
  createTestContext,
  signIn,
  testAuthSecret,
  TEST_PUBLIC_URL,
  type TestContext,
} from '../../test/test-app.ts';
import {
  INSTANT_EMAILS_PER_DAY,
  matchAndQueue,
  sendAlerts,
  sendDigests,
  unsubscribeUrl,
  type AlertDeps,
} from './saved-search-alerts.ts';

const log = pino({ level: 'silent' });
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let hp: { id: string };
let dell: { id: string };
/** The jobs' work, called directly: as a second run, or a run on another instance. */
let deps: AlertDeps;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext(
    { SMTP_URL: smtp.url, SAVED_SEARCH_ALERT_DELAY_MINUTES: '0.01' },
    { runJobs: true },
  );
  hp = await createCategory(t.database.db, { name: 'HP' });
  dell = await createCategory(t.database.db, { name: 'Dell' });
  deps = {
    db: t.database.db,
    mailer: createMailer({ smtpUrl: smtp.url, from: 'test@laptops.test', outboxDir: '', log }),
    publicUrl: TEST_PUBLIC_URL,
    secret: testAuthSecret,
    delayMs: 0,
  };
  await queueRunning();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const patiently = { timeout: 30_000, interval: 200 };

async function person(typeOfUser: 'buyer' | 'seller' = 'buyer') {
  const user = await createUser(t.database.db, { typeOfUser, name: `Pat ${typeOfUser}` });
  return { user, cookie: await signIn(t.app, user.email, user.password) };
}

async function saveSearch(cookie: string, filters: Record<string, string>, frequency = 'instant') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: { cookie },
    payload: { filters, frequency },
  });
  expect(response.statusCode).toBe(201);
  return response.json<SavedSearch>();
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

const utf8 = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8');

/** The mail as read: header lines unfolded, encoded words and quoted-printable undone. */
function readMail(mail: ReceivedMail | undefined) {
  const raw = mail?.raw ?? '';
  const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
  return {
    headers: head
      .replace(/\r?\n[ \t]+/g, ' ')
      .replace(/\?= =\?UTF-8\?Q\?/g, '')
      .replace(/=\?UTF-8\?Q\?([^?]*)\?=/g, (_, word: string) =>
        utf8(decodeQuotedPrintable(word.replaceAll('_', ' '))),
      ),
    text: utf8(decodeQuotedPrintable(body.join('\n\n'))).replace(/\r\n/g, '\n'),
  };
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** Every job of the saved-search queues has run. */
const jobsDone = () =>
  count(sql`select count(*)::int as n from pgboss.job
    where name like 'saved-search-%' and name <> 'saved-search-digest'
      and state not in ('completed', 'failed', 'cancelled')`);

const matchJobsRun = (productId: string) =>
  count(sql`select count(*)::int as n from pgboss.job
    where name = 'saved-search-match' and singleton_key = ${productId} and state = 'completed'`);

/** The queue starts after the app is ready: posts until a listing's match job is queued. */
async function queueRunning() {
  const seller = await person('seller');
  for (let tries = 0; tries < 30; tries++) {
    const posted = await postProduct(t.app, seller.cookie, { name: 'Warm-up', category: dell.id });
    const id = posted.json<{ insertedId: string }>().insertedId;
    const queued = await count(
      sql`select count(*)::int as n from pgboss.job where singleton_key = ${id}`,
    );
    if (queued > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the job queue did not start');
}

describe('an instant alert', () => {
  it('is emailed once for a matching listing: the laptop, the links, one-click unsubscribe', async () => {
    const buyer = await person();
    const seller = await person('seller');
    const search = await saveSearch(buyer.cookie, {
      q: 'Quokkabook',
      category: hp.id,
      maxPrice: '600',
    });
    const posted = await postProduct(t.app, seller.cookie, {
      name: 'HP Quokkabook 14 G9',
      category: hp.id,
    });
    const productId = posted.json<{ insertedId: string }>().insertedId;

    await expect.poll(() => mailsTo(buyer.user.email).length, patiently).toBe(1);
    await expect.poll(jobsDone, patiently).toBe(0);
    // The job run again, here or on another instance: nothing more is sent.
    await matchAndQueue(deps, productId);
    expect(await sendAlerts(deps, buyer.user.id, 'instant', log)).toBe(0);
    expect(await sendDigests(deps, log)).toBe(0);
    expect(mailsTo(buyer.user.email)).toHaveLength(1);

    const { headers, text } = readMail(mailsTo(buyer.user.email)[0]);
    expect(headers).toMatch(/^Subject: A new laptop for “Quokkabook” · HP · under \$600$/m);
    const unsubscribe = unsubscribeUrl(deps, buyer.user.id, [search.id]);
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(text).toContain('• HP Quokkabook 14 G9, $500');
    expect(text).toContain(`${TEST_PUBLIC_URL}/laptops/${productId}`);
    expect(text).toContain(
      `See all results: ${TEST_PUBLIC_URL}/search?q=Quokkabook&category=${hp.id}&maxPrice=600`,
    );
    expect(text).toContain(`Manage your alerts: ${TEST_PUBLIC_URL}/dashboard/saved-searches`);
    expect(text).toContain(`Stop emails for this search: ${unsubscribe}`);
  });

  it('is not sent for a listing that does not match', async () => {
    const buyer = await person();
    const seller = await person('seller');
    await saveSearch(buyer.cookie, { q: 'Wombatbook', category: hp.id, maxPrice: '400' });
    // Over the price, another brand, another word.
    const posted = [
      await postProduct(t.app, seller.cookie, { name: 'HP Wombatbook', category: hp.id }),
      await postProduct(t.app, seller.cookie, { name: 'Dell Wombatbook', category: dell.id }),
      await postProduct(t.app, seller.cookie, {
        name: 'HP Elitebook',
        category: hp.id,
        resalePrice: 300,
      } as never),
    ].map((response) => response.json<{ insertedId: string }>().insertedId);
    for (const id of posted) await expect.poll(() => matchJobsRun(id), patiently).toBe(1);
    await expect.poll(jobsDone, patiently).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from saved_search_matches
        where user_id = ${buyer.user.id}`),
    ).toBe(0);
    expect(mailsTo(buyer.user.email)).toHaveLength(0);
  });

  it('matches the words as search reads them: case, plurals, any order', async () => {
    const buyer = await person();
    const seller = await person('seller');
    await saveSearch(buyer.cookie, { q: 'GAMING numbats' });
    const laptop = await createProduct(t.database.db, {
      sellerId: seller.user.id,
      categoryId: dell.id,
      name: 'Numbat 15 gaming laptop',
    });
    await matchAndQueue(deps, laptop.id);
    expect(await sendAlerts(deps, buyer.user.id, 'instant', log)).toBe(1);
  });

  it('keeps the "checked by the laptop" filters: only such listings match', async () => {
    const buyer = await person();
    const seller = await person('seller');
    await saveSearch(buyer.cookie, { q: 'Quollbook', deviceSpecs: 'true' });
    await saveSearch(buyer.cookie, { q: 'Quollbook', serialChecked: 'true' });
    const fromReport = Object.fromEntries(
      ['cpuModel', 'ramGb', 'storageGb', 'batteryHealth'].map((key) => [key, 'device-report']),
    ) as Record<string, 'device-report'>;
    const listed = async (extra: Partial<ProductInput>) => {
      const laptop = await createProduct(t.database.db, {
        sellerId: seller.user.id,
        categoryId: hp.id,
        name: `HP Quollbook ${Math.random().toString(36).slice(2, 8)}`,
        ...extra,
      });
      await matchAndQueue(deps, laptop.id);
      return laptop.id;
    };
    const plain = await listed({});
    const reported = await listed({ specSources: fromReport });
    const serial = await listed({ serialHash: `hash-${Math.random().toString(36).slice(2)}` });
    const matched = async (productId: string) =>
      count(sql`select count(*)::int as n from saved_search_matches m
        join saved_searches s on s.id = m.saved_search_id
        where m.product_id = ${productId} and s.user_id = ${buyer.user.id}`);
    // Each listing meets only the search that asks for what it has.
    expect(await matched(plain)).toBe(0);
    expect(await matched(reported)).toBe(1);
    expect(await matched(serial)).toBe(1);
    // One email, each search named with its filters in words, its laptop under it.
    expect(await sendAlerts(deps, buyer.user.id, 'instant', log)).toBe(2);
    expect(mailsTo(buyer.user.email)).toHaveLength(1);
    const { headers, text } = readMail(mailsTo(buyer.user.email)[0]);
    expect(headers).toMatch(/^Subject: 2 new laptops for your saved searches$/m);
    expect(text).toContain('“Quollbook” · device-reported specs');
    expect(text).toContain('“Quollbook” · serial checked');
  });

  it('never tells a seller of their own listing', async () => {
    const seller = await person('seller');
    await saveSearch(seller.cookie, { q: 'Bilbybook' });
    const posted = await postProduct(t.app, seller.cookie, {
      name: 'HP Bilbybook',
      category: hp.id,
    });
    const id = posted.json<{ insertedId: string }>().insertedId;
    await expect.poll(() => matchJobsRun(id), patiently).toBe(1);
    await matchAndQueue(deps, id);
    expect(await sendDigests(deps, log)).toBe(0);
    expect(mailsTo(seller.user.email)).toHaveLength(0);
  });

  it('lists every laptop matched meanwhile in one email, up to the day’s cap', async () => {
    const buyer = await person();
    const seller = await person('seller');
    await saveSearch(buyer.cookie, { q: 'Dunnart' });
    await saveSearch(buyer.cookie, { q: 'Dunnart', category: dell.id });
    for (const name of ['Dunnart One', 'Dunnart Two']) {
      const laptop = await createProduct(t.database.db, {
        sellerId: seller.user.id,
        categoryId: dell.id,
        name,
      });
      await matchAndQueue(deps, laptop.id);
    }
    // Two laptops for each of two searches: four matches, one email.
    expect(await sendAlerts(deps, buyer.user.id, 'instant', log)).toBe(4);
    expect(mailsTo(buyer.user.email)).toHaveLength(1);
    const { headers, text } = readMail(mailsTo(buyer.user.email)[0]);
    expect(headers).toMatch(/^Subject: 4 new laptops for your saved searches$/m);
    expect(text).toContain('“Dunnart” · Dell');
    expect(text.match(/Dunnart Two/g)).toHaveLength(2);

    // At the cap, matches wait for the daily digest instead.
    await t.database.db.execute(sql`insert into saved_search_mails (user_id, kind)
      select ${buyer.user.id}, 'instant' from generate_series(1, ${INSTANT_EMAILS_PER_DAY})`);
    const third = await createProduct(t.database.db, {
      sellerId: seller.user.id,
      categoryId: dell.id,
      name: 'Dunnart Three',
    });
    await matchAndQueue(deps, third.id);
    expect(await sendAlerts(deps, buyer.user.id, 'instant', log)).toBe(0);
    expect(await sendDigests(deps, log)).toBe(1);
    expect(mailsTo(buyer.user.email)).toHaveLength(2);
  });
});

describe('a laptop back for sale', () => {
  it('is matched again when its seller cancels a paid deal', async () => {
    const kit = buyingKit(t);
    const { seller, product } = await kit.laptop(70_000, 'Antechinus 13 Pro');
    const buyer = await kit.bookedBy(product.id, 'Bea Buyer');
    const intent = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<Intent>();
    expect((await kit.confirm(intent)).statusCode).toBe(200);
    expect((await kit.record(buyer.cookie, buyer.orderId, intent.paymentIntentId)).statusCode).toBe(
      201,
    );
    // Saved while the laptop is sold: nothing to match yet.
    const watcher = await person();
    await saveSearch(watcher.cookie, { q: 'Antechinus' });

    const cancelled = await kit.call(
      'POST',
      `/api/orders/${buyer.orderId}/seller-cancel`,
      seller.cookie,
    );
    expect(cancelled.statusCode).toBe(200);
    await expect.poll(() => mailsTo(watcher.user.email).length, patiently).toBe(1);
    expect(readMail(mailsTo(watcher.user.email)[0]).text).toContain('Antechinus 13 Pro');
  });
});

describe('the daily digest', () => {
  it('sends each person one email of the day’s matches, per search, once', async () => {
    const buyer = await person();
    const seller = await person('seller');
    await saveSearch(buyer.cookie, { q: 'Possum' }, 'daily');
    await saveSearch(buyer.cookie, { q: 'Glider', maxPrice: '900' }, 'daily');
    for (const name of ['Possum Pro', 'Possum Air', 'Glider X']) {
      const laptop = await createProduct(t.database.db, {
        sellerId: seller.user.id,
        categoryId: dell.id,
        name,
      });
      await matchAndQueue(deps, laptop.id);
    }
    // Daily searches get no instant email.
    expect(await sendAlerts(deps, buyer.user.id, 'instant', log)).toBe(0);
    expect(await sendDigests(deps, log)).toBeGreaterThanOrEqual(1);
    expect(mailsTo(buyer.user.email)).toHaveLength(1);
    const { headers, text } = readMail(mailsTo(buyer.user.email)[0]);
    expect(headers).toMatch(/^Subject: Today’s saved search digest: 3 new laptops$/m);
    const possum = text.indexOf('“Possum”');
    const glider = text.indexOf('“Glider” · under $900');
    expect(possum).toBeGreaterThan(-1);
    expect(glider).toBeGreaterThan(possum);
    expect(text.slice(possum, glider)).toContain('Possum Pro');
    expect(text.slice(possum, glider)).toContain('Possum Air');
    expect(text.slice(glider)).toContain('Glider X');
    // The next day's run has nothing new for them.
    await sendDigests(deps, log);
    expect(mailsTo(buyer.user.email)).toHaveLength(1);
  });

  it('leaves out a laptop sold since it matched', async () => {
    const buyer = await person();
    const seller = await person('seller');
    await saveSearch(buyer.cookie, { q: 'Quoll' }, 'daily');
    const laptop = await createProduct(t.database.db, {
      sellerId: seller.user.id,
      categoryId: dell.id,
      name: 'Quoll 13',
    });
    await matchAndQueue(deps, laptop.id);
    await t.database.db.execute(sql`update products set status = 'sold' where id = ${laptop.id}`);
    await sendDigests(deps, log);
    expect(mailsTo(buyer.user.email)).toHaveLength(0);
  });
});

describe('the unsubscribe link', () => {
  it('stops that search’s emails with one POST; opening it changes nothing', async () => {
    const buyer = await person();
    const seller = await person('seller');
    const stopped = await saveSearch(buyer.cookie, { q: 'Echidna' });
    const kept = await saveSearch(buyer.cookie, { q: 'Platypus' });
    const url = unsubscribeUrl(deps, buyer.user.id, [stopped.id]).slice(TEST_PUBLIC_URL.length);

    const opened = await t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<form method="post"');
    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick()).statusCode).toBe(200);
    expect((await oneClick()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).body).toContain('These alerts are off');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/saved-searches',
      headers: { cookie: buyer.cookie },
    });
    expect(list.json<{ savedSearches: SavedSearch[] }>().savedSearches).toMatchObject([
      { id: stopped.id, emailsOff: true },
      { id: kept.id, emailsOff: false },
    ]);

    const laptop = await createProduct(t.database.db, {
      sellerId: seller.user.id,
      categoryId: dell.id,
      name: 'Echidna Platypus 14',
    });
    await matchAndQueue(deps, laptop.id);
    expect(await sendAlerts(deps, buyer.user.id, 'instant', log)).toBe(1);
    const { text } = readMail(mailsTo(buyer.user.email)[0]);
    expect(text).toContain('“Platypus”');
    expect(text).not.toContain('“Echidna”');
  });

  it('refuses a link made for another search or person', async () => {
    const buyer = await person();
    const other = await person();
    const mine = await saveSearch(buyer.cookie, { q: 'Bandicoot' });
    const theirs = await saveSearch(other.cookie, { q: 'Bandicoot' });
    const token = new URL(unsubscribeUrl(deps, buyer.user.id, [mine.id])).searchParams.get('token');
    for (const ids of [theirs.id, `${mine.id},${theirs.id}`, 'nope']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe/saved-searches?ids=${ids}&token=${token}`,
      });
      expect(response.statusCode).toBe(400);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/saved-searches',
      headers: { cookie: other.cookie },
    });
    expect(list.json()).toMatchObject({ savedSearches: [{ emailsOff: false }] });
  });
});
