import Stripe from 'stripe';
import { z } from 'zod';
import type { PaymentProvider, ProviderPaymentIntent, WebhookReading } from './payment-provider.ts';
import { createStripeConnect } from './stripe-connect.ts';

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

/** Stripe's ids (`evt_...`, `pi_...`, `acct_...`): letters, digits and underscores. */
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

/** The event, if one of `secrets` signed these bytes. */
async function verifiedEvent(
  stripe: Stripe,
  secrets: string[],
  rawBody: Buffer,
  signature: string,
): Promise<Stripe.Event | null> {
  for (const secret of secrets) {
    try {
      return await stripe.webhooks.constructEventAsync(rawBody, signature, secret);
    } catch {
      // Not this endpoint's secret; try the next.
    }
  }
  return null;
}

/** What each event type we act on asks for, from the id of its object. */
const actions = {
  'payment_intent.succeeded': (id: string) => ({
    action: 'payment-succeeded' as const,
    paymentIntentId: id,
  }),
  'account.updated': (id: string) => ({ action: 'account-updated' as const, accountId: id }),
};

/**
 * Stripe signs a Connect endpoint's events (a connected account's `account.updated`)
 * with that endpoint's own secret, so either secret may have signed a call.
 */
async function readStripeWebhook(
  stripe: Stripe,
  secrets: (string | undefined)[],
  { rawBody, headers }: { rawBody: Buffer; headers: Record<string, unknown> },
): Promise<WebhookReading> {
  const signature = headers['stripe-signature'];
  const known = secrets.filter((secret): secret is string => Boolean(secret));
  if (known.length === 0 || typeof signature !== 'string')
    return { ok: false, refused: 'signature' };
  const verified = await verifiedEvent(stripe, known, rawBody, signature);
  if (!verified) return { ok: false, refused: 'signature' };
  const parsed = stripeEventSchema.safeParse(verified);
  if (!parsed.success) return { ok: false, refused: 'event' };
  const { id, type } = parsed.data;
  const act = Object.hasOwn(actions, type) ? actions[type as keyof typeof actions] : undefined;
  if (!act) return { ok: true, event: { id, type, action: 'none' } };
  const objectId = stripeId.safeParse(parsed.data.data.object.id);
  if (!objectId.success) return { ok: false, refused: 'event' };
  return { ok: true, event: { id, type, ...act(objectId.data) } };
}

/**
 * Stripe PaymentIntents in USD cents, confirmed by Stripe Elements on the client, and
 * Connect transfers to sellers (stripe-connect.ts).
 */
export function createStripeProvider(
  stripe: Stripe,
  keys: { publishableKey: string; webhookSecret?: string; connectWebhookSecret?: string },
): PaymentProvider {
  return {
    ...createStripeConnect(stripe),
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
    readWebhook: (request) =>
      readStripeWebhook(stripe, [keys.webhookSecret, keys.connectWebhookSecret], request),
  };
}
