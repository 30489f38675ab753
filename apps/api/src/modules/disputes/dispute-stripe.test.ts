/** A dispute settled with a part refund on Stripe: the real SDK against the local fake. */
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { brokenInvariants } from '../ledger/ledger-test-kit.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { carryOutDealRefund } from '../deals/deal-refunds.ts';
import { createStripeClient, createStripeProvider } from '../payments/stripe-provider.ts';
import { disputeKit } from './dispute-test-kit.ts';

let t: TestContext;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: Stripe;
let kit: ReturnType<typeof disputeKit>;

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
      STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
      PLATFORM_FEE_PERCENT: '10',
    },
    { stripeClient: stripe },
  );
  kit = disputeKit(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A laptop paid for with Stripe (the card confirmed by Stripe.js, the browser reporting it). */
async function paidWithStripe(priceCents: number) {
  const { seller, product } = await kit.laptop(priceCents, 'HP ZBook Firefly');
  const buyer = await kit.bookedBy(product.id);
  const started = await kit.startPayment(buyer.cookie, buyer.orderId);
  const { paymentIntentId } = started.json<{ paymentIntentId: string }>();
  fake.succeed(paymentIntentId);
  const recorded = await kit.call('POST', '/api/payments', buyer.cookie, {
    orderId: buyer.orderId,
    transactionId: paymentIntentId,
  });
  expect(recorded.statusCode).toBe(201);
  return { seller, buyer, orderId: buyer.orderId, paymentIntentId };
}

it('refunds the part an admin decides through Stripe, once, and releases the rest less the fee', async () => {
  const { seller, buyer, orderId, paymentIntentId } = await paidWithStripe(120_000);
  expect((await kit.openDispute(buyer.cookie, orderId)).statusCode).toBe(201);
  const disputeId = await kit.disputeIdOf(orderId);

  const settled = await kit.settle(disputeId, {
    outcome: 'refund-part',
    refundAmount: 450,
    note: 'The battery is worn out; part of the price back.',
  });
  expect(settled.statusCode).toBe(200);
  const refunds = fake.refunds.filter((refund) => refund.payment_intent === paymentIntentId);
  expect(refunds).toEqual([
    {
      payment_intent: paymentIntentId,
      idempotencyKey: `refund-${paymentIntentId}`,
      amount: 45_000,
    },
  ]);
  // 750.00 released; a 10% fee of 75.00.
  expect(await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id))).toBe(67_500);
  expect(await balanceOf(t.database.db, accounts.held(orderId))).toBe(0);
  expect(await kit.orderPage(buyer.cookie, orderId)).toMatchObject({
    status: 'partly-refunded',
    money: { refunded: 450, fee: 75, sellerReceived: 675 },
  });
  expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
});

it('refunds in full through Stripe when the admin decides so, even if Stripe was away at first', async () => {
  const { buyer, orderId, paymentIntentId } = await paidWithStripe(90_000);
  expect((await kit.openDispute(buyer.cookie, orderId)).statusCode).toBe(201);
  const disputeId = await kit.disputeIdOf(orderId);
  fake.setRefundsDown(true);
  try {
    const settled = await kit.settle(disputeId, { outcome: 'refund', note: 'Not as described.' });
    // Decided and written: the provider is asked again later.
    expect(settled.statusCode).toBe(200);
    expect(fake.refunds.filter((refund) => refund.payment_intent === paymentIntentId)).toEqual([]);
  } finally {
    fake.setRefundsDown(false);
  }
  // What the deal-refunds job does on its next run.
  const provider = createStripeProvider(stripe, { publishableKey: 'pk_test_fake' });
  expect(await carryOutDealRefund({ ...kit.dealDeps(), provider }, orderId)).toBe(true);
  expect(await carryOutDealRefund({ ...kit.dealDeps(), provider }, orderId)).toBe(false);
  expect(fake.refunds.filter((refund) => refund.payment_intent === paymentIntentId)).toMatchObject([
    { amount: 90_000 },
  ]);
});
