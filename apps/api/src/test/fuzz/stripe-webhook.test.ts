import fc from 'fast-check';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createStripeClient } from '../../modules/payments/stripe-provider.ts';
import { startFakeStripe } from '../fake-stripe.ts';
import { createTestContext, type TestContext } from '../test-app.ts';
import { createFuzzMarketplace, type FuzzMarketplace } from './fuzz-fixtures.ts';
import { fuzzRoute, fuzzTimeoutMs, type FuzzRequest, type RouteContract } from './fuzz-route.ts';
import { nastyString } from './fuzz-values.ts';
import { splitRoute, stripeOnlyRoutes } from './route-groups.ts';
import type { JsonSchema } from './schema-arbitrary.ts';

/**
 * The Stripe webhook, on an app whose payments go to Stripe (the real SDK, pointed
 * at a local stand-in for Stripe's API). Anyone on the internet can post to it, so
 * besides the usual rules (never a 5xx, a refusal is our JSON error and changes
 * nothing) a body without a valid signature must always be refused.
 */
const WEBHOOK_SECRET = 'whsec_fuzz_secret';

const string: JsonSchema = { type: 'string' };
/** A Stripe event as Stripe sends it; the route reads only the fields named here. */
const eventSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: string,
    object: { type: 'string', enum: ['event'] },
    type: string,
    created: { type: 'integer' },
    livemode: { type: 'boolean' },
    data: {
      type: 'object',
      properties: {
        object: {
          type: 'object',
          properties: {
            id: string,
            object: { type: 'string', enum: ['payment_intent', 'account'] },
            status: string,
          },
          required: ['id', 'object'],
        },
      },
      required: ['object'],
    },
  },
  required: ['id', 'object', 'type', 'created', 'data'],
};
const contract: RouteContract = {
  path: {},
  query: { type: 'object', properties: {}, required: [] },
  body: eventSchema,
};

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: Stripe;
let t: TestContext;
let market: FuzzMarketplace;
beforeAll(async () => {
  fake = await startFakeStripe();
  const keys = { secretKey: 'sk_test_fuzz', publishableKey: 'pk_test_fuzz' };
  stripe = createStripeClient({ ...keys, host: '127.0.0.1', port: fake.port, protocol: 'http' });
  t = await createTestContext(
    {
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    { stripeClient: stripe },
  );
  // Its two payment intents are made at the fake Stripe; the first one is paid there.
  market = await createFuzzMarketplace(t);
  fake.succeed(market.intents[0]!.paymentIntentId);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const sign = (payload: string, secret: string, timestamp?: number) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

/** The Stripe-Signature header: most often valid for the exact body, else forged in some way. */
function withSignature(request: FuzzRequest): fc.Arbitrary<FuzzRequest> {
  const payload = request.payload ?? '';
  const now = Math.floor(Date.now() / 1000);
  const signed = (header: string | undefined, mustRefuse?: string): FuzzRequest => {
    const headers = { ...request.headers };
    if (header === undefined) delete headers['stripe-signature'];
    else headers['stripe-signature'] = header;
    return { ...request, headers, ...(mustRefuse ? { mustRefuse } : {}) };
  };
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(signed(sign(payload, WEBHOOK_SECRET))) },
    { weight: 1, arbitrary: fc.constant(signed(undefined, 'no signature')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        signed(sign(payload, 'whsec_someone_else'), 'a signature made with another secret'),
        signed(sign(`${payload} `, WEBHOOK_SECRET), 'the signature of another body'),
        signed(sign(payload, WEBHOOK_SECRET, now - 3600), 'a signature an hour old (a replay)'),
        signed(`t=${now},v1=${'0'.repeat(64)}`, 'a made-up signature'),
        signed(`t=${now}`, 'a signature without v1'),
      ),
    },
    { weight: 1, arbitrary: nastyString.map((text) => signed(text, 'a garbage signature')) },
  );
}

describe('fuzzing the Stripe webhook (Stripe configured, local Stripe API)', () => {
  for (const route of stripeOnlyRoutes) {
    it(
      route,
      async () => {
        const intentIds = market.intents.map((intent) => intent.paymentIntentId);
        await fuzzRoute({
          app: t.app,
          db: t.database.db,
          ...splitRoute(route),
          contract,
          finishRequest: withSignature,
          hints: {
            // Event ids repeat now and then: Stripe delivers an event more than once.
            id: fc.oneof(
              fc.stringMatching(/^evt_[A-Za-z0-9]{8,24}$/),
              fc.constantFrom('evt_delivered_twice', ''),
            ),
            created: fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
            type: fc.oneof(
              { weight: 3, arbitrary: fc.constant('payment_intent.succeeded') },
              { weight: 2, arbitrary: fc.constant('account.updated') },
              fc.constantFrom(
                'payment_intent.payment_failed',
                'charge.refunded',
                'customer.created',
              ),
            ),
            // Its payment intent or connected account: ours (paid at Stripe or not, a
            // seller's payout account), unknown to Stripe, or nonsense.
            data: fc.record({
              object: fc.record({
                id: fc.oneof(
                  { weight: 3, arbitrary: fc.constantFrom(...intentIds) },
                  { weight: 2, arbitrary: fc.constant(market.payoutAccountId) },
                  fc.constantFrom(
                    'pi_unknown_1',
                    'acct_unknown_1',
                    '',
                    '../v1/refunds',
                    'pi_1?expand[]=x',
                  ),
                  nastyString,
                ),
                object: fc.constantFrom('payment_intent', 'account'),
              }),
            }),
          },
        });
      },
      fuzzTimeoutMs,
    );
  }
});
