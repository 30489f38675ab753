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
  /** Gives the whole amount back; safe to call twice. */
  refundPaymentIntent(id: string, idempotencyKey: string): Promise<void>;
  /**
   * Every intent created since `since` that succeeded (a refunded one still says so),
   * page by page: what reconciliation compares with the sales and refunds recorded.
   */
  listSucceededPaymentIntents(since: Date): AsyncIterable<ProviderPaymentIntent>;
};
