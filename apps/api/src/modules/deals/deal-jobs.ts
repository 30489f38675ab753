import { and, asc, eq, inArray, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { disputes } from '../../db/schema/disputes.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { users } from '../../db/schema/users.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';
import { dealRefundReasons } from '../orders/deal-state.ts';
import { afterRelease, lockDeal, releaseLockedDeal, type DealDeps } from './deal-actions.ts';
import type { DealTerms } from './deal-terms.ts';
import { buyerReminderMail, sellerReminderMail } from './deals.mails.ts';

/** Deals at most this many per run; the next run (minutes later) takes the rest. */
const batch = 200;

/** Paid deals whose money is still held, with no dispute open and nothing refunded. */
const stillHeld = (db: Db) =>
  and(
    eq(orders.paid, true),
    isNull(orders.completedAt),
    isNotNull(orders.releaseDueAt),
    notExists(
      db
        .select({ one: sql`1` })
        .from(disputes)
        .where(and(eq(disputes.orderId, orders.id), isNull(disputes.settledAt))),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(refunds)
        .where(
          and(eq(refunds.orderId, orders.id), inArray(refunds.reason, [...dealRefundReasons])),
        ),
    ),
  );

/**
 * Releases each deal whose time is up: nothing from the buyer (no confirmation, no
 * dispute) by its due time. Each release is decided again under the order's lock, so a
 * dispute or a handover at the same moment wins or loses whole, never half.
 */
export async function releaseDueDeals(deps: DealDeps, now = new Date()) {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(stillHeld(deps.db), lte(orders.releaseDueAt, now)))
    .orderBy(asc(orders.releaseDueAt))
    .limit(batch);
  let released = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const deal = await lockDeal(tx, id);
      const dueAt = deal.order.releaseDueAt;
      if (deal.state !== 'paid' || !dueAt || dueAt > now) return null;
      return { deal, money: await releaseLockedDeal(tx, deal, 'automatic') };
    });
    if (!done) continue;
    released += 1;
    deps.log.info({ orderId: id }, 'held money released automatically');
    await afterRelease(deps, done.deal, done.money);
  }
  return released;
}

const buyers = alias(users, 'buyers');
const sellers = alias(users, 'sellers');

/**
 * Reminds the buyer and the seller once, `reminderBeforeMs` before a deal's automatic
 * release. Each reminder is claimed and its mails sent in one transaction: a failed send
 * rolls the claim back for the next run, and two instances never both send.
 */
export async function sendReleaseReminders(
  deps: DealDeps,
  terms: Pick<DealTerms, 'reminderBeforeMs'>,
  now = new Date(),
) {
  const soon = new Date(now.getTime() + terms.reminderBeforeMs);
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        stillHeld(deps.db),
        isNull(orders.releaseReminderSentAt),
        lte(orders.releaseDueAt, soon),
        sql`${orders.releaseDueAt} > ${now}`,
      ),
    )
    .limit(batch);
  let sent = 0;
  for (const { id } of due) {
    const claimed = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ releaseReminderSentAt: now })
        .where(and(eq(orders.id, id), isNull(orders.releaseReminderSentAt)))
        .returning({ id: orders.id, releaseDueAt: orders.releaseDueAt });
      if (!row?.releaseDueAt) return false;
      const [people] = await tx
        .select({ product: products.name, buyer: buyers, seller: sellers })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(buyers, eq(buyers.id, orders.buyerId))
        .innerJoin(sellers, eq(sellers.id, products.sellerId))
        .where(eq(orders.id, id));
      if (!people) return false;
      const orderUrl = `${deps.publicUrl}/dashboard/orders/${id}`;
      const common = { productName: people.product, releaseAt: row.releaseDueAt, orderUrl };
      await deps.mailer.send(
        buyerReminderMail({ ...common, to: people.buyer.email, buyerName: people.buyer.name }),
      );
      await deps.mailer.send(
        sellerReminderMail({ ...common, to: people.seller.email, sellerName: people.seller.name }),
      );
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}

/** The automatic release and its reminders, every few minutes on whichever instance claims the run. */
export function dealJobs(deps: DealDeps, terms: DealTerms, cron: string): JobDefinition[] {
  return [
    {
      name: 'release-due-deals',
      cron,
      atStart: true,
      async run(log) {
        const released = await releaseDueDeals(deps);
        if (released > 0) log.info({ released }, 'due deals released');
      },
    },
    {
      name: 'release-reminders',
      cron,
      atStart: true,
      async run(log) {
        const sent = await sendReleaseReminders(deps, terms);
        if (sent > 0) log.info({ sent }, 'release reminders sent');
      },
    },
  ];
}
