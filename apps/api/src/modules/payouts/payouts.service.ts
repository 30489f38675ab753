/**
 * Paying a seller out (decision 0037), in three steps, each safe to repeat:
 * 1. decide: under the seller's row lock, their whole available balance is set aside in
 *    `seller_payout_pending:<seller>` and a `pending` payout row written, together;
 * 2. transfer: the processor is asked for a transfer keyed by the payout's id;
 * 3. settle: the transfer made moves the money on to `seller_paid_out` (`paid`); a
 *    transfer refused gives it back to `seller_available` (`failed`).
 * A crash after 1 leaves a pending payout, which the next run for the seller (the sweep
 * runs one for every such seller) finishes: it looks for the transfer first, then asks
 * again with the same key, so the money is sent once.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Payout } from '@laptops/shared/payouts';
import { centsToDollars } from '@laptops/shared/money';
import type { Db } from '../../db/client.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { users } from '../../db/schema/users.ts';
import {
  accounts,
  payoutEntries,
  payoutReturnEntries,
  payoutStartEntries,
} from '../ledger/ledger-accounts.ts';
import { balanceOf, postTransaction } from '../ledger/ledger.service.ts';
import type { TransferOutcome } from '../payments/payment-provider.ts';
import {
  canReceivePayouts,
  payoutAccountOf,
  refreshPayoutAccount,
  type PayoutDeps,
} from './payout-accounts.service.ts';

export type PayoutRow = typeof payouts.$inferSelect;

/** The processor's transfer group of a payout: how its transfer is found again. */
export const transferGroupOf = (payoutId: string) => `payout_${payoutId}`;

/** Locks the seller's users row: the lock every change of their balances takes first. */
async function lockSeller(tx: Db, sellerId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, sellerId)).for('update');
}

/**
 * Step 1: sets the seller's available balance aside for a new payout, if they have any
 * and an account that can take it. Two runs at once take turns on the seller's row: the
 * second finds nothing left.
 */
export async function decidePayout(deps: PayoutDeps, sellerId: string): Promise<PayoutRow | null> {
  const account = await payoutAccountOf(deps, sellerId);
  if (!account || !canReceivePayouts(account)) return null;
  return deps.db.transaction(async (tx) => {
    await lockSeller(tx, sellerId);
    const available = await balanceOf(tx, accounts.sellerAvailable(sellerId));
    if (available <= 0) return null;
    const [payout] = await tx
      .insert(payouts)
      .values({
        sellerId,
        provider: deps.provider.name,
        destination: account.accountId,
        amountCents: available,
      })
      .returning();
    if (!payout) throw new Error('payout insert returned no row');
    await postTransaction(tx, {
      kind: 'payout_start',
      orderId: null,
      key: `payout-start:${payout.id}`,
      description: `Payout ${payout.id} decided`,
      entries: payoutStartEntries(sellerId, available),
    });
    return payout;
  });
}

/** How a payout ended, and whether this run settled it (or another run did first). */
export type Settled = { status: PayoutRow['status']; byThisRun: boolean };

/**
 * Steps 2 and 3 for a pending payout. `lookFirst`: it may have a transfer already (a
 * run that crashed, or one still going), so the processor is asked for it before a new
 * one is asked for. A failure that may pass (the processor unreachable) is thrown, and
 * the payout stays pending for the next run.
 */
export async function finishPayout(
  deps: PayoutDeps,
  payout: PayoutRow,
  { lookFirst }: { lookFirst: boolean },
): Promise<Settled> {
  const transferGroup = transferGroupOf(payout.id);
  const found = lookFirst ? await deps.provider.findTransfer(transferGroup) : null;
  const outcome: TransferOutcome = found
    ? { ok: true, transfer: found }
    : await deps.provider.createTransfer({
        amountCents: payout.amountCents,
        currency: 'usd',
        destination: payout.destination,
        transferGroup,
        metadata: { payoutId: payout.id, sellerId: payout.sellerId },
        idempotencyKey: payout.id,
      });
  return settlePayout(deps.db, payout, outcome);
}

/** Step 3, once: the row's status changes from pending under the seller's lock, or not at all. */
async function settlePayout(db: Db, payout: PayoutRow, outcome: TransferOutcome): Promise<Settled> {
  return db.transaction(async (tx) => {
    await lockSeller(tx, payout.sellerId);
    const now = new Date();
    const pending = and(eq(payouts.id, payout.id), eq(payouts.status, 'pending'));
    const [changed] = await tx
      .update(payouts)
      .set(
        outcome.ok
          ? { status: 'paid', transferId: outcome.transfer.id, paidAt: now }
          : { status: 'failed', failure: outcome.message.slice(0, 500), failedAt: now },
      )
      .where(pending)
      .returning();
    if (!changed) {
      // Another run settled it first.
      const [current] = await tx.select().from(payouts).where(eq(payouts.id, payout.id));
      return { status: current?.status ?? 'pending', byThisRun: false };
    }
    await postTransaction(
      tx,
      outcome.ok
        ? {
            kind: 'payout',
            orderId: null,
            key: `payout:${payout.id}`,
            description: `Payout ${payout.id}: transfer ${outcome.transfer.id}`,
            entries: payoutEntries(payout.sellerId, payout.amountCents),
          }
        : {
            kind: 'payout_return',
            orderId: null,
            key: `payout-return:${payout.id}`,
            description: `Payout ${payout.id} refused (${outcome.code})`,
            entries: payoutReturnEntries(payout.sellerId, payout.amountCents),
          },
    );
    return { status: changed.status, byThisRun: true };
  });
}

/** `finished`: pending payouts taken up; `paid` and `failed`: those this run settled. */
export type PayoutRunSummary = { finished: number; paid: number; failed: number };

/**
 * One payout run for a seller: their pending payouts finished first (a crash's, or one
 * another run is making), then their available balance paid out. After a refused
 * transfer nothing more is tried in the run: the next one (the sweep, new money) tries.
 */
export async function payOutSeller(deps: PayoutDeps, sellerId: string): Promise<PayoutRunSummary> {
  const summary: PayoutRunSummary = { finished: 0, paid: 0, failed: 0 };
  const count = ({ status, byThisRun }: Settled) => {
    if (byThisRun && status === 'paid') summary.paid += 1;
    if (byThisRun && status === 'failed') summary.failed += 1;
  };
  const left = await deps.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), eq(payouts.status, 'pending')));
  for (const payout of left) {
    count(await finishPayout(deps, payout, { lookFirst: true }));
    summary.finished += 1;
  }
  if (summary.failed === 0) {
    const payout = await decidePayout(deps, sellerId);
    if (payout) {
      const settled = await finishPayout(deps, payout, { lookFirst: false });
      count(settled);
      deps.log.info({ sellerId, payoutId: payout.id, status: settled.status }, 'payout');
    }
  }
  if (summary.failed > 0) {
    // A refusal often means the account changed (transfers turned off): what the
    // processor says now is kept, so the next run and the seller's page both know.
    await refreshPayoutAccount(deps, sellerId).catch((error: unknown) =>
      deps.log.warn({ err: error, sellerId }, 'payout account not refreshed'),
    );
  }
  return summary;
}

/** GET /api/payouts: the seller's payouts, newest first. */
export async function listPayouts(db: Db, sellerId: string): Promise<Payout[]> {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.sellerId, sellerId))
    .orderBy(desc(payouts.createdAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    amount: centsToDollars(row.amountCents),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    failure: row.failure,
  }));
}
