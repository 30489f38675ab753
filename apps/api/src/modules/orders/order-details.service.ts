import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDollars } from '@laptops/shared/money';
import { can } from '@laptops/shared/order-states';
import type { DealMoney, ReleaseCause } from '@laptops/shared/deals';
import type { DisputeReason, OrderDispute } from '@laptops/shared/disputes';
import type { OrderDetails, OrderPageStatus } from '@laptops/shared/orders';
import type { Db } from '../../db/client.ts';
import { disputes } from '../../db/schema/disputes.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';
import { thumbnailUrl } from '../images/images.service.ts';
import { refundCauses, type RefundReason } from '../payments/payments.service.ts';
import { orderMoney } from '../ledger/ledger.service.ts';
import { dealRefundReasons, dealStateOfRows, settlementOf } from './deal-state.ts';
import { photoOf, settlementOfRow } from '../disputes/dispute-views.ts';

const sellers = alias(users, 'sellers');
const buyers = alias(users, 'buyers');

/**
 * One booking for its order page, to its buyer or to the laptop's seller; to anyone
 * else it does not exist. Phones and the meeting place are shown while the deal is on.
 */
export async function getOrderDetails(db: Db, viewer: Viewer, id: string): Promise<OrderDetails> {
  const [row] = await db
    .select({
      order: orders,
      productName: products.name,
      image: products.image,
      productStatus: products.status,
      productDeletedAt: products.deletedAt,
      sellerId: products.sellerId,
      sellerPhone: products.mobileNumber,
      sellerName: sellers.name,
      buyerName: buyers.name,
      transactionId: payments.transactionId,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, id));
  const viewerIs =
    row?.order.buyerId === viewer.id ? 'buyer' : row?.sellerId === viewer.id ? 'seller' : null;
  if (!row || !viewerIs) throw notFound('You have no such order.');
  const { order } = row;

  // A paid deal's own refund (cancelled by its seller, or a dispute), else a payment
  // that came too late and went back.
  const [refund] = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, order.id),
        order.paid ? inArray(refunds.reason, [...dealRefundReasons]) : undefined,
      ),
    )
    .orderBy(desc(refunds.createdAt))
    .limit(1);
  const settlement = order.paid ? await settlementOf(db, order) : undefined;
  const status: OrderPageStatus = dealStateOfRows(
    order,
    { status: row.productStatus, deletedAt: row.productDeletedAt },
    refund !== undefined && !order.paid,
    settlement,
  );
  // Phones and the meeting place stay while the laptop is still to be handed over.
  const dealOn = status === 'booked' || status === 'paid' || status === 'disputed';
  const held = status === 'paid';
  return {
    _id: order.id,
    viewerIs,
    status,
    price: centsToDollars(order.priceCents),
    bookedAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    transactionId: row.transactionId,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    refund: refund
      ? {
          amount: centsToDollars(refund.amountCents),
          why: refundCauses[refund.reason as RefundReason] ?? '',
          at: (refund.providerRefundedAt ?? refund.createdAt).toISOString(),
        }
      : null,
    product: { _id: order.productId, name: row.productName, thumbnail: thumbnailUrl(row.image) },
    buyer: { name: row.buyerName, phone: dealOn ? order.buyerPhone : null },
    seller: { name: row.sellerName, phone: dealOn ? row.sellerPhone : null },
    meetingLocation: dealOn ? order.meetingLocation : null,
    canPay: viewerIs === 'buyer' && can(status, 'pay'),
    canCancel: viewerIs === 'buyer' && can(status, 'cancel'),
    money: order.paid ? await dealMoney(db, order, viewerIs === 'buyer' && held) : null,
    canEnterHandoverCode: viewerIs === 'seller' && held,
    canConfirmReceived: viewerIs === 'buyer' && held,
    canSellerCancel: viewerIs === 'seller' && held,
    dispute: order.paid ? await orderDispute(db, order.id) : null,
    canOpenDispute: viewerIs === 'buyer' && can(status, 'open-dispute'),
  };
}

/** The deal's dispute as both its people see it (the evidence, how it was settled). */
async function orderDispute(db: Db, orderId: string): Promise<OrderDispute | null> {
  const [row] = await db.select().from(disputes).where(eq(disputes.orderId, orderId));
  if (!row) return null;
  return {
    reason: row.reason as DisputeReason,
    details: row.details,
    photos: row.photos.map(photoOf),
    openedAt: row.openedAt.toISOString(),
    settled: settlementOfRow(row),
  };
}

/** A paid deal's money from the ledger; the handover code only for its buyer while held. */
async function dealMoney(
  db: Db,
  order: typeof orders.$inferSelect,
  showCode: boolean,
): Promise<DealMoney> {
  const money = await orderMoney(db, order.id);
  return {
    charged: centsToDollars(money.chargedCents),
    held: centsToDollars(money.heldCents),
    fee: centsToDollars(money.feeCents),
    sellerReceived: centsToDollars(money.releasedCents),
    refunded: centsToDollars(money.refundedCents),
    feePercent: (order.feeBps ?? 0) / 100,
    releaseDueAt:
      money.heldCents > 0 && order.releaseDueAt ? order.releaseDueAt.toISOString() : null,
    completedAt: order.completedAt?.toISOString() ?? null,
    releasedBy: (order.releasedBy as ReleaseCause | null) ?? null,
    handoverCode: showCode ? order.handoverCode : null,
  };
}
