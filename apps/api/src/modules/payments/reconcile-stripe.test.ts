import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@laptops/shared/orders';
import { payments } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createMailer } from '../../lib/mailer.ts';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import type { PaymentDeps } from './payments.service.ts';
import { reconcilePayments } from './reconcile-payments.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';

const WEEK_MS = 7 * 86_400_000;
let t: TestContext;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: Stripe;
let deps: PaymentDeps;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeClient({
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
  });
  t = await createTestContext(
    { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake' },
    { stripeClient: stripe },
  );
  const log = pino({ level: 'silent' });
  deps = {
    db: t.database.db,
    provider: createStripeProvider(stripe, { publishableKey: 'pk_test_fake' }),
    mailer: createMailer({
      smtpUrl: undefined,
      from: 'shop@laptops.test',
      outboxDir: t.dataDir,
      log,
    }),
    log,
    holdSeconds: 600,
    terms: { feeBps: 500, releaseAfterMs: 72 * 3_600_000, reminderBeforeMs: 24 * 3_600_000 },
    publish: async () => {},
  };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function laptop() {
  const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
  const category = await createCategory(t.database.db);
  return createProduct(t.database.db, {
    sellerId: seller.id,
    categoryId: category.id,
    resalePriceCents: 91000,
  });
}

/** A buyer books `productId` and starts paying through the API (a Stripe PaymentIntent). */
async function startedPaying(productId: string) {
  const user = await createUser(t.database.db);
  const cookie = await signIn(t.app, user.email, user.password);
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/myOrders',
    headers: { cookie },
    payload: { productId, meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' },
  });
  const orderId = booked.json<{ insertedId: string }>().insertedId;
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie },
    payload: { orderId },
  });
  expect(started.statusCode).toBe(200);
  return { cookie, orderId, ...started.json<{ paymentIntentId: string }>() };
}

async function myOrder(buyer: { cookie: string; orderId: string }) {
  const listed = await t.app.inject({
    method: 'GET',
    url: '/api/myOrders',
    headers: { cookie: buyer.cookie },
  });
  return listed.json<Order[]>().find((order) => order._id === buyer.orderId);
}

const outcomesOf = async (intentId: string) => ({
  payments: await t.database.db.select().from(payments).where(eq(payments.transactionId, intentId)),
  refunds: await t.database.db.select().from(refunds).where(eq(refunds.transactionId, intentId)),
});
const listRequests = () =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/payment_intents');

describe('reconciling Stripe payments that were charged but never recorded', () => {
  it('records each sale, paging through the list with created bounds; a second pass changes nothing', async () => {
    // Stripe charged three cards (Stripe.js confirmed them); no webhook and no report came.
    const buyers = [];
    for (let i = 0; i < 3; i += 1) {
      const buyer = await startedPaying((await laptop()).id);
      fake.succeed(buyer.paymentIntentId);
      buyers.push(buyer);
    }
    fake.setMaxPageSize(2);
    const before = listRequests().length;
    try {
      const summary = await reconcilePayments(deps, WEEK_MS);
      expect(summary).toMatchObject({ recorded: 3, refunded: 0 });
      for (const buyer of buyers) {
        expect(await myOrder(buyer)).toMatchObject({ paid: true, status: 'paid' });
        expect((await outcomesOf(buyer.paymentIntentId)).payments).toHaveLength(1);
      }
      const requests = listRequests().slice(before);
      expect(requests.length).toBeGreaterThanOrEqual(2);
      expect(requests[1]?.query.get('starting_after')).toBeTruthy();
      const since = Number(requests[0]?.query.get('created[gte]'));
      expect(Math.abs(since - (Date.now() - WEEK_MS) / 1000)).toBeLessThan(120);

      expect(await reconcilePayments(deps, WEEK_MS)).toMatchObject({ recorded: 0, refunded: 0 });
      for (const buyer of buyers) {
        expect((await outcomesOf(buyer.paymentIntentId)).payments).toHaveLength(1);
      }
    } finally {
      fake.setMaxPageSize(100);
    }
  });

  it('refunds through Stripe a charge for a laptop sold meanwhile, retrying until Stripe answers, once', async () => {
    const product = await laptop();
    const late = await startedPaying(product.id);
    await t.database.db
      .update(products)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(products.id, product.id));
    const winner = await startedPaying(product.id);
    fake.succeed(winner.paymentIntentId);
    const recorded = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { cookie: winner.cookie },
      payload: { orderId: winner.orderId, transactionId: winner.paymentIntentId },
    });
    expect(recorded.statusCode).toBe(201);
    fake.succeed(late.paymentIntentId);

    // Stripe's refunds are down: the pass fails (the job is retried) and records the decision.
    fake.setRefundsDown(true);
    try {
      await expect(reconcilePayments(deps, WEEK_MS)).rejects.toThrow(/could not be reconciled/);
    } finally {
      fake.setRefundsDown(false);
    }
    expect(fake.refunds.filter((r) => r.payment_intent === late.paymentIntentId)).toEqual([]);

    expect(await reconcilePayments(deps, WEEK_MS)).toMatchObject({ refunded: 1, recorded: 0 });
    expect(await reconcilePayments(deps, WEEK_MS)).toMatchObject({ refunded: 0, recorded: 0 });

    expect(fake.refunds.filter((r) => r.payment_intent === late.paymentIntentId)).toHaveLength(1);
    const outcomes = await outcomesOf(late.paymentIntentId);
    expect(outcomes.payments).toEqual([]);
    expect(outcomes.refunds).toEqual([expect.objectContaining({ reason: 'sold' })]);
    expect(outcomes.refunds[0]?.providerRefundedAt).not.toBeNull();
    expect(await myOrder(late)).toMatchObject({ paid: false, status: 'sold-to-another' });
    expect(await myOrder(winner)).toMatchObject({ paid: true, status: 'paid' });
  });

  it('leaves intents created before the window, not succeeded, or not for our orders', async () => {
    const old = await startedPaying((await laptop()).id);
    const oldIntent = fake.succeed(old.paymentIntentId);
    if (oldIntent) oldIntent.created -= 8 * 86_400;
    const unpaid = await startedPaying((await laptop()).id);
    const foreign = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      metadata: { orderId: randomUUID() },
    });
    fake.succeed(foreign.id);

    expect(await reconcilePayments(deps, WEEK_MS)).toMatchObject({ recorded: 0, refunded: 0 });
    expect(await myOrder(old)).toMatchObject({ paid: false });
    expect(await myOrder(unpaid)).toMatchObject({ paid: false });
    expect(fake.refunds.filter((r) => r.payment_intent === foreign.id)).toEqual([]);

    expect(await reconcilePayments(deps, 2 * WEEK_MS)).toMatchObject({ recorded: 1 });
    expect(await myOrder(old)).toMatchObject({ paid: true });
  });
});
