import type { IncomingHttpHeaders } from 'node:http';

/**
 * The port every card processor is used through. `stripe` talks to Stripe; `sandbox`
 * is the embedded test-mode stand-in that follows Stripe's test cards.
 */
export type PaymentIntentStatus =
  'requires_payment_method' | 'processing' | 'succeeded' | 'canceled' | string;

export type ProviderPaymentIntent = {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
};

/**
 * A webhook call the provider signed, as the payments service acts on it: a payment
 * that succeeded, or an event it has nothing to do with. `id` is the provider's event
 * id, by which a delivery repeated is recognised.
 */
export type WebhookEvent =
  | { id: string; type: string; action: 'payment-succeeded'; paymentIntentId: string }
  | { id: string; type: string; action: 'none' };

export type WebhookReading =
  | { ok: true; event: WebhookEvent }
  /** `signature`: not signed by the provider. `event`: signed, but not an event it reads. */
  | { ok: false; refused: 'signature' | 'event' };

export type PaymentProvider = {
  name: 'stripe' | 'sandbox';
  /** Stripe's publishable key, for the card form; null for the sandbox. */
  publishableKey: string | null;
  createPaymentIntent(input: {
    amountCents: number;
    currency: 'usd';
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderPaymentIntent>;
  retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent | null>;
  /**
   * Gives `amountCents` back (the whole payment without it); safe to call twice with
   * the same key.
   */
  refundPaymentIntent(id: string, idempotencyKey: string, amountCents?: number): Promise<void>;
  /**
   * Every intent created since `since` that succeeded (a refunded one still says so),
   * page by page: what reconciliation compares with the sales and refunds recorded.
   */
  listSucceededPaymentIntents(since: Date): AsyncIterable<ProviderPaymentIntent>;
  /**
   * Checks a webhook call's signature over its exact bytes and reads the event. Absent
   * when the provider sends no webhooks (the sandbox settles as it confirms).
   */
  readWebhook?(request: { rawBody: Buffer; headers: IncomingHttpHeaders }): Promise<WebhookReading>;
};
