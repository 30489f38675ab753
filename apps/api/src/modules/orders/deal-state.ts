import { and, inArray, isNull, sql } from 'drizzle-orm';
import {
  dealStateOf,
  orderStatusOf,
  transition,
  type OrderStatus,
  type DealEvent,
  type DealState,
  type PaidDealFacts,
} from '@laptops/shared/order-states';
import type { Db } from '../../db/client.ts';
import { disputes } from '../../db/schema/disputes.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Refunds of a paid deal's own money (the others give back a payment that came too late). */
export const dealRefundReasons = ['seller-cancelled', 'dispute'] as const;

/**
 * A booking's state from its rows. The services decide on the rows they lock, the
 * order and its laptop; the order page also reads refunds (`refunded`) and, for a paid
 * deal, where its money went (`settlement`, from `settlementsOf`).
 */
export function dealStateOfRows(
  order: { paid: boolean; cancelledAt: Date | null },
  product: { status: string; deletedAt: Date | null },
  refunded = false,
  settlement?: PaidDealFacts,
): DealState {
  return dealStateOf({
    paid: order.paid,
    cancelled: order.cancelledAt !== null,
    refunded,
    productSold: product.status === 'sold',
    productWithdrawn: product.deletedAt !== null,
    settlement,
  });
}

/** Where each paid order's money went: released, given back, or held under a dispute. */
export async function settlementsOf(
  db: Db,
  paidOrders: { id: string; completedAt: Date | null }[],
): Promise<Map<string, PaidDealFacts>> {
  const ids = paidOrders.map((order) => order.id);
  const result = new Map<string, PaidDealFacts>();
  if (ids.length === 0) return result;
  const [given, open] = await Promise.all([
    db
      .select({
        orderId: refunds.orderId,
        cents: sql<number>`sum(${refunds.amountCents})::int`.mapWith(Number),
      })
      .from(refunds)
      .where(and(inArray(refunds.orderId, ids), inArray(refunds.reason, [...dealRefundReasons])))
      .groupBy(refunds.orderId),
    db
      .select({ orderId: disputes.orderId })
      .from(disputes)
      .where(and(inArray(disputes.orderId, ids), isNull(disputes.settledAt))),
  ]);
  const refunded = new Map(given.map((row) => [row.orderId, row.cents]));
  const disputed = new Set(open.map((row) => row.orderId));
  for (const order of paidOrders) {
    result.set(order.id, {
      completed: order.completedAt !== null,
      refundedCents: refunded.get(order.id) ?? 0,
      disputeOpen: disputed.has(order.id),
    });
  }
  return result;
}

/** A booking as the lists (My orders, My buyers) read it. */
export type ListedBooking = {
  id: string;
  paid: boolean;
  completedAt: Date | null;
  productStatus: string;
  productDeletedAt: Date | null;
};

/**
 * Each listed booking's status. The paid ones' settlements are read in one batch (two
 * queries whatever the list's length), not per row. Listed bookings are not cancelled;
 * a refund of a payment that came too late is told on the order page only.
 */
export async function listStatusesOf(
  db: Db,
  bookings: ListedBooking[],
): Promise<Map<string, OrderStatus>> {
  const settlements = await settlementsOf(
    db,
    bookings.filter((booking) => booking.paid),
  );
  return new Map(
    bookings.map((booking) => [
      booking.id,
      orderStatusOf(
        dealStateOfRows(
          { paid: booking.paid, cancelledAt: null },
          { status: booking.productStatus, deletedAt: booking.productDeletedAt },
          false,
          settlements.get(booking.id),
        ),
      ),
    ]),
  );
}

/** One paid order's settlement facts (see `settlementsOf`). */
export async function settlementOf(db: Db, order: { id: string; completedAt: Date | null }) {
  const facts = (await settlementsOf(db, [order])).get(order.id);
  if (!facts) throw new Error(`no settlement facts for ${order.id}`);
  return facts;
}

/** The state after `event`, or a 409 saying why it cannot happen now. */
export function requireTransition(state: DealState, event: DealEvent): DealState {
  const next = transition(state, event);
  if (!next.ok) throw new HttpError(409, next.refusal.code, next.refusal.message);
  return next.state;
}
