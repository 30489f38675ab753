import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { contactMessages } from '../db/schema/contact-messages.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { products } from '../db/schema/products.ts';
import { sandboxPaymentIntents } from '../db/schema/sandbox-payment-intents.ts';
import { createCategory, createProduct, createUser } from '../db/seed/factories.ts';
import { openEventStream } from './event-stream.ts';
import { multipartBody } from './multipart.ts';
import { startS3Server } from './s3-server.ts';
import { resetTokenIn, startSmtpSink } from './smtp-sink.ts';
import { hasPostgresServer, hasRedisServer, testPostgresUrl, testRedisUrl } from './services.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * Scale-out, end to end: two real API processes (as two machines behind
 * a proxy would run) on one PostgreSQL database, one S3 bucket and one Redis.
 */

const PG_URL = testPostgresUrl;
const REDIS_URL = testRedisUrl;
/** The address people use: the proxy in front of both instances. */
const PUBLIC_URL = 'http://localhost:3000';
const SIGN_IN_LIMIT_PER_ACCOUNT = 5;
/** Per address per endpoint; every call here comes from 127.0.0.1. */
const AUTH_LIMIT_PER_IP = 200;

const hasPostgres = await hasPostgresServer('The scale-out tests');
const hasRedis = hasPostgres && (await hasRedisServer('The scale-out rate-limit tests'));

type Instance = ServerProcess & { name: string };

/** Starts `node src/server.ts` as production would, with its own DATA_DIR. */
async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `laptops-${name}-`));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const server = await startServerProcess({ ...env, DATA_DIR: dataDir }, { timeoutMs: 45_000 });
  // Should this test's worker die, the servers must not outlive it.
  const killOnExit = () => server.child.kill('SIGKILL');
  process.once('exit', killOnExit);
  cleanups.push(async () => {
    process.off('exit', killOnExit);
    // Graceful first; SIGKILL if it has not exited after 5 s.
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
    await server.stop('SIGTERM');
    clearTimeout(timer);
  });
  return { ...server, name };
}

/** Undo steps, run last-in first-out, each one even if another fails. */
const cleanups: (() => Promise<unknown>)[] = [];
let database: Database;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  if (!hasPostgres) return;
  const name = `laptops_scale_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: PG_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const databaseUrl = new URL(PG_URL);
  databaseUrl.pathname = `/${name}`;

  // No separate migration step: both instances start on the empty database at once
  // and take turns to migrate (an advisory lock), as a rolling deploy would.
  database = await openDatabase({ databaseUrl: databaseUrl.toString() });
  cleanups.push(() => database.close());

  s3 = await startS3Server();
  cleanups.push(() => s3.close());
  // One mail server for both, as in production (reset links are read from it).
  smtp = await startSmtpSink();
  cleanups.push(() => smtp.close());

  const redisPrefix = `laptops-scale-test:${randomUUID()}:`;
  cleanups.push(async () => {
    if (!hasRedis) return;
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const env = {
    // Nothing from the shell that would change the setup (an empty value means unset).
    STRIPE_SECRET_KEY: '',
    GOOGLE_CLIENT_ID: '',
    REDIS_URL: '',
    PUBLIC_URL,
    DATABASE_URL: databaseUrl.toString(),
    SEED_DEMO: '0',
    // The same secret on every instance, so each accepts the others' cookies.
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_PER_IP: String(AUTH_LIMIT_PER_IP),
    AUTH_RATE_LIMIT_PER_ACCOUNT: String(SIGN_IN_LIMIT_PER_ACCOUNT),
    ...s3.env,
    ...(hasRedis ? { REDIS_URL, REDIS_KEY_PREFIX: redisPrefix } : {}),
  };
  [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
}, 90_000);

afterAll(async () => {
  const failures: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw new AggregateError(failures, 'scale-out cleanup failed');
}, 60_000);

/** A request as the browser would send it through the proxy (same origin). */
function call(instance: Instance, pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('origin', PUBLIC_URL);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  return fetch(`${instance.url}${pathname}`, { ...init, headers });
}

const postJson = (instance: Instance, pathname: string, body: unknown, cookie?: string) =>
  call(instance, pathname, { method: 'POST', body: JSON.stringify(body), cookie });

async function signIn(instance: Instance, email: string, password: string): Promise<string> {
  const response = await postJson(instance, '/api/auth/sign-in/email', { email, password });
  if (response.status !== 200) {
    throw new Error(
      `sign-in on ${instance.name} failed (${response.status}): ${await response.text()}`,
    );
  }
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function sessionEmail(instance: Instance, cookie: string): Promise<string | null> {
  const response = await call(instance, '/api/auth/get-session', { cookie });
  const session = (await response.json()) as { user: { email: string } } | null;
  return session?.user.email ?? null;
}

describe.skipIf(!hasPostgres)('two API instances on one PostgreSQL', () => {
  it('accepts a session made on one instance on the other, and ends it on both at sign-out', async () => {
    const user = await createUser(database.db, { typeOfUser: 'buyer' });
    const cookie = await signIn(a, user.email, user.password);

    expect(await sessionEmail(b, cookie)).toBe(user.email);
    expect((await call(b, '/api/myOrders', { cookie })).status).toBe(200);

    expect((await postJson(b, '/api/auth/sign-out', {}, cookie)).status).toBe(200);
    expect(await sessionEmail(a, cookie)).toBeNull();
    expect((await call(a, '/api/myOrders', { cookie })).status).toBe(401);
  });

  it('serves an image uploaded through one instance from the other, out of the bucket', async () => {
    const seller = await createUser(database.db, { typeOfUser: 'seller' });
    const cookie = await signIn(b, seller.email, seller.password);
    const png = await sharp({
      create: { width: 120, height: 90, channels: 3, background: '#16a34a' },
    })
      .png()
      .toBuffer();
    const body = multipartBody([
      { name: 'image', filename: 'laptop.png', contentType: 'image/png', data: png },
    ]);
    const upload = await call(b, '/api/images', {
      method: 'POST',
      headers: body.headers,
      body: new Uint8Array(body.payload),
      cookie,
    });
    expect(upload.status).toBe(201);
    const { data } = (await upload.json()) as { data: { url: string } };
    const key = data.url.replace('/api/images/', '');

    const served = await call(a, data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(120);
    const thumbnail = await call(a, data.url.replace('.webp', '-thumb.webp'));
    expect(thumbnail.status).toBe(200);

    // The bytes come from the bucket: neither instance kept a copy on its own disk.
    const inspector = new S3Client({
      endpoint: s3.config.endpoint,
      region: s3.config.region,
      credentials: {
        accessKeyId: s3.config.accessKeyId,
        secretAccessKey: s3.config.secretAccessKey,
      },
      forcePathStyle: true,
    });
    try {
      const object = await inspector.send(
        new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }),
      );
      expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(bytes);
    } finally {
      inspector.destroy();
    }
    expect(a.output() + b.output()).not.toMatch(/"level":50/);
  });

  it('brings a message sent through one instance to an event stream held by the other', async () => {
    const seller = await createUser(database.db, { typeOfUser: 'seller' });
    const buyer = await createUser(database.db, { typeOfUser: 'buyer' });
    const category = await createCategory(database.db);
    const laptop = await createProduct(database.db, {
      sellerId: seller.id,
      categoryId: category.id,
    });
    const sellerCookie = await signIn(b, seller.email, seller.password);
    const buyerCookie = await signIn(a, buyer.email, buyer.password);
    const stream = await openEventStream(b.url, sellerCookie, { origin: PUBLIC_URL });
    expect(stream.status).toBe(200);

    const started = await postJson(a, '/api/conversations', { productId: laptop.id }, buyerCookie);
    const { conversationId } = (await started.json()) as { conversationId: string };
    const sent = await postJson(
      a,
      `/api/conversations/${conversationId}/messages`,
      { body: 'Is it still available?' },
      buyerCookie,
    );
    expect(sent.status).toBe(201);
    const { _id } = (await sent.json()) as { _id: string };
    const arrived = await stream.next((event) => event.type === 'message');
    expect(arrived).toMatchObject({
      id: _id,
      event: { conversationId, message: { body: 'Is it still available?', fromMe: false } },
    });
    stream.close();
  });

  it('sells one laptop once when 20 buyers pay for it through both instances at once', async () => {
    const seller = await createUser(database.db, { typeOfUser: 'seller' });
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, {
      sellerId: seller.id,
      categoryId: category.id,
      resalePriceCents: 72_500,
    });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const user = await createUser(database.db, { typeOfUser: 'buyer' });
        // Every other buyer lands on the other instance, as a proxy would spread them.
        const instance = i % 2 === 0 ? a : b;
        const cookie = await signIn(instance, user.email, user.password);
        const booked = await postJson(
          instance,
          '/api/myOrders',
          { productId: product.id, meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' },
          cookie,
        );
        expect(booked.status).toBe(201);
        const { insertedId } = (await booked.json()) as { insertedId: string };
        return { instance, cookie, orderId: insertedId };
      }),
    );

    const starts = await Promise.all(
      buyers.map((buyer) =>
        postJson(
          buyer.instance,
          '/api/create-payment-intent',
          { orderId: buyer.orderId },
          buyer.cookie,
        ),
      ),
    );
    expect(starts.map((s) => s.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const winnerIndex = starts.findIndex((s) => s.status === 200);
    const winner = buyers[winnerIndex]!;
    const intent = (await starts[winnerIndex]!.json()) as {
      paymentIntentId: string;
      clientSecret: string;
      amount: number;
    };
    expect(intent.amount).toBe(725);

    // The card is confirmed on one instance and the payment recorded on both at once.
    const other = winner.instance === a ? b : a;
    const confirmed = await postJson(
      other,
      `/api/sandbox/payment_intents/${intent.paymentIntentId}/confirm`,
      {
        client_secret: intent.clientSecret,
        card: {
          number: '4242 4242 4242 4242',
          exp_month: 12,
          exp_year: new Date().getFullYear() + 2,
          cvc: '123',
        },
        billing_details: { name: 'Pat Payer', email: 'pat@example.test' },
      },
    );
    expect(confirmed.status).toBe(200);
    const records = await Promise.all(
      [a, b, a, b].map((instance) =>
        postJson(
          instance,
          '/api/payments',
          { orderId: winner.orderId, transactionId: intent.paymentIntentId },
          winner.cookie,
        ),
      ),
    );
    expect(records.map((r) => r.status)).toEqual([201, 201, 201, 201]);

    const productOrders = await database.db
      .select()
      .from(orders)
      .where(eq(orders.productId, product.id));
    expect(productOrders.filter((o) => o.paid).map((o) => o.id)).toEqual([winner.orderId]);
    const productPayments = await database.db
      .select()
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.productId, product.id));
    expect(productPayments).toHaveLength(1);
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.status).toBe('sold');
    const charged = (
      await database.db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.status, 'succeeded'))
    ).filter((i) => i.metadata.productId === product.id);
    expect(charged).toHaveLength(1);
  }, 60_000);

  it.skipIf(!hasRedis)(
    'limits sign-in guessing on one account across both instances (Redis)',
    async () => {
      const victim = await createUser(database.db, { typeOfUser: 'buyer' });
      const guess = (instance: Instance) =>
        postJson(instance, '/api/auth/sign-in/email', {
          email: victim.email,
          password: 'wrong-guess',
        });
      // Five guesses, alternating: neither instance alone reaches the limit of five.
      const statuses = [];
      for (const instance of [a, b, a, b, a]) statuses.push((await guess(instance)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);

      const refused = await guess(b);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Even the right password waits now, on either instance.
      const right = await postJson(a, '/api/auth/sign-in/email', {
        email: victim.email,
        password: victim.password,
      });
      expect(right.status).toBe(429);

      // Other accounts are not affected.
      const someoneElse = await createUser(database.db, { typeOfUser: 'buyer' });
      await expect(signIn(b, someoneElse.email, someoneElse.password)).resolves.toContain('=');
    },
  );

  it.skipIf(!hasRedis)(
    'limits password-reset emails for one account across both instances (Redis)',
    async () => {
      const victim = await createUser(database.db, { typeOfUser: 'buyer' });
      const mails = () => smtp.received.filter((mail) => mail.to.includes(victim.email));
      const request = (instance: Instance) =>
        postJson(instance, '/api/auth/request-password-reset', {
          email: victim.email,
          redirectTo: '/reset-password',
        });
      // Five requests, alternating: neither instance alone reaches the limit of five.
      const statuses = [];
      for (const instance of [a, b, a, b, a]) statuses.push((await request(instance)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      await expect.poll(() => mails().length).toBe(5);

      const refused = await request(b);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        error: {
          code: 'TOO_MANY_REQUESTS',
          message: 'Too many attempts. Please wait a few minutes and try again.',
        },
      });
      expect((await request(a)).status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mails()).toHaveLength(5);
    },
  );

  it.skipIf(!hasRedis)(
    'limits reset-token guessing from one address across both instances (Redis)',
    async () => {
      const owner = await createUser(database.db, { typeOfUser: 'buyer' });
      expect(
        (
          await postJson(a, '/api/auth/request-password-reset', {
            email: owner.email,
            redirectTo: '/reset-password',
          })
        ).status,
      ).toBe(200);
      await expect
        .poll(() => smtp.received.filter((mail) => mail.to.includes(owner.email)).length)
        .toBe(1);
      const token = resetTokenIn(smtp.received.find((mail) => mail.to.includes(owner.email)));

      // As many wrong guesses as one address may make, half through each instance:
      // neither instance alone reaches the limit.
      const guess = (instance: Instance, attempt: string) =>
        postJson(instance, '/api/auth/reset-password', {
          token: attempt,
          newPassword: 'taken-over-1',
        });
      const statuses: number[] = [];
      for (let batch = 0; batch < AUTH_LIMIT_PER_IP; batch += 20) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            guess((batch + i) % 2 === 0 ? a : b, `wrong-${batch + i}-${randomUUID()}`),
          ),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      expect(new Set(statuses)).toEqual(new Set([400]));

      // The next guess is refused on either instance, even the right token, and
      // nothing changes: the old password still works, the new one does not.
      const refused = await guess(b, token);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await guess(a, token)).status).toBe(429);
      await expect(signIn(a, owner.email, owner.password)).resolves.toContain('=');
      await expect(signIn(b, owner.email, 'taken-over-1')).rejects.toThrow(/401/);
    },
    60_000,
  );

  it.skipIf(!hasRedis)(
    'counts Contact Us messages from one address across both instances (Redis)',
    async () => {
      const email = `visitor-${randomUUID().slice(0, 8)}@example.test`;
      const send = (instance: Instance, n: number) =>
        postJson(instance, '/api/contact', { email, subject: `Question ${n}`, message: 'Hi' });
      const statuses = [];
      for (const [n, instance] of [a, b, a, b, a, b].entries()) {
        statuses.push((await send(instance, n)).status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      const stored = await database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, email));
      expect(stored).toHaveLength(5);
    },
  );
});
