import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { bookingMessages } from '@laptops/shared/messages';
import { centsToDollars } from '@laptops/shared/money';
import type { OrderStatus } from '@laptops/shared/order-states';
import type { BookingFields, Order } from '@laptops/shared/orders';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Viewer } from '../auth/viewer.ts';
import {
  announce,
  systemLineText,
  writeSystemLine,
  type Tell,
} from '../conversations/system-lines.ts';
import { thumbnailUrl } from '../images/images.service.ts';
import { dealStateOfRows, listStatusesOf, requireTransition } from './deal-state.ts';
import { bookingNoticeMail } from './orders.mails.ts';

const sellers = alias(users, 'sellers');

/** How often one buyer's bookings of one laptop may notify its seller. */
const NOTICE_EVERY_MS = 60 * 60_000;
const buyers = alias(users, 'buyers');

/**
 * Books a laptop for the signed-in buyer at the resale price the server reads.
 * A buyer books a product once; several buyers may book the same laptop. The booking
 * is written in the buyer's conversation with the seller, and both are told live.
 */
export async function bookProduct(
  deps: { db: Db; mailer: Mailer; publicUrl: string; tell: Tell },
  buyer: Viewer,
  input: BookingFields & { productId: string },
): Promise<string> {
  const booked = await deps.db.transaction(async (tx) => {
    // An account being deleted meanwhile (its row locked) is waited for: its open
    // bookings are cancelled, and none may be made after. Locked before the laptop, as
    // the deletion locks them (account, then the laptops its bookings hold).
    // Its role is read here too: one made an admin meanwhile (Make Admin refuses
    // people with open bookings) books nothing.
    const [account] = await tx
      .select({ deletedAt: users.deletedAt, typeOfUser: users.typeOfUser })
      .from(users)
      .where(eq(users.id, buyer.id))
      .for('share');
    if (!account || account.deletedAt)
      throw new HttpError(403, 'ACCOUNT_DELETED', 'This account has been deleted.');
    if (account.typeOfUser !== 'buyer')
      throw new HttpError(403, 'FORBIDDEN', 'Only buyer accounts can book laptops.');
    // Shared lock: a seller deleting or withdrawing it meanwhile waits for this booking
    // (and then sees it), or this waits and finds it gone.
    const [product] = await tx
      .select({
        id: products.id,
        name: products.name,
        status: products.status,
        deletedAt: products.deletedAt,
        sellerId: products.sellerId,
        priceCents: products.resalePriceCents,
        sellerEmail: sellers.email,
        sellerName: sellers.name,
        sellerDeletedAt: sellers.deletedAt,
      })
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(eq(products.id, input.productId))
      .for('share', { of: products });
    if (!product || product.deletedAt || product.sellerDeletedAt)
      throw notFound(bookingMessages.unavailable);
    if (product.status === 'sold') throw new HttpError(409, 'PRODUCT_SOLD', bookingMessages.sold);
    if (product.sellerId === buyer.id) throw new HttpError(409, 'OWN_PRODUCT', bookingMessages.own);

    const [order] = await tx
      .insert(orders)
      .values({
        productId: product.id,
        buyerId: buyer.id,
        priceCents: product.priceCents,
        buyerPhone: input.buyerPhone,
        meetingLocation: input.meetingLocation,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (!order) throw new HttpError(409, 'ALREADY_BOOKED', bookingMessages.alreadyBooked);
    // Booking, cancelling and booking again must not flood the seller's mailbox: one
    // notice an hour per buyer and laptop.
    const [recent] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.productId, product.id),
          eq(orders.buyerId, buyer.id),
          ne(orders.id, order.id),
          gt(orders.createdAt, new Date(Date.now() - NOTICE_EVERY_MS)),
        ),
      )
      .limit(1);
    const line = await writeSystemLine(tx, {
      productId: product.id,
      buyerId: buyer.id,
      sellerId: product.sellerId,
      body: systemLineText.booked(buyer.name, input.meetingLocation),
    });
    return { orderId: order.id, product, notify: !recent, line };
  });

  const { product } = booked;
  await announce(deps.tell, [booked.line]);
  if (!booked.notify) return booked.orderId;
  void deps.mailer
    .send(
      bookingNoticeMail({
        to: product.sellerEmail,
        sellerName: product.sellerName,
        productName: product.name,
        buyerName: buyer.name,
        buyerPhone: input.buyerPhone,
        meetingLocation: input.meetingLocation,
        priceCents: product.priceCents,
        orderUrl: `${deps.publicUrl}/dashboard/orders/${booked.orderId}`,
      }),
    )
    .catch(() => {});
  return booked.orderId;
}

function selectOrders(db: Db, where: SQL | undefined) {
  return (
    db
      .select({
        id: orders.id,
        productId: products.id,
        productName: products.name,
        image: products.image,
        productStatus: products.status,
        productDeletedAt: products.deletedAt,
        sellerName: sellers.name,
        buyerPhone: orders.buyerPhone,
        meetingLocation: orders.meetingLocation,
        priceCents: orders.priceCents,
        paid: orders.paid,
        completedAt: orders.completedAt,
        transactionId: payments.transactionId,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .leftJoin(payments, eq(payments.orderId, orders.id))
      // Bookings that stand, and paid deals whatever became of them (a seller's
      // cancellation ends the booking but the deal stays on record).
      .where(and(or(isNull(orders.cancelledAt), eq(orders.paid, true)), where))
      .orderBy(desc(orders.createdAt))
  );
}

type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

function toOrder(row: OrderRow, status: OrderStatus): Order {
  return {
    _id: row.id,
    productId: row.productId,
    productName: row.productName,
    thumbnail: thumbnailUrl(row.image),
    sellerName: row.sellerName,
    sellerMobileNumber: row.buyerPhone,
    sellerLocation: row.meetingLocation,
    price: centsToDollars(row.priceCents),
    paid: row.paid,
    status,
    transactionId: row.transactionId,
    bookedAt: row.createdAt.toISOString(),
  };
}

/** The buyer's bookings with their statuses, read for the whole list at once. */
async function toOrders(db: Db, rows: OrderRow[]): Promise<Order[]> {
  const statuses = await listStatusesOf(db, rows);
  return rows.map((row) => toOrder(row, statuses.get(row.id) ?? 'unpaid'));
}

export async function listMyOrders(db: Db, buyerId: string): Promise<Order[]> {
  return toOrders(db, await selectOrders(db, eq(orders.buyerId, buyerId)));
}

/** One of the buyer's own orders; anyone else's is "not found". */
export async function getMyOrder(db: Db, buyerId: string, id: string): Promise<Order> {
  const [row] = await selectOrders(db, and(eq(orders.id, id), eq(orders.buyerId, buyerId)));
  if (!row) throw notFound('You have no such order.');
  const [order] = await toOrders(db, [row]);
  if (!order) throw notFound('You have no such order.');
  return order;
}

/** Cancels an unpaid booking, and says so in its conversation. A paid order stays for the record. */
export async function cancelMyOrder(
  deps: { db: Db; tell: Tell },
  buyerId: string,
  id: string,
): Promise<{ deletedCount: number }> {
  const cancelled = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.buyerId, buyerId), isNull(orders.cancelledAt)))
      .for('update');
    if (!order) throw notFound('You have no such order.');
    // The laptop is locked before the order changes, in the order payments lock them:
    // a booking of it (which holds it shared) then finishes first instead of waiting on
    // this order's row while this waits on it, a deadlock.
    const [product] = await tx
      .select({
        id: products.id,
        sellerId: products.sellerId,
        status: products.status,
        deletedAt: products.deletedAt,
      })
      .from(products)
      .where(eq(products.id, order.productId))
      .for('update');
    if (!product) throw notFound('You have no such order.');
    // A paid order stays for the record (409 ORDER_PAID).
    requireTransition(dealStateOfRows(order, product), 'cancel');
    const now = new Date();
    await tx
      .update(orders)
      // A hold it had running ends now (and the buyer's turn with it).
      .set({
        cancelledAt: now,
        heldUntil: sql`case when ${orders.heldUntil} > ${now} then ${now} else ${orders.heldUntil} end`,
      })
      .where(eq(orders.id, id));
    // Release the laptop if this order was holding it for payment.
    await tx
      .update(products)
      .set({ heldByOrderId: null, heldUntil: null })
      .where(eq(products.heldByOrderId, id));
    return writeSystemLine(tx, {
      productId: product.id,
      buyerId,
      sellerId: product.sellerId,
      body: systemLineText.cancelled,
    });
  });
  await announce(deps.tell, [cancelled]);
  return { deletedCount: 1 };
}
