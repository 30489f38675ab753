import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ReleaseCause } from '@laptops/shared/deals';
import type { DealState } from '@laptops/shared/order-states';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import {
  announce,
  systemLineText,
  tellWith,
  writeSystemLine,
  type SystemLine,
} from '../conversations/system-lines.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import type { LiveSignal } from '../live/live-bus.ts';
import { dealStateOfRows, requireTransition, settlementOf } from '../orders/deal-state.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { releasedMail, sellerCancelledMail } from './deals.mails.ts';
import { releaseHeldMoney, refundHeldMoney } from './deal-money.ts';
import { carryOutDealRefund } from './deal-refunds.ts';

export type DealDeps = {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  publish(signal: LiveSignal): Promise<void>;
  /** Told once a release has committed, so the seller's money is paid out. */
  onReleased?(sellerId: string): Promise<void>;
  /** Told once a cancelled deal put its laptop back for sale (saved searches match it). */
  onBackForSale?(productId: string): Promise<void>;
};

export const dealMessages = {
  wrongCode: 'That is not the buyer’s code. Check the 6 digits on their order page.',
  disputed: 'The buyer opened a dispute about this deal: an admin will settle it.',
} as const;

export type LockedDeal = Awaited<ReturnType<typeof lockDeal>>;

/**
 * The order and its laptop under row locks (orders before laptops, as everywhere),
 * with the deal's state read from them. `tx` must be a transaction.
 */
export async function lockDeal(tx: Db, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('You have no such order.');
  const [product] = await tx
    .select({
      id: products.id,
      name: products.name,
      sellerId: products.sellerId,
      status: products.status,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .where(eq(products.id, order.productId))
    .for('update');
  if (!product) throw notFound('You have no such order.');
  const settlement = order.paid ? await settlementOf(tx, order) : undefined;
  const state: DealState = dealStateOfRows(order, product, false, settlement);
  return { order, product, state };
}

/** Money may be released by a handover only while it is held and nobody disputes it. */
function requireHeld(state: DealState) {
  if (state === 'disputed') throw new HttpError(409, 'ORDER_DISPUTED', dealMessages.disputed);
  requireTransition(state, 'release');
}

/** Releases a locked deal's money to its seller and writes the line saying so. */
export async function releaseLockedDeal(tx: Db, deal: LockedDeal, cause: ReleaseCause) {
  const money = await releaseHeldMoney(tx, deal.order, deal.product.sellerId, cause);
  const line = await writeSystemLine(tx, {
    productId: deal.product.id,
    buyerId: deal.order.buyerId,
    sellerId: deal.product.sellerId,
    body:
      cause === 'automatic'
        ? systemLineText.releasedAutomatically
        : systemLineText.releasedAtHandover,
  });
  return { ...money, line };
}

/**
 * What follows a committed release: the line live, the seller's email and payout. A
 * settled dispute sends its own email (`mailSeller: false`), which says the same.
 */
export async function afterRelease(
  deps: DealDeps,
  deal: LockedDeal,
  released: { releasedCents: number; feeCents: number; line: SystemLine },
  { mailSeller = true }: { mailSeller?: boolean } = {},
) {
  await announce(tellWith(deps.publish, deps.log), [released.line]);
  if (deps.onReleased) {
    await deps
      .onReleased(deal.product.sellerId)
      .catch((error: unknown) => deps.log.error({ err: error }, 'payout not queued'));
  }
  if (!mailSeller) return;
  const [seller] = await deps.db.select().from(users).where(eq(users.id, deal.product.sellerId));
  if (!seller) return;
  await deps.mailer
    .send(
      releasedMail({
        to: seller.email,
        sellerName: seller.name,
        productName: deal.product.name,
        receivedCents: released.releasedCents,
        feeCents: released.feeCents,
        earningsUrl: `${deps.publicUrl}/dashboard/earnings`,
      }),
    )
    .catch((error: unknown) => deps.log.error({ err: error }, 'release email not sent'));
}

/** The seller enters the code the buyer showed them: the money is released. */
export async function enterHandoverCode(
  deps: DealDeps,
  sellerId: string,
  orderId: string,
  code: string,
) {
  const { deal, released } = await deps.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, orderId);
    if (deal.product.sellerId !== sellerId) throw notFound('You have no such order.');
    requireHeld(deal.state);
    if (deal.order.handoverCode !== code)
      throw new HttpError(422, 'WRONG_HANDOVER_CODE', dealMessages.wrongCode);
    return { deal, released: await releaseLockedDeal(tx, deal, 'handover-code') };
  });
  await afterRelease(deps, deal, released);
}

/** The buyer says they have the laptop: the money is released. */
export async function confirmReceived(deps: DealDeps, buyerId: string, orderId: string) {
  const { deal, released } = await deps.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, orderId);
    if (deal.order.buyerId !== buyerId) throw notFound('You have no such order.');
    requireHeld(deal.state);
    return { deal, released: await releaseLockedDeal(tx, deal, 'buyer') };
  });
  await afterRelease(deps, deal, released);
}

/**
 * The seller cancels a paid deal before the handover: the held money goes back to the
 * buyer in full and the laptop is for sale again. Not while a dispute is open: then an
 * admin decides.
 */
export async function sellerCancel(deps: DealDeps, sellerId: string, orderId: string) {
  const result = await deps.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, orderId);
    if (deal.product.sellerId !== sellerId) throw notFound('You have no such order.');
    requireHeld(deal.state);
    requireTransition(deal.state, 'refund');
    const held = await balanceOf(tx, accounts.held(deal.order.id));
    await refundHeldMoney(tx, deal.order, held, 'seller-cancelled');
    // Nothing is left to release: out of the automatic release's sight. The booking ends
    // too, so the buyer may book the laptop again.
    await tx
      .update(orders)
      .set({ releaseDueAt: null, cancelledAt: new Date() })
      .where(eq(orders.id, deal.order.id));
    await tx
      .update(products)
      .set({ status: 'available', heldByOrderId: null, heldUntil: null })
      .where(eq(products.id, deal.product.id));
    const line = await writeSystemLine(tx, {
      productId: deal.product.id,
      buyerId: deal.order.buyerId,
      sellerId,
      body: systemLineText.sellerCancelled(held),
    });
    return { deal, held, line };
  });
  await announce(tellWith(deps.publish, deps.log), [result.line]);
  await deps
    .onBackForSale?.(result.deal.product.id)
    .catch((error: unknown) => deps.log.error({ err: error }, 'saved search matching not queued'));
  // A provider that is away now is asked again by the deal-refunds job.
  await carryOutDealRefund(deps, orderId).catch((error: unknown) =>
    deps.log.error({ err: error, orderId }, 'refund not carried out yet; the job will retry'),
  );
  const [buyer] = await deps.db.select().from(users).where(eq(users.id, result.deal.order.buyerId));
  if (buyer) {
    await deps.mailer
      .send(
        sellerCancelledMail({
          to: buyer.email,
          buyerName: buyer.name,
          productName: result.deal.product.name,
          amountCents: result.held,
        }),
      )
      .catch((error: unknown) => deps.log.error({ err: error }, 'cancellation email not sent'));
  }
}
