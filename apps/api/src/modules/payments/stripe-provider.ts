import Stripe from 'stripe';
import type { PaymentProvider, ProviderPaymentIntent } from './payment-provider.ts';

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

/** Stripe PaymentIntents in USD cents, confirmed by Stripe Elements on the client. */
export function createStripeProvider(stripe: Stripe, publishableKey: string): PaymentProvider {
  return {
    name: 'stripe',
    publishableKey,
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
    async refundPaymentIntent(id, idempotencyKey) {
      try {
        await stripe.refunds.create({ payment_intent: id }, { idempotencyKey });
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
  };
}
