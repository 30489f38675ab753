import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { payoutAccountState, type PayoutAccount } from '@laptops/shared/payouts';
import type { Db } from '../../db/client.ts';
import { payoutAccounts } from '../../db/schema/payout-accounts.ts';
import type { JobSender } from '../jobs/job-queue.ts';
import type { PaymentProvider, ProviderConnectedAccount } from '../payments/payment-provider.ts';
import { queueSellerPayout } from './queue-payout.ts';

export type PayoutDeps = {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Queues a seller's payout once their account can take one; absent when jobs are off. */
  sender?: JobSender;
};

type AccountRow = typeof payoutAccounts.$inferSelect;

/** The seller's payout account with the processor this server uses, or null. */
export async function payoutAccountOf(deps: Pick<PayoutDeps, 'db' | 'provider'>, userId: string) {
  const [row] = await deps.db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId));
  // An account with another processor (the server moved from the sandbox to Stripe)
  // cannot be paid through this one: the seller sets up payouts again.
  return row && row.provider === deps.provider.name ? row : null;
}

export const canReceivePayouts = (row: AccountRow | null) =>
  row !== null && payoutAccountState(row) === 'enabled';

/** GET /api/payout-account. */
export function describePayoutAccount(
  provider: PaymentProvider['name'],
  row: AccountRow | null,
): PayoutAccount {
  return {
    provider,
    state: payoutAccountState(row),
    requirements: row?.requirements ?? [],
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * Keeps what the processor says of the seller's account; when it has just become able
 * to take payouts, queues the seller's payout (their balance may be waiting for it).
 */
async function saveAccount(
  deps: PayoutDeps,
  userId: string,
  account: ProviderConnectedAccount,
): Promise<AccountRow> {
  const before = await payoutAccountOf(deps, userId);
  const fields = {
    provider: deps.provider.name,
    accountId: account.id,
    detailsSubmitted: account.detailsSubmitted,
    payoutsEnabled: account.payoutsEnabled,
    transfersEnabled: account.transfersEnabled,
    requirements: account.requirements,
    disabledReason: account.disabledReason,
    updatedAt: new Date(),
  };
  const [row] = await deps.db
    .insert(payoutAccounts)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: fields })
    .returning();
  if (!row) throw new Error('payout account upsert returned no row');
  if (canReceivePayouts(row) && !canReceivePayouts(before) && deps.sender) {
    await queueSellerPayout(deps.sender, userId);
  }
  return row;
}

/**
 * POST /api/payout-account/onboarding: makes the seller's connected account if they
 * have none (the same idempotency key each time, so a retry or a second tab finds the
 * first one), and a link to the processor's onboarding form, which comes back to the
 * Earnings page.
 */
export async function startOnboarding(
  deps: PayoutDeps,
  seller: { id: string; email: string },
): Promise<{ url: string }> {
  let row = await payoutAccountOf(deps, seller.id);
  if (!row) {
    const account = await deps.provider.createConnectedAccount({
      userId: seller.id,
      email: seller.email,
      idempotencyKey: `payout-account:${deps.provider.name}:${seller.id}`,
    });
    row = await saveAccount(deps, seller.id, account);
  }
  // The Earnings page (web paths.ts): `refresh` when the link expired, `return` when done.
  const earnings = `${deps.publicUrl}/dashboard/earnings`;
  return deps.provider.createOnboardingLink({
    accountId: row.accountId,
    refreshUrl: `${earnings}?onboarding=refresh`,
    returnUrl: `${earnings}?onboarding=return`,
  });
}

/**
 * Asks the processor how the seller's account stands now (on return from its form) and
 * keeps the answer. Without an account, there is nothing to ask.
 */
export async function refreshPayoutAccount(deps: PayoutDeps, userId: string) {
  const row = await payoutAccountOf(deps, userId);
  if (!row) return null;
  const account = await deps.provider.retrieveConnectedAccount(row.accountId);
  return account ? saveAccount(deps, userId, account) : row;
}

/**
 * The processor says an account changed (its `account.updated` webhook): it is asked
 * for afresh, so events that arrive out of order still leave the latest state. An
 * account that is not one of ours is ignored.
 */
export async function accountUpdated(deps: PayoutDeps, accountId: string): Promise<void> {
  const [row] = await deps.db
    .select({ userId: payoutAccounts.userId, provider: payoutAccounts.provider })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.accountId, accountId));
  if (!row || row.provider !== deps.provider.name) return;
  const account = await deps.provider.retrieveConnectedAccount(accountId);
  if (account) await saveAccount(deps, row.userId, account);
}
