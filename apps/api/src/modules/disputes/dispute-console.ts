/**
 * The admins' dispute console: the list (open ones first, oldest first), one dispute
 * with its deal, and the deal's thread, read only. Admins read a thread only through
 * its dispute (as through a report, decision 0031); their first reading is audited.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDollars } from '@laptops/shared/money';
import type {
  DisputeDetails,
  DisputeReason,
  DisputeSummary,
  DisputeThread,
  disputesQuerySchema,
} from '@laptops/shared/disputes';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/conversations.ts';
import { disputes } from '../../db/schema/disputes.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-error.ts';
import { auditFirstReading } from '../admin/admin.service.ts';
import type { Viewer } from '../auth/viewer.ts';
import { thumbnailUrl } from '../images/images.service.ts';
import { orderMoney } from '../ledger/ledger.service.ts';
import { dealStateOfRows, settlementOf } from '../orders/deal-state.ts';
import { photoOf, settlementOfRow } from './dispute-views.ts';

const THREAD_PAGE = 50;
const buyers = alias(users, 'buyers');
const sellers = alias(users, 'sellers');
const settlers = alias(users, 'settlers');

const heldCents = sql<number>`coalesce((select sum(${ledgerEntries.amountCents})
  from ${ledgerEntries} where ${ledgerEntries.account} = 'order_held:' || ${orders.id}::text), 0)::bigint`.mapWith(
  Number,
);

function disputeRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      dispute: disputes,
      order: orders,
      product: {
        id: products.id,
        name: products.name,
        image: products.image,
        status: products.status,
        deletedAt: products.deletedAt,
        sellerId: products.sellerId,
      },
      buyer: { name: buyers.name, email: buyers.email },
      seller: { name: sellers.name, email: sellers.email },
      settlerName: settlers.name,
      heldCents,
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .leftJoin(settlers, eq(settlers.id, disputes.settledBy))
    .where(where);
}

type DisputeRow = Awaited<ReturnType<typeof disputeRows>>[number];

const statusWhere = (status: 'all' | 'open' | 'settled') =>
  status === 'open'
    ? isNull(disputes.settledAt)
    : status === 'settled'
      ? isNotNull(disputes.settledAt)
      : undefined;

/**
 * The disputes, a page at a time: the open ones first, the longest waiting first, then
 * the settled ones, the latest settled first.
 */
export async function listDisputes(
  db: Db,
  query: z.output<typeof disputesQuerySchema>,
): Promise<{ rows: DisputeSummary[]; total: number }> {
  const where = statusWhere(query.status);
  const [total] = await db.select({ n: count() }).from(disputes).where(where);
  const rows = await disputeRows(db, where)
    .orderBy(
      sql`${disputes.settledAt} is not null`,
      sql`case when ${disputes.settledAt} is null then ${disputes.openedAt} end asc`,
      desc(disputes.settledAt),
      asc(disputes.id),
    )
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => {
      const settled = settlementOfRow(row.dispute);
      return {
        _id: row.dispute.id,
        orderId: row.order.id,
        laptopName: row.product.name,
        buyerName: row.buyer.name,
        sellerName: row.seller.name,
        reason: row.dispute.reason as DisputeReason,
        openedAt: row.dispute.openedAt.toISOString(),
        price: centsToDollars(row.order.priceCents),
        held: centsToDollars(row.heldCents),
        settled: settled && {
          outcome: settled.outcome,
          at: settled.at,
          refunded: settled.refunded,
        },
      };
    }),
  };
}

async function findDispute(db: Db, id: string): Promise<DisputeRow> {
  const [row] = await disputeRows(db, eq(disputes.id, id));
  if (!row) throw notFound('There is no such dispute.');
  return row;
}

/** The deal's conversation, where both people and the marketplace wrote. */
async function threadOf(db: Db, row: DisputeRow) {
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.productId, row.order.productId),
        eq(conversations.buyerId, row.order.buyerId),
      ),
    );
  return conversation?.id;
}

/** One dispute with its deal: the laptop, the people, the money, what happened when. */
export async function disputeDetails(db: Db, id: string): Promise<DisputeDetails> {
  const row = await findDispute(db, id);
  const { dispute, order } = row;
  const settlement = order.paid ? await settlementOf(db, order) : undefined;
  const money = await orderMoney(db, order.id);
  const conversationId = await threadOf(db, row);
  const [counted] = conversationId
    ? await db
        .select({
          total: count(),
          sinceOpened: sql<number>`count(*) filter (where ${messages.createdAt} >= ${dispute.openedAt})::int`,
        })
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
    : [];
  const settled = settlementOfRow(dispute);
  const timeline: DisputeDetails['timeline'] = [
    { event: 'booked', at: order.createdAt.toISOString() },
    ...(order.paidAt ? [{ event: 'paid' as const, at: order.paidAt.toISOString() }] : []),
    { event: 'dispute-opened', at: dispute.openedAt.toISOString() },
    ...(settled ? [{ event: 'settled' as const, at: settled.at }] : []),
  ];
  return {
    _id: dispute.id,
    orderId: order.id,
    state: dealStateOfRows(order, row.product, false, settlement),
    reason: dispute.reason as DisputeReason,
    details: dispute.details,
    photos: dispute.photos.map(photoOf),
    openedAt: dispute.openedAt.toISOString(),
    settled: settled && { ...settled, by: row.settlerName ?? '' },
    laptop: {
      _id: row.product.id,
      name: row.product.name,
      thumbnail: thumbnailUrl(row.product.image),
    },
    price: centsToDollars(order.priceCents),
    buyer: row.buyer,
    seller: row.seller,
    money: {
      charged: centsToDollars(money.chargedCents),
      held: centsToDollars(money.heldCents),
      refunded: centsToDollars(money.refundedCents),
      fee: centsToDollars(money.feeCents),
      sellerReceived: centsToDollars(money.releasedCents),
      feePercent: (order.feeBps ?? 0) / 100,
    },
    timeline,
    messages: { total: counted?.total ?? 0, sinceOpened: Number(counted?.sinceOpened ?? 0) },
  };
}

/**
 * The disputed deal's thread, newest first, a page at a time: each line marked as the
 * buyer's, the seller's or the marketplace's. The first page an admin opens of a
 * dispute is recorded in the activity log, once per admin and dispute.
 */
export async function disputeThread(
  db: Db,
  admin: Viewer,
  id: string,
  before?: string,
): Promise<DisputeThread> {
  const row = await findDispute(db, id);
  const conversationId = await threadOf(db, row);
  if (before === undefined) await recordFirstReading(db, admin, row);
  if (!conversationId) return { messages: [], nextCursor: null };
  const older =
    before === undefined
      ? undefined
      : sql`(${messages.createdAt}, ${messages.id}) < (
          select m.created_at, m.id from messages m
          where m.id = ${before} and m.conversation_id = ${conversationId})`;
  const rows = await db
    .select({
      id: messages.id,
      body: messages.body,
      image: messages.image,
      senderId: messages.senderId,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), older))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(THREAD_PAGE + 1);
  const page = rows.slice(0, THREAD_PAGE);
  return {
    messages: page.map((message) => ({
      _id: message.id,
      body: message.body,
      image: message.image ? { url: message.image, thumbnail: thumbnailUrl(message.image) } : null,
      from:
        message.senderId === null
          ? 'system'
          : message.senderId === row.order.buyerId
            ? 'buyer'
            : 'seller',
      sentAt: new Date(message.createdAt).toISOString(),
    })),
    nextCursor: rows.length > THREAD_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

function recordFirstReading(db: Db, admin: Viewer, row: DisputeRow) {
  return auditFirstReading(
    db,
    admin,
    'read-dispute-conversation',
    `"${row.product.name}" (bought by ${row.buyer.email})`,
    { name: 'disputeId', id: row.dispute.id },
  );
}
