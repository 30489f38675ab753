import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  partRefundProblem,
  type DisputeOutcome,
  type settleDisputeInputSchema,
} from '@laptops/shared/disputes';
import { disputes } from '../../db/schema/disputes.ts';
import { orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { audit } from '../admin/admin.service.ts';
import type { Viewer } from '../auth/viewer.ts';
import {
  announce,
  systemLineText,
  tellWith,
  writeSystemLine,
} from '../conversations/system-lines.ts';
import { afterRelease, lockDeal, type DealDeps } from '../deals/deal-actions.ts';
import { refundHeldMoney, releaseHeldMoney } from '../deals/deal-money.ts';
import { carryOutDealRefund } from '../deals/deal-refunds.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { requireTransition } from '../orders/deal-state.ts';
import { disputeSettledMail } from './disputes.mails.ts';

type SettleInput = z.output<typeof settleDisputeInputSchema>;

export const settleMessages = {
  notFound: 'There is no such dispute.',
  settled: 'This dispute has been settled already. Reload the page to see how.',
} as const;

/** What the held money becomes: cents back to the buyer; the rest (if any) is released. */
function refundOf(input: SettleInput, heldCents: number): number {
  if (input.outcome === 'release') return 0;
  if (input.outcome === 'refund') return heldCents;
  const cents = Math.round(input.refundAmount * 100);
  const problem = partRefundProblem(cents, heldCents);
  if (problem) throw new HttpError(422, 'REFUND_AMOUNT', problem, { refundAmount: problem });
  return cents;
}

/** The line both people read in their thread: what the admin decided, and why. */
function settlementLine(
  outcome: DisputeOutcome,
  refundCents: number,
  sellerCents: number,
  note: string,
) {
  if (outcome === 'refund') return systemLineText.disputeRefunded(refundCents, note);
  if (outcome === 'refund-part')
    return systemLineText.disputeRefundedPart(refundCents, sellerCents, note);
  return systemLineText.disputeReleased(sellerCents, note);
}

/**
 * An admin settles an open dispute: all the held money back to the buyer, part of it
 * (the rest released to the seller, less the fee on what they receive), or all of it
 * released. Decided under the order's lock by the deal's state machine, so two admins
 * settling at once settle it once: the second finds it settled (409). The ledger
 * postings, the dispute's row, the thread's line and the audit entry commit together;
 * the provider is asked for the refund afterwards (and again by the deal-refunds job).
 * A full refund leaves the laptop sold: whether it goes back on sale is another decision.
 */
export async function settleDispute(
  deps: DealDeps,
  admin: Viewer,
  disputeId: string,
  input: SettleInput,
) {
  const [found] = await deps.db
    .select({ orderId: disputes.orderId })
    .from(disputes)
    .where(eq(disputes.id, disputeId));
  if (!found) throw notFound(settleMessages.notFound);

  const done = await deps.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, found.orderId);
    const [dispute] = await tx
      .select()
      .from(disputes)
      .where(eq(disputes.id, disputeId))
      .for('update');
    if (!dispute || dispute.settledAt)
      throw new HttpError(409, 'DISPUTE_SETTLED', settleMessages.settled);
    requireTransition(deal.state, input.outcome);

    const held = await balanceOf(tx, accounts.held(deal.order.id));
    const refundCents = refundOf(input, held);
    if (refundCents > 0) await refundHeldMoney(tx, deal.order, refundCents, 'dispute');
    const released =
      input.outcome === 'refund'
        ? { releasedCents: 0, feeCents: 0 }
        : await releaseHeldMoney(tx, deal.order, deal.product.sellerId, 'dispute');
    if (input.outcome === 'refund') {
      // Nothing is left to release: out of the automatic release's sight.
      await tx.update(orders).set({ releaseDueAt: null }).where(eq(orders.id, deal.order.id));
    }
    await tx
      .update(disputes)
      .set({
        settledAt: new Date(),
        settledBy: admin.id,
        outcome: input.outcome,
        refundCents,
        settlementNote: input.note,
      })
      .where(and(eq(disputes.id, disputeId), isNull(disputes.settledAt)));
    const line = await writeSystemLine(tx, {
      productId: deal.product.id,
      buyerId: deal.order.buyerId,
      sellerId: deal.product.sellerId,
      body: settlementLine(input.outcome, refundCents, released.releasedCents, input.note),
    });
    const [buyer] = await tx.select().from(users).where(eq(users.id, deal.order.buyerId));
    await audit(
      tx,
      admin,
      'settle-dispute',
      `"${deal.product.name}" (bought by ${buyer?.email ?? 'a deleted account'})`,
      {
        disputeId,
        orderId: deal.order.id,
        outcome: input.outcome,
        heldCents: held,
        refundCents,
        releasedCents: released.releasedCents,
        feeCents: released.feeCents,
      },
    );
    return { deal, refundCents, released: { ...released, line } };
  });

  const { deal, refundCents, released } = done;
  if (input.outcome === 'refund') {
    await announce(tellWith(deps.publish, deps.log), [released.line]);
  } else {
    await afterRelease(deps, deal, released, { mailSeller: false });
  }
  if (refundCents > 0) {
    // A provider that is away now is asked again by the deal-refunds job.
    await carryOutDealRefund(deps, deal.order.id).catch((error: unknown) =>
      deps.log.error(
        { err: error, orderId: deal.order.id },
        'refund not carried out yet; the job will retry',
      ),
    );
  }
  await mailBoth(deps, deal, {
    outcome: input.outcome,
    refundCents,
    sellerCents: released.releasedCents,
    note: input.note,
  });
}

async function mailBoth(
  deps: DealDeps,
  deal: Awaited<ReturnType<typeof lockDeal>>,
  settled: { outcome: DisputeOutcome; refundCents: number; sellerCents: number; note: string },
) {
  const people = [
    { id: deal.order.buyerId, side: 'buyer' as const },
    { id: deal.product.sellerId, side: 'seller' as const },
  ];
  for (const { id, side } of people) {
    const [person] = await deps.db.select().from(users).where(eq(users.id, id));
    if (!person) continue;
    await deps.mailer
      .send(
        disputeSettledMail({
          to: person.email,
          name: person.name,
          side,
          productName: deal.product.name,
          ...settled,
          orderUrl: `${deps.publicUrl}/dashboard/orders/${deal.order.id}`,
        }),
      )
      .catch((error: unknown) => deps.log.error({ err: error }, 'settlement email not sent'));
  }
}
