/**
 * Refunds of a paid deal against the local Stripe-speaking server, through the real
 * SDK: the amount decided is the amount Stripe is asked for, once, and a refund that
 * Stripe could not take when it was decided is finished by the deal-refunds job.
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails } from '@laptops/shared/orders';
import { refunds } from '../../db/schema/refunds.ts';
import { buyingKit } from '../../test/buying-kit.ts';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createStripeClient, createStripeProvider } from '../payments/stripe-provider.ts';
import { dealRefundsJob } from './deal-refunds.ts';

const stripeConfig = {
  secretKey: 'sk_test_fake',
  publishableKey: 'pk_test_fake',
  webhookSecret: 'whsec_test_secret',
};
let t: TestContext;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: Stripe;
let kit: ReturnType<typeof buyingKit>;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeClient({
    ...stripeConfig,
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
  });
  t = await createTestContext(
    {
      STRIPE_SECRET_KEY: stripeConfig.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripeConfig.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripeConfig.webhookSecret,
    },
    { stripeClient: stripe },
  );
  kit = buyingKit(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A laptop paid for with Stripe: the charge succeeded and the browser reported it. */
async function paidWithStripe(priceCents: number) {
  const { seller, product } = await kit.laptop(priceCents, 'HP ZBook Firefly');
  const buyer = await kit.bookedBy(product.id);
  const started = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<{
    paymentIntentId: string;
  }>();
  fake.succeed(started.paymentIntentId);
  const recorded = await kit.record(buyer.cookie, buyer.orderId, started.paymentIntentId);
  expect(recorded.statusCode).toBe(201);
  return { seller, buyer, orderId: buyer.orderId, paymentIntentId: started.paymentIntentId };
}

describe('a seller cancelling a deal paid with Stripe', () => {
  it('asks Stripe for the whole amount back, once', async () => {
    const { seller, orderId, paymentIntentId } = await paidWithStripe(55_500);
    const cancelled = await kit.call('POST', `/api/orders/${orderId}/seller-cancel`, seller.cookie);
    expect(cancelled.json<OrderDetails>().status).toBe('refunded');
    const asked = fake.refunds.filter((refund) => refund.payment_intent === paymentIntentId);
    expect(asked).toEqual([
      {
        payment_intent: paymentIntentId,
        idempotencyKey: `refund-${paymentIntentId}`,
        amount: 55_500,
      },
    ]);
  });

  it('is refunded by the job when Stripe was away at the time, without a second refund', async () => {
    const { seller, orderId, paymentIntentId } = await paidWithStripe(31_000);
    fake.setRefundsDown(true);
    const cancelled = await kit.call('POST', `/api/orders/${orderId}/seller-cancel`, seller.cookie);
    // The decision stands (the money is no longer held) while Stripe is asked again later.
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<OrderDetails>()).toMatchObject({ status: 'refunded' });
    const pending = () => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect((await pending())[0]?.providerRefundedAt).toBeNull();

    fake.setRefundsDown(false);
    const log = pino({ level: 'silent' });
    const job = dealRefundsJob(
      { db: t.database.db, provider: createStripeProvider(stripe, stripeConfig), log },
      '*/5 * * * *',
    );
    // The job leaves a refund decided less than a minute ago to its request.
    await t.database.db
      .update(refunds)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(refunds.orderId, orderId));
    await job.run(log, 'job-1', {});
    await job.run(log, 'job-2', {});
    expect((await pending())[0]?.providerRefundedAt).not.toBeNull();
    const asked = fake.refunds.filter((refund) => refund.payment_intent === paymentIntentId);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.amount).toBe(31_000);
  });
});
