import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { can, type DealState } from '@laptops/shared/order-states';
import type { PaymentIntentResult } from '@laptops/shared/payments';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import {
  announce,
  systemLineText,
  tellWith,
  writeSaleLines,
  writeSystemLine,
} from '../conversations/system-lines.ts';
import { paidDealFields, type DealTerms } from '../deals/deal-terms.ts';
import { recordCardPayment, recordRefundedPayment } from '../ledger/payment-postings.ts';
import type { LiveSignal } from '../live/live-bus.ts';
import { dealStateOfRows, requireTransition } from '../orders/deal-state.ts';
import { receiptMail, refundMail, saleNoticeMail } from '../orders/orders.mails.ts';
import type { PaymentProvider, ProviderPaymentIntent } from './payment-provider.ts';
import { refuseOutOfTurn, refuseSecondHold } from './payment-turns.ts';

export type PaymentDeps = {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  holdSeconds: number;
  /** The fee and the automatic release written on each paid order. */
  terms: DealTerms;
  /** Tells both people of the lines a sale or a refund writes in their conversation. */
  publish(signal: LiveSignal): Promise<void>;
  now?: () => Date;
};

export const paymentMessages = {
  alreadyPaid: 'This order is already paid.',
  sold: 'This laptop was sold to another buyer.',
  withdrawn: 'This laptop is no longer for sale.',
  held: 'Another buyer is paying for this laptop right now. Please try again in a few minutes.',
  notSucceeded: 'The payment has not gone through.',
} as const;

/** Why a confirmed payment cannot make a sale and goes back to the buyer. */
export type RefundReason =
  | 'sold'
  | 'withdrawn'
  | 'cancelled'
  | 'already-paid'
  | 'amount'
  | 'held'
  // A paid deal's own money going back (modules/deals).
  | 'seller-cancelled'
  | 'dispute';

/** Said on the payment page (with 'Your payment was refunded.') and in the email. */
export const refundCauses: Record<RefundReason, string> = {
  sold: 'This laptop was sold to another buyer just before your payment arrived.',
  withdrawn: 'This laptop was taken off the market before your payment arrived.',
  cancelled: 'This order was cancelled before your payment arrived.',
  'already-paid': 'This order was already paid.',
  amount: "This payment did not match the order's price.",
  held: 'Your time to pay had run out, and another buyer was paying for this laptop when your payment arrived.',
  'seller-cancelled': 'The seller cancelled the sale before the handover.',
  dispute: 'An admin settled the dispute with a refund.',
};

/**
 * Starts (or resumes) paying for one of the buyer's orders. The amount is the
 * order's price, fixed by the server at booking. Starting holds the laptop for this
 * order for `holdSeconds`, so a second buyer is told it is being bought instead of
 * being charged for nothing.
 */
export async function startPayment(
  deps: PaymentDeps,
  buyerId: string,
  orderId: string,
): Promise<PaymentIntentResult> {
  const now = deps.now?.() ?? new Date();
  const reserved = await deps.db.transaction(async (tx) => {
    // The buyer's account first (the lock order everywhere: account, orders, laptops), so
    // two payments they start at once for two laptops take turns: one hold at a time.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, buyerId)).for('update');
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId), isNull(orders.cancelledAt)))
      .for('update');
    if (!order) throw notFound('You have no such order.');
    const [product] = await tx
      .select()
      .from(products)
      .where(eq(products.id, order.productId))
      .for('update');
    if (!product) throw new HttpError(409, 'PRODUCT_SOLD', paymentMessages.sold);
    // Paid, sold to another buyer or withdrawn: the deal's machine says no (409).
    requireTransition(dealStateOfRows(order, product), 'pay');
    const isHeld = (product.heldUntil?.getTime() ?? 0) > now.getTime();
    if (isHeld && product.heldByOrderId !== order.id) {
      throw new HttpError(409, 'PRODUCT_HELD', paymentMessages.held);
    }
    // A hold runs from the attempt that took it: asking again (a reload) does not extend
    // it, or one buyer could keep a laptop from everyone else for ever.
    if (!isHeld) {
      await refuseOutOfTurn(tx, {
        orderId: order.id,
        productId: product.id,
        now,
        holdSeconds: deps.holdSeconds,
      });
      await refuseSecondHold(tx, { buyerId, orderId: order.id, now });
      const heldUntil = new Date(now.getTime() + deps.holdSeconds * 1000);
      await tx
        .update(products)
        .set({ heldByOrderId: order.id, heldUntil })
        .where(eq(products.id, product.id));
      await tx.update(orders).set({ heldUntil }).where(eq(orders.id, order.id));
    }
    return order;
  });

  const order = reserved;
  let intent: ProviderPaymentIntent | null = null;
  const refunded = order.paymentIntentId
    ? await deps.db
        .select({ id: refunds.id })
        .from(refunds)
        .where(eq(refunds.transactionId, order.paymentIntentId))
    : [];
  if (order.paymentIntentId && refunded.length === 0) {
    // Resume the attempt in progress (a reload of the payment page) when it can still be
    // paid; one whose money went back is over (a refunded intent still says succeeded).
    intent = await deps.provider.retrievePaymentIntent(order.paymentIntentId);
    if (intent && (intent.status === 'canceled' || intent.amountCents !== order.priceCents))
      intent = null;
  }
  if (!intent) {
    // The next attempt's number comes from what is stored, so requests made at once
    // (two tabs, a double click) send the same idempotency key and get one intent.
    const attempt = order.paymentAttempts + 1;
    const useAttempt = (fields: { paymentIntentId?: string } = {}) =>
      deps.db
        .update(orders)
        .set({ ...fields, paymentAttempts: attempt })
        .where(and(eq(orders.id, order.id), lt(orders.paymentAttempts, attempt)));
    try {
      intent = await deps.provider.createPaymentIntent({
        amountCents: order.priceCents,
        currency: 'usd',
        metadata: { orderId: order.id, productId: order.productId, buyerId },
        idempotencyKey: `order-${order.id}-attempt-${attempt}`,
      });
    } catch (error) {
      // Stripe answers a key it has seen with its first answer, errors included, for a
      // day: the next try must use a new one.
      await useAttempt().catch(() => {});
      throw error;
    }
    await useAttempt({ paymentIntentId: intent.id });
  }
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: deps.provider.name,
    publishableKey: deps.provider.publishableKey,
    amount: order.priceCents / 100,
  };
}

export type PaymentOutcome =
  { kind: 'recorded'; paymentId: string; orderId: string } | { kind: 'refunded'; orderId: string };

/**
 * Records a payment once the provider confirms it: status succeeded, amount and
 * order as ours. In one transaction the order becomes paid, the laptop sold and the
 * payment recorded once. Money for a laptop sold meanwhile (or an order paid twice)
 * goes back through the provider. Safe to call any number of times, from the
 * browser and the webhook at once.
 */
export async function settlePayment(
  deps: PaymentDeps,
  paymentIntentId: string,
  expected?: { orderId: string; buyerId: string },
): Promise<PaymentOutcome> {
  const intent = await deps.provider.retrievePaymentIntent(paymentIntentId);
  if (!intent) throw new HttpError(400, 'PAYMENT_UNKNOWN', 'No such payment.');
  const orderId = intent.metadata.orderId;
  if (!orderId || (expected && orderId !== expected.orderId)) {
    throw new HttpError(400, 'PAYMENT_MISMATCH', 'This payment is not for this order.');
  }
  if (intent.status !== 'succeeded')
    throw new HttpError(402, 'PAYMENT_NOT_SUCCEEDED', paymentMessages.notSucceeded);

  const result = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || (expected && order.buyerId !== expected.buyerId))
      throw notFound('You have no such order.');
    const [product] = await tx
      .select()
      .from(products)
      .where(eq(products.id, order.productId))
      .for('update');
    if (!product) throw notFound('No such product.');

    const [already] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.transactionId, intent.id));
    if (already) return { kind: 'recorded' as const, paymentId: already.id, orderId, fresh: false };
    // Money once given back is never a sale later, when the laptop has become free
    // again (the intent still says succeeded: a refund does not change that).
    const [refunded] = await tx
      .select({ reason: refunds.reason })
      .from(refunds)
      .where(eq(refunds.transactionId, intent.id));
    if (refunded) {
      const reason = refunded.reason as RefundReason;
      return { kind: 'refund' as const, order, product, reason };
    }

    const dealState = dealStateOfRows(order, product);
    const refundReason: RefundReason | null = !can(dealState, 'pay')
      ? lateRefundReason(dealState)
      : intent.amountCents !== order.priceCents
        ? 'amount'
        : // An old payment form used after its hold ran out, while another buyer
          // holds the laptop: the buyer with the hold was promised their turn.
          product.heldByOrderId !== null &&
            product.heldByOrderId !== order.id &&
            (product.heldUntil?.getTime() ?? 0) > (deps.now?.() ?? new Date()).getTime()
          ? 'held'
          : null;
    if (refundReason) {
      // Written with the decision, before the money goes back: a later call finds it
      // here (and asks the provider again, in case that failed) instead of deciding anew.
      await tx.insert(refunds).values({
        orderId: order.id,
        provider: deps.provider.name,
        transactionId: intent.id,
        amountCents: intent.amountCents,
        reason: refundReason,
      });
      await recordRefundedPayment(tx, {
        orderId: order.id,
        paymentIntentId: intent.id,
        amountCents: intent.amountCents,
        reason: refundReason,
      });
      return { kind: 'refund' as const, order, product, reason: refundReason };
    }

    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        provider: deps.provider.name,
        transactionId: intent.id,
        amountCents: intent.amountCents,
        currency: intent.currency,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('payment insert returned no row');
    await recordCardPayment(tx, {
      orderId: order.id,
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
    });
    const paidAt = new Date();
    await tx
      .update(orders)
      .set({ paid: true, paidAt, ...paidDealFields(deps.terms, paidAt) })
      .where(eq(orders.id, order.id));
    await tx
      .update(products)
      .set({ status: 'sold', isAdvertised: false, heldByOrderId: null, heldUntil: null })
      .where(eq(products.id, product.id));
    const lines = await writeSaleLines(tx, { order, product, amountCents: intent.amountCents });
    return {
      kind: 'recorded' as const,
      paymentId: payment.id,
      orderId,
      fresh: true,
      order,
      product,
      lines,
    };
  });
  const tell = tellWith(deps.publish, deps.log);

  if (result.kind === 'refund') {
    // The provider is asked (idempotently) on each report of the payment until it has
    // confirmed once; the buyer is told when it has.
    const [row] = await deps.db
      .select({ providerRefundedAt: refunds.providerRefundedAt })
      .from(refunds)
      .where(eq(refunds.transactionId, intent.id));
    if (!row?.providerRefundedAt) {
      await deps.provider.refundPaymentIntent(intent.id, `refund-${intent.id}`);
      const { order, product } = result;
      // The thread says so with the confirmation, once: whichever call confirms first.
      const confirmed = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(refunds)
          .set({ providerRefundedAt: new Date() })
          .where(and(eq(refunds.transactionId, intent.id), isNull(refunds.providerRefundedAt)))
          .returning({ id: refunds.id });
        if (!row) return null;
        return writeSystemLine(tx, {
          productId: product.id,
          buyerId: order.buyerId,
          sellerId: product.sellerId,
          body: systemLineText.refunded(intent.amountCents),
        });
      });
      if (confirmed) {
        await announce(tell, [confirmed]);
        void sendRefundMail(deps, intent, result.reason, {
          productName: result.product.name,
          buyerId: result.order.buyerId,
        }).catch((error: unknown) => deps.log.error({ err: error }, 'refund email not sent'));
      }
    }
    if (expected)
      throw new HttpError(
        409,
        'PAYMENT_REFUNDED',
        `${refundCauses[result.reason]} Your payment was refunded.`,
      );
    return { kind: 'refunded', orderId };
  }
  if (result.fresh && result.order && result.product) {
    await announce(tell, result.lines);
    void sendPaymentMails(
      deps,
      result.order.buyerId,
      result.product.sellerId,
      result.product.name,
      intent,
    ).catch((error: unknown) => deps.log.error({ err: error }, 'payment emails not sent'));
  }
  return { kind: 'recorded', paymentId: result.paymentId, orderId };
}

/** Why a payment goes back when the deal cannot take it ('pay' is allowed only when booked). */
function lateRefundReason(state: DealState): RefundReason {
  if (state === 'cancelled') return 'cancelled';
  if (state === 'sold-to-another') return 'sold';
  // Withdrawn by its seller, removed by an admin, or its seller's account deleted.
  if (state === 'withdrawn') return 'withdrawn';
  return 'already-paid';
}

async function sendRefundMail(
  deps: PaymentDeps,
  intent: ProviderPaymentIntent,
  reason: RefundReason,
  { productName, buyerId }: { productName: string; buyerId: string },
) {
  const [buyer] = await deps.db.select().from(users).where(eq(users.id, buyerId));
  if (!buyer) return;
  await deps.mailer.send(
    refundMail({
      to: buyer.email,
      buyerName: buyer.name,
      productName,
      amountCents: intent.amountCents,
      why: refundCauses[reason],
    }),
  );
}

async function sendPaymentMails(
  deps: PaymentDeps,
  buyerId: string,
  sellerId: string,
  productName: string,
  intent: ProviderPaymentIntent,
) {
  const [buyer] = await deps.db.select().from(users).where(eq(users.id, buyerId));
  const [seller] = await deps.db.select().from(users).where(eq(users.id, sellerId));
  if (!buyer || !seller) return;
  await deps.mailer.send(
    receiptMail({
      to: buyer.email,
      buyerName: buyer.name,
      productName,
      amountCents: intent.amountCents,
      transactionId: intent.id,
      sellerEmail: seller.email,
    }),
  );
  await deps.mailer.send(
    saleNoticeMail({
      to: seller.email,
      sellerName: seller.name,
      productName,
      amountCents: intent.amountCents,
      buyerEmail: buyer.email,
    }),
  );
}
