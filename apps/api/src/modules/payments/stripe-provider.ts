import Stripe from 'stripe';
import { z } from 'zod';
import type { PaymentProvider, ProviderPaymentIntent, WebhookReading } from './payment-provider.ts';

export type StripeOptions = {
  secretKey: string;
  publishableKey: string;
  /** Tests point the real SDK at a local HTTP server. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

export function createStripeClient(options: StripeOptions): Stripe {
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(options.host
      ? { host: options.host, port: options.port, protocol: options.protocol ?? 'http' }
      : {}),
  });
}

function toIntent(intent: Stripe.PaymentIntent): ProviderPaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
  };
}

/** Stripe's ids (`evt_...`, `pi_...`): letters, digits and underscores. */
const stripeId = z.string().regex(/^\w{1,255}$/);
/**
 * What is read from an event whose signature checked out. Only Stripe (or whoever
 * holds the signing secret) can get this far, but a body that is not such an event is
 * refused, never a crash (the fuzzer signed `{}`).
 */
const stripeEventSchema = z.object({
  id: stripeId,
  type: z.string().regex(/^[\w.]{1,255}$/),
  data: z.object({ object: z.object({ id: z.unknown() }) }),
});

async function readStripeWebhook(
  stripe: Stripe,
  webhookSecret: string | undefined,
  { rawBody, headers }: { rawBody: Buffer; headers: Record<string, unknown> },
): Promise<WebhookReading> {
  const signature = headers['stripe-signature'];
  if (!webhookSecret || typeof signature !== 'string') return { ok: false, refused: 'signature' };
  let verified: Stripe.Event;
  try {
    verified = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
  } catch {
    return { ok: false, refused: 'signature' };
  }
  const parsed = stripeEventSchema.safeParse(verified);
  if (!parsed.success) return { ok: false, refused: 'event' };
  const { id, type } = parsed.data;
  if (type !== 'payment_intent.succeeded') return { ok: true, event: { id, type, action: 'none' } };
  const intentId = stripeId.safeParse(parsed.data.data.object.id);
  if (!intentId.success) return { ok: false, refused: 'event' };
  return {
    ok: true,
    event: { id, type, action: 'payment-succeeded', paymentIntentId: intentId.data },
  };
}

/** Stripe PaymentIntents in USD cents, confirmed by Stripe Elements on the client. */
export function createStripeProvider(
  stripe: Stripe,
  keys: { publishableKey: string; webhookSecret?: string },
): PaymentProvider {
  return {
    name: 'stripe',
    publishableKey: keys.publishableKey,
    async createPaymentIntent({ amountCents, currency, metadata, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency, metadata, allowed_payment_method_types: ['card'] },
        { idempotencyKey },
      );
      return toIntent(intent);
    },
    async retrievePaymentIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'resource_missing'
        )
          return null;
        throw error;
      }
    },
    async refundPaymentIntent(id, idempotencyKey, amountCents) {
      try {
        await stripe.refunds.create(
          { payment_intent: id, ...(amountCents === undefined ? {} : { amount: amountCents }) },
          { idempotencyKey },
        );
      } catch (error) {
        // The money is back already: refunded in the Dashboard, or by an earlier request
        // whose answer was lost and whose idempotency key Stripe has since forgotten.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'charge_already_refunded'
        )
          return;
        throw error;
      }
    },
    async *listSucceededPaymentIntents(since) {
      // The list endpoint, not search: search lags behind writes by up to a minute.
      // Newest first; the SDK follows `has_more` with `starting_after`.
      const pages = stripe.paymentIntents.list({
        created: { gte: Math.floor(since.getTime() / 1000) },
        limit: 100,
      });
      for await (const intent of pages) {
        if (intent.status === 'succeeded') yield toIntent(intent);
      }
    },
    readWebhook: (request) => readStripeWebhook(stripe, keys.webhookSecret, request),
  };
}
