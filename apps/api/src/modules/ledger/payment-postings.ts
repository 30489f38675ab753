import type { Db } from '../../db/client.ts';
import { chargeEntries, refundEntries } from './ledger-accounts.ts';
import { postTransaction } from './ledger.service.ts';

/*
 * Today's money movements, posted in the transaction that records them. The keys
 * follow the provider's payment, so a payment reported twice (the browser, the
 * webhook, reconciliation) is posted once; the ledger migration keyed the history the
 * same way.
 */

type CardPayment = { orderId: string; paymentIntentId: string; amountCents: number };

/** The card processor took the money: held for the order (nothing releases it yet). */
export function recordCardPayment(tx: Db, payment: CardPayment) {
  return postTransaction(tx, {
    kind: 'charge',
    orderId: payment.orderId,
    key: `charge:${payment.paymentIntentId}`,
    description: `Card payment ${payment.paymentIntentId}`,
    entries: chargeEntries(payment.orderId, payment.amountCents),
  });
}

/** A payment that could not buy the laptop: taken, then given back. */
export async function recordRefundedPayment(tx: Db, payment: CardPayment & { reason: string }) {
  await recordCardPayment(tx, payment);
  return postTransaction(tx, {
    kind: 'refund',
    orderId: payment.orderId,
    key: `refund:${payment.paymentIntentId}`,
    description: `Refund of ${payment.paymentIntentId} (${payment.reason})`,
    entries: refundEntries(payment.orderId, payment.amountCents),
  });
}
