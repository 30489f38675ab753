import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { webhookEvents } from '../../db/schema/webhook-events.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { createStripeClient } from './stripe-provider.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
let t: TestContext;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: Stripe;

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
    {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    { stripeClient: stripe },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function bookedOrder(priceCents = 120000) {
  const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
  const category = await createCategory(t.database.db);
  const product = await createProduct(t.database.db, {
    sellerId: seller.id,
    categoryId: category.id,
    resalePriceCents: priceCents,
  });
  const buyer = await createUser(t.database.db);
  const cookie = await signIn(t.app, buyer.email, buyer.password);
  return { product, cookie, orderId: await book(cookie, product.id) };
}

/** Books the laptop for the signed-in buyer; the new order's id. */
async function book(cookie: string, productId: string) {
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/myOrders',
    headers: { cookie },
    payload: { productId, meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' },
  });
  return booked.json<{ insertedId: string }>().insertedId;
}

/** POST /api/create-payment-intent for the order. */
async function startPayment(cookie: string, orderId: string) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie },
    payload: { orderId },
  });
  return started.json<{ paymentIntentId: string; clientSecret: string }>();
}

function signedEvent(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

function succeededEvent(id: string, intentId: string, created = Math.floor(Date.now() / 1000)) {
  return {
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    created,
    data: { object: { id: intentId, object: 'payment_intent' } },
  };
}

const postWebhook = (payload: string, header: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });

/**
 * One laptop booked by two buyers: A started paying, A's hold ran out, B started.
 * Each with the order and its payment intent.
 */
async function twoBuyersOneLaptop() {
  const first = await bookedOrder();
  const buyer = await createUser(t.database.db);
  const cookie = await signIn(t.app, buyer.email, buyer.password);
  const second = { cookie, orderId: await book(cookie, first.product.id) };
  const a = await startPayment(first.cookie, first.orderId);
  await t.database.db
    .update(products)
    .set({ heldUntil: new Date(0) })
    .where(eq(products.id, first.product.id));
  const b = await startPayment(second.cookie, second.orderId);
  return {
    a: { cookie: first.cookie, orderId: first.orderId, paymentIntentId: a.paymentIntentId },
    b: { cookie: second.cookie, orderId: second.orderId, paymentIntentId: b.paymentIntentId },
  };
}

describe('the stripe provider (real SDK, local Stripe API)', () => {
  it('creates a USD PaymentIntent for the server price with the order in its metadata and an idempotency key', async () => {
    const { orderId, product, cookie } = await bookedOrder(120000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie },
      payload: { orderId, price: 5 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_fake',
      amount: 1200,
    });
    const created = fake.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        r.body.get('metadata[orderId]') === orderId,
    );
    expect(created?.body.get('amount')).toBe('120000');
    expect(created?.body.get('currency')).toBe('usd');
    expect(created?.body.get('metadata[productId]')).toBe(product.id);
    expect(created?.idempotencyKey).toBe(`order-${orderId}-attempt-1`);
  });

  it('starts afresh after Stripe failed to create a payment (Stripe replays a failure for its key)', async () => {
    const { cookie, orderId } = await bookedOrder();
    const start = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie },
        payload: { orderId },
      });
    fake.failNextCreate();
    expect((await start()).statusCode).toBeGreaterThanOrEqual(500);

    const retried = await start();
    expect(retried.statusCode).toBe(200);
    const keys = fake.requests
      .filter(
        (r) => r.path === '/v1/payment_intents' && r.body.get('metadata[orderId]') === orderId,
      )
      .map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(
      new Set([`order-${orderId}-attempt-1`, `order-${orderId}-attempt-2`]),
    );
  });

  it('records the payment from a signed webhook even when the browser never comes back, once', async () => {
    const { orderId, product, cookie } = await bookedOrder();
    const { paymentIntentId } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie },
        payload: { orderId },
      })
    ).json<{ paymentIntentId: string }>();
    fake.succeed(paymentIntentId);

    const { payload, header } = signedEvent(succeededEvent('evt_1', paymentIntentId));
    expect((await postWebhook(payload, header)).statusCode).toBe(200);
    // Replayed: handled once.
    expect((await postWebhook(payload, header)).statusCode).toBe(200);
    // The browser arriving afterwards finds the same payment.
    const fromBrowser = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { cookie },
      payload: { orderId, transactionId: paymentIntentId },
    });
    expect(fromBrowser.statusCode).toBe(201);

    expect(
      await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)),
    ).toHaveLength(1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.paid).toBe(true);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.status).toBe('sold');
    expect(
      await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_1')),
    ).toHaveLength(1);
  });

  it('refuses a tampered or unsigned webhook and changes nothing', async () => {
    const { orderId, cookie } = await bookedOrder();
    const { paymentIntentId } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie },
        payload: { orderId },
      })
    ).json<{ paymentIntentId: string }>();
    fake.succeed(paymentIntentId);
    const { payload, header } = signedEvent(succeededEvent('evt_tampered', paymentIntentId));
    const tampered = payload.replace('evt_tampered', 'evt_tampered2');
    expect((await postWebhook(tampered, header)).statusCode).toBe(400);
    const wrongSecret = signedEvent(succeededEvent('evt_wrong', paymentIntentId), 'whsec_other');
    expect((await postWebhook(wrongSecret.payload, wrongSecret.header)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(
      await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)),
    ).toHaveLength(0);
  });

  it('refuses a correctly signed body that is not a readable event with a 400, recording nothing', async () => {
    const events = await t.database.db.select().from(webhookEvents);
    for (const body of [
      {},
      { id: 'evt_no_data', object: 'event', type: 'payment_intent.succeeded' },
      { ...succeededEvent('evt_bad_intent', 'pi_x'), data: { object: { id: 42 } } },
      { ...succeededEvent('evt_nul\u0000', 'pi_x') },
    ]) {
      const { payload, header } = signedEvent(body);
      const response = await postWebhook(payload, header);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'BAD_EVENT', message: 'This is not a Stripe event we can read.' },
      });
    }
    expect(await t.database.db.select().from(webhookEvents)).toEqual(events);
  });

  it('trusts the PaymentIntent, not the event: an out-of-order event for an unpaid intent changes nothing', async () => {
    const { orderId, cookie } = await bookedOrder();
    const { paymentIntentId } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie },
        payload: { orderId },
      })
    ).json<{ paymentIntentId: string }>();
    // A 'succeeded' event arrives before Stripe shows the intent as succeeded.
    const early = signedEvent(succeededEvent('evt_early', paymentIntentId));
    expect((await postWebhook(early.payload, early.header)).statusCode).toBe(402);
    expect(
      await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)),
    ).toHaveLength(0);
    // Stripe retries it later, once the intent succeeded.
    fake.succeed(paymentIntentId);
    expect((await postWebhook(early.payload, early.header)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)),
    ).toHaveLength(1);
  });

  it('refunds through Stripe a payment for a laptop sold meanwhile', async () => {
    const { a, b } = await twoBuyersOneLaptop();
    fake.succeed(a.paymentIntentId);
    fake.succeed(b.paymentIntentId);
    const eventB = signedEvent(succeededEvent('evt_b', b.paymentIntentId));
    const eventA = signedEvent(succeededEvent('evt_a', a.paymentIntentId));
    expect((await postWebhook(eventB.payload, eventB.header)).statusCode).toBe(200);
    expect((await postWebhook(eventA.payload, eventA.header)).statusCode).toBe(200);
    expect(fake.refunds).toContainEqual({
      payment_intent: a.paymentIntentId,
      idempotencyKey: `refund-${a.paymentIntentId}`,
    });
    const [orderA] = await t.database.db.select().from(orders).where(eq(orders.id, a.orderId));
    expect(orderA?.paid).toBe(false);
  });

  it('asks Stripe for a refund again when it failed, until it is done, and then never again', async () => {
    const { a, b } = await twoBuyersOneLaptop();
    fake.succeed(b.paymentIntentId);
    fake.succeed(a.paymentIntentId);
    const eventB = signedEvent(succeededEvent('evt_b_again', b.paymentIntentId));
    expect((await postWebhook(eventB.payload, eventB.header)).statusCode).toBe(200);

    // A's money must go back, but Stripe is down: the webhook fails, so Stripe sends it again.
    fake.setRefundsDown(true);
    const eventA = signedEvent(succeededEvent('evt_a_again', a.paymentIntentId));
    expect((await postWebhook(eventA.payload, eventA.header)).statusCode).toBe(500);
    const refundOf = async () =>
      (
        await t.database.db
          .select()
          .from(refunds)
          .where(eq(refunds.transactionId, a.paymentIntentId))
      )[0];
    expect(await refundOf()).toMatchObject({ reason: 'sold', providerRefundedAt: null });
    const asked = () =>
      fake.refunds.filter((refund) => refund.payment_intent === a.paymentIntentId).length;
    expect(asked()).toBe(0);

    fake.setRefundsDown(false);
    expect((await postWebhook(eventA.payload, eventA.header)).statusCode).toBe(200);
    expect(asked()).toBe(1);
    expect((await refundOf())?.providerRefundedAt).toBeInstanceOf(Date);

    // The browser's report afterwards: told it was refunded, Stripe not asked again.
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { cookie: a.cookie },
      payload: { orderId: a.orderId, transactionId: a.paymentIntentId },
    });
    expect(late.json()).toMatchObject({ error: { code: 'PAYMENT_REFUNDED' } });
    expect(asked()).toBe(1);
  });

  it('takes a payment refunded in the Dashboard meanwhile as refunded', async () => {
    const { a, b } = await twoBuyersOneLaptop();
    fake.succeed(b.paymentIntentId);
    fake.succeed(a.paymentIntentId);
    const eventB = signedEvent(succeededEvent('evt_b_dashboard', b.paymentIntentId));
    expect((await postWebhook(eventB.payload, eventB.header)).statusCode).toBe(200);
    fake.refundInDashboard(a.paymentIntentId);

    const eventA = signedEvent(succeededEvent('evt_a_dashboard', a.paymentIntentId));
    expect((await postWebhook(eventA.payload, eventA.header)).statusCode).toBe(200);
    const [refund] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.transactionId, a.paymentIntentId));
    expect(refund?.providerRefundedAt).toBeInstanceOf(Date);
  });
});
