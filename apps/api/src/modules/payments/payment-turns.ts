import { and, asc, eq, gt, isNull, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { HttpError } from '../../lib/http-error.ts';

export const turnMessages = {
  oneAtATime:
    'You are already paying for another laptop. Finish that payment, or cancel its booking, before you start another.',
  notYourTurn: (minutes: number) =>
    `Other buyers booked this laptop before you and get their turn to pay first. Please try again in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

/**
 * A buyer holds at most one laptop at a time while paying: otherwise one free account
 * could hold every laptop on the site without paying for any.
 */
export async function refuseSecondHold(
  tx: Db,
  { buyerId, orderId, now }: { buyerId: string; orderId: string; now: Date },
) {
  const [other] = await tx
    .select({ id: products.id })
    .from(products)
    .innerJoin(orders, eq(orders.id, products.heldByOrderId))
    .where(
      and(
        eq(orders.buyerId, buyerId),
        ne(orders.id, orderId),
        isNull(orders.cancelledAt),
        eq(orders.paid, false),
        gt(products.heldUntil, now),
      ),
    )
    .limit(1);
  if (other) throw new HttpError(409, 'HOLD_LIMIT', turnMessages.oneAtATime);
}

/**
 * Once a hold on a laptop has ended (it ran out, or its buyer cancelled), the laptop
 * does not go to whoever asks first: that race is won by a script, and two accounts
 * taking turns kept a laptop from a waiting buyer for ever. Its open bookings form a
 * line, each in the order it started waiting: when it was booked, or, for a buyer whose
 * hold ended, when it ended (they go to the back). From the moment the last hold ended,
 * each booking in line has one hold's length in which only it may start paying. When
 * every booking has had its turn, the laptop is open to whoever pays first again, so
 * bookings nobody acts on delay a sale by at most one hold's length each.
 *
 * Called with the laptop's row locked, so two buyers starting at once see the same line.
 */
export async function refuseOutOfTurn(
  tx: Db,
  {
    orderId,
    productId,
    now,
    holdSeconds,
  }: { orderId: string; productId: string; now: Date; holdSeconds: number },
) {
  const [last] = await tx
    .select({ end: max(orders.heldUntil) })
    .from(orders)
    .where(eq(orders.productId, productId));
  const freeSince = last?.end?.getTime();
  // Never held, or held by an order that has just been cancelled: no line yet.
  if (freeSince === undefined || freeSince > now.getTime()) return;
  const line = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.productId, productId), isNull(orders.cancelledAt), eq(orders.paid, false)))
    .orderBy(asc(sql`coalesce(${orders.heldUntil}, ${orders.createdAt})`), asc(orders.id));
  const turnMs = holdSeconds * 1000;
  const turn = Math.floor((now.getTime() - freeSince) / turnMs);
  if (turn >= line.length || line[turn]?.id === orderId) return;
  const place = line.findIndex((booking) => booking.id === orderId);
  // A booking whose turn is still to come waits for it; one whose turn has passed waits
  // until the line is done.
  const waitUntil = freeSince + (place > turn ? place : line.length) * turnMs;
  const minutes = Math.max(1, Math.ceil((waitUntil - now.getTime()) / 60_000));
  throw new HttpError(409, 'NOT_YOUR_TURN', turnMessages.notYourTurn(minutes));
}
