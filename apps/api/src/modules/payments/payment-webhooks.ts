import type { IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import { webhookEvents } from '../../db/schema/webhook-events.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { settlePayment, type PaymentDeps } from './payments.service.ts';

type WebhookProvider = PaymentProvider & {
  readWebhook: NonNullable<PaymentProvider['readWebhook']>;
};

export const receivesWebhooks = (provider: PaymentProvider): provider is WebhookProvider =>
  provider.readWebhook !== undefined;

/**
 * A webhook call from the card processor: the provider checks and reads it; an event
 * delivered before (processors retry until they get a 2xx) is acknowledged and
 * nothing more; a succeeded payment is settled as if the buyer's browser had reported
 * it; a seller's payout account that changed is asked for afresh. The event is remembered only once handled, so a call that failed half-way is
 * handled again on the processor's retry.
 */
export async function receiveWebhook(
  deps: PaymentDeps & {
    provider: WebhookProvider;
    /** A seller's payout account changed (modules/payouts: asked for afresh and kept). */
    accountUpdated?: (accountId: string) => Promise<void>;
  },
  request: { rawBody: Buffer; headers: IncomingHttpHeaders },
) {
  const reading = await deps.provider.readWebhook(request);
  if (!reading.ok && reading.refused === 'signature') {
    throw new HttpError(400, 'BAD_SIGNATURE', 'Missing or invalid signature.');
  }
  if (!reading.ok) {
    throw new HttpError(400, 'BAD_EVENT', 'This is not a Stripe event we can read.');
  }
  const { event } = reading;
  const [seen] = await deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
  if (seen) return { received: true };
  if (event.action === 'payment-succeeded') await settlePayment(deps, event.paymentIntentId);
  if (event.action === 'account-updated') await deps.accountUpdated?.(event.accountId);
  await deps.db
    .insert(webhookEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing();
  return { received: true };
}
