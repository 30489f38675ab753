import { eq } from 'drizzle-orm';
import { feeCents } from '@laptops/shared/deals';
import type { ReleaseCause } from '@laptops/shared/deals';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { refundEntries, releaseEntries } from '../ledger/ledger-accounts.ts';
import { balanceOf, postTransaction } from '../ledger/ledger.service.ts';
import { accounts } from '../ledger/ledger-accounts.ts';

/*
 * The two ways a paid deal's held money leaves: to the seller (less the fee) or back
 * to the buyer. Each runs inside the caller's transaction, which holds the order's row
 * and has checked the deal's state: the ledger's keys make a second posting a no-op,
 * and its checks refuse moving more than is held.
 */

type PaidOrder = { id: string; feeBps: number | null };

/**
 * Releases everything still held for the order to its seller, less the fee promised
 * at payment. Marks the deal complete. Returns what the seller receives, in cents.
 */
export async function releaseHeldMoney(
  tx: Db,
  order: PaidOrder,
  sellerId: string,
  cause: ReleaseCause,
): Promise<{ releasedCents: number; feeCents: number }> {
  const held = await balanceOf(tx, accounts.held(order.id));
  const fee = feeCents(held, order.feeBps ?? 0);
  if (held > 0) {
    await postTransaction(tx, {
      kind: 'release',
      orderId: order.id,
      key: `release:${order.id}`,
      description: `Released to the seller (${cause})`,
      entries: releaseEntries(order.id, sellerId, held, fee),
    });
  }
  await tx
    .update(orders)
    .set({ completedAt: new Date(), releasedBy: cause })
    .where(eq(orders.id, order.id));
  return { releasedCents: held - fee, feeCents: fee };
}

export type DealRefundReason = 'seller-cancelled' | 'dispute';

/**
 * Decides to give `amountCents` of the held money back to the buyer: the refund row
 * (which the provider is then asked to carry out, see deal-refunds.ts) and the ledger
 * posting, written together. The provider's payment of this deal is what is refunded.
 */
export async function refundHeldMoney(
  tx: Db,
  order: { id: string },
  amountCents: number,
  reason: DealRefundReason,
): Promise<{ paymentIntentId: string }> {
  const [payment] = await tx
    .select({ transactionId: payments.transactionId, provider: payments.provider })
    .from(payments)
    .where(eq(payments.orderId, order.id));
  if (!payment) throw new Error(`order ${order.id} is paid but has no payment`);
  await tx.insert(refunds).values({
    orderId: order.id,
    provider: payment.provider,
    transactionId: payment.transactionId,
    amountCents,
    reason,
  });
  await postTransaction(tx, {
    kind: 'refund',
    orderId: order.id,
    key: `refund:${payment.transactionId}`,
    description: `Refund of ${payment.transactionId} (${reason})`,
    entries: refundEntries(order.id, amountCents),
  });
  return { paymentIntentId: payment.transactionId };
}
