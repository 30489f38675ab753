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
  /** A seller's payout account changed (Stripe's `account.updated`): asked for afresh. */
  | { id: string; type: string; action: 'account-updated'; accountId: string }
  | { id: string; type: string; action: 'none' };

export type WebhookReading =
  | { ok: true; event: WebhookEvent }
  /** `signature`: not signed by the provider. `event`: signed, but not an event it reads. */
  | { ok: false; refused: 'signature' | 'event' };

/**
 * A seller's connected account (Stripe Connect Express), as the payouts read it.
 * `transfersEnabled`: the platform may transfer to it; `payoutsEnabled`: the processor
 * sends its balance on to the seller's bank.
 */
export type ProviderConnectedAccount = {
  id: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  transfersEnabled: boolean;
  /** What the processor still needs from the seller, due now or past due (its field names). */
  requirements: string[];
  disabledReason: string | null;
};

export type ProviderTransfer = { id: string; amountCents: number; destination: string };

/**
 * What became of a transfer asked for: made, or refused for good (the platform's
 * balance is short, the account cannot take transfers). A failure that may pass (the
 * processor unreachable, a 5xx) is thrown instead, and the same request tried again.
 */
export type TransferOutcome =
  { ok: true; transfer: ProviderTransfer } | { ok: false; code: string; message: string };

/** Paying sellers out: their connected accounts, onboarding, and transfers to them. */
export type ConnectProvider = {
  /** An Express account able to receive transfers, with our user's id in its metadata. */
  createConnectedAccount(input: {
    userId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<ProviderConnectedAccount>;
  retrieveConnectedAccount(id: string): Promise<ProviderConnectedAccount | null>;
  /** A single-use link to the processor's onboarding form, which comes back to `returnUrl`. */
  createOnboardingLink(input: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
  /** Transfers from the platform's balance; the same key gives the same transfer back. */
  createTransfer(input: {
    amountCents: number;
    currency: 'usd';
    destination: string;
    transferGroup: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<TransferOutcome>;
  /**
   * The transfer made for `transferGroup`, if any: how a payout left pending by a crash
   * finds the transfer it made even after the processor forgot its idempotency key.
   */
  findTransfer(transferGroup: string): Promise<ProviderTransfer | null>;
};

export type PaymentProvider = ConnectProvider & {
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
