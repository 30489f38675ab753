import { and, asc, count, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { centsToDollars } from '@laptops/shared/money';
import type {
  AdminOverview,
  BuyerOverview,
  DashboardOverview,
  SellerOverview,
} from '@laptops/shared/dashboard';
import type { Db } from '../../db/client.ts';
import { conversationReports } from '../../db/schema/conversation-safety.ts';
import { disputes } from '../../db/schema/disputes.ts';
import { orders } from '../../db/schema/orders.ts';
import { payoutAccounts } from '../../db/schema/payout-accounts.ts';
import { products } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { reviewReports } from '../../db/schema/reviews.ts';
import { users } from '../../db/schema/users.ts';
import type { Viewer } from '../auth/viewer.ts';
import { earningsOf } from '../payouts/earnings.service.ts';
import { countWaitingVerifications } from '../photo-verification/photo-verification.service.ts';

const counted = sql<number>`count(*)`.mapWith(Number);

/** A booking still waiting for its payment: not paid, not cancelled, the laptop unsold. */
const awaitingPayment = and(
  eq(orders.paid, false),
  isNull(orders.cancelledAt),
  eq(products.status, 'available'),
  isNull(products.deletedAt),
);

/** A paid deal waiting for its handover, with no dispute about it. */
const awaitingHandover = (db: Db) =>
  and(
    eq(orders.paid, true),
    isNull(orders.completedAt),
    isNull(orders.cancelledAt),
    notExists(
      db
        .select({ one: sql`1` })
        .from(disputes)
        .where(eq(disputes.orderId, orders.id)),
    ),
  );

const openDispute = and(isNull(disputes.settledAt));

async function buyerOverview(db: Db, buyerId: string): Promise<BuyerOverview> {
  const mine = eq(orders.buyerId, buyerId);
  const [[toPay], [toMeet], [completed], [disputed], [payFirst], [meetFirst]] = await Promise.all([
    db
      .select({ n: counted })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(mine, awaitingPayment)),
    db
      .select({ n: counted })
      .from(orders)
      .where(and(mine, awaitingHandover(db))),
    db
      .select({ n: counted })
      .from(orders)
      .where(and(mine, isNotNull(orders.completedAt))),
    db
      .select({ n: counted })
      .from(disputes)
      .innerJoin(orders, eq(orders.id, disputes.orderId))
      .where(and(mine, openDispute)),
    db
      .select({ orderId: orders.id, laptop: products.name })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(mine, awaitingPayment))
      .orderBy(asc(orders.createdAt))
      .limit(1),
    db
      .select({ orderId: orders.id, laptop: products.name })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(mine, awaitingHandover(db)))
      .orderBy(asc(orders.releaseDueAt))
      .limit(1),
  ]);
  return {
    role: 'buyer',
    toPay: toPay?.n ?? 0,
    toMeet: toMeet?.n ?? 0,
    openDisputes: disputed?.n ?? 0,
    completed: completed?.n ?? 0,
    next: payFirst
      ? { action: 'pay', ...payFirst }
      : meetFirst
        ? { action: 'meet', ...meetFirst }
        : null,
  };
}

async function sellerOverview(db: Db, sellerId: string): Promise<SellerOverview> {
  const theirs = eq(products.sellerId, sellerId);
  const ofTheirLaptops = (where: ReturnType<typeof and>) =>
    db
      .select({ n: counted })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(theirs, where));
  const [[forSale], [waiting], [toHandOver], [sold], [disputed], [account], money] =
    await Promise.all([
      db
        .select({ n: count() })
        .from(products)
        .where(and(theirs, eq(products.status, 'available'), isNull(products.deletedAt))),
      ofTheirLaptops(awaitingPayment),
      ofTheirLaptops(awaitingHandover(db)),
      ofTheirLaptops(isNotNull(orders.completedAt)),
      db
        .select({ n: counted })
        .from(disputes)
        .innerJoin(orders, eq(orders.id, disputes.orderId))
        .innerJoin(products, eq(products.id, orders.productId))
        .where(and(theirs, openDispute)),
      db
        .select({ ready: payoutAccounts.payoutsEnabled })
        .from(payoutAccounts)
        .where(eq(payoutAccounts.userId, sellerId)),
      earningsOf(db, sellerId),
    ]);
  return {
    role: 'seller',
    forSale: forSale?.n ?? 0,
    awaitingPayment: waiting?.n ?? 0,
    toHandOver: toHandOver?.n ?? 0,
    openDisputes: disputed?.n ?? 0,
    sold: sold?.n ?? 0,
    money: {
      held: centsToDollars(money.heldCents),
      // Released to them and not in their bank yet, whether or not a transfer has started.
      available: centsToDollars(money.availableCents + money.inTransitCents),
      paidOut: centsToDollars(money.paidOutCents),
    },
    payoutsReady: account?.ready ?? false,
  };
}

async function adminOverview(db: Db): Promise<AdminOverview> {
  const [
    [openReports],
    [sellersToVerify],
    [openDisputes],
    [openConversationReports],
    [openReviewReports],
    photosToVerify,
  ] = await Promise.all([
    db.select({ n: count() }).from(reports).where(isNull(reports.resolvedAt)),
    db
      .select({ n: count() })
      .from(users)
      .where(
        and(eq(users.typeOfUser, 'seller'), eq(users.isVerified, false), isNull(users.deletedAt)),
      ),
    db.select({ n: count() }).from(disputes).where(openDispute),
    db
      .select({ n: count() })
      .from(conversationReports)
      .where(isNull(conversationReports.resolvedAt)),
    db
      .select({ n: sql<number>`count(distinct ${reviewReports.reviewId})`.mapWith(Number) })
      .from(reviewReports)
      .where(isNull(reviewReports.resolvedAt)),
    countWaitingVerifications(db),
  ]);
  return {
    role: 'admin',
    openReports: openReports?.n ?? 0,
    sellersToVerify: sellersToVerify?.n ?? 0,
    openDisputes: openDisputes?.n ?? 0,
    openConversationReports: openConversationReports?.n ?? 0,
    openReviewReports: openReviewReports?.n ?? 0,
    photosToVerify,
  };
}

/** What the signed-in person's dashboard opens with: their work waiting, by role. */
export function dashboardOverview(db: Db, viewer: Viewer): Promise<DashboardOverview> {
  if (viewer.typeOfUser === 'admin') return adminOverview(db);
  if (viewer.typeOfUser === 'seller') return sellerOverview(db, viewer.id);
  return buyerOverview(db, viewer.id);
}
