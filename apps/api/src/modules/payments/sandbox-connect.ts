import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { SandboxOnboardingOutcome } from '@laptops/shared/payouts';
import type { Db } from '../../db/client.ts';
import { sandboxConnectedAccounts, sandboxTransfers } from '../../db/schema/sandbox-connect.ts';
import { notFound } from '../../lib/http-error.ts';
import type {
  ConnectProvider,
  ProviderConnectedAccount,
  ProviderTransfer,
} from './payment-provider.ts';

const token = () => randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 16);

/** Where the sandbox's onboarding link leads: the in-app Test mode page (web paths.ts). */
export const sandboxOnboardingPath = (accountId: string) =>
  `/dashboard/earnings/test-onboarding?${new URLSearchParams({ account: accountId })}`;

/** What Stripe asks of a new Express account before it can take transfers. */
const newAccountRequirements = ['business_type', 'external_account', 'tos_acceptance.date'];

type AccountRow = typeof sandboxConnectedAccounts.$inferSelect;

function toAccount(row: AccountRow): ProviderConnectedAccount {
  return {
    id: row.id,
    detailsSubmitted: row.detailsSubmitted,
    payoutsEnabled: row.payoutsEnabled,
    transfersEnabled: row.transfersActive,
    requirements: row.requirements,
    disabledReason: row.transfersActive ? null : 'requirements.past_due',
  };
}

function toTransfer(row: typeof sandboxTransfers.$inferSelect): ProviderTransfer {
  return { id: row.id, amountCents: row.amountCents, destination: row.destination };
}

async function findAccount(db: Db, where: ReturnType<typeof eq>) {
  const [row] = await db.select().from(sandboxConnectedAccounts).where(where);
  return row;
}

/**
 * The embedded test-mode processor's Connect: accounts kept in our database with
 * Stripe's states, onboarding on an in-app Test mode page, transfers made at once.
 */
export function createSandboxConnect(db: Db): ConnectProvider {
  return {
    async createConnectedAccount({ userId, idempotencyKey }) {
      const byKey = eq(sandboxConnectedAccounts.idempotencyKey, idempotencyKey);
      const existing = await findAccount(db, byKey);
      if (existing) return toAccount(existing);
      await db
        .insert(sandboxConnectedAccounts)
        .values({
          id: `acct_sandbox_${token()}`,
          metadata: { userId },
          requirements: newAccountRequirements,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: sandboxConnectedAccounts.idempotencyKey });
      const made = await findAccount(db, byKey);
      if (!made) throw new Error('sandbox connected account vanished');
      return toAccount(made);
    },
    async retrieveConnectedAccount(id) {
      const row = await findAccount(db, eq(sandboxConnectedAccounts.id, id));
      return row ? toAccount(row) : null;
    },
    async createOnboardingLink({ accountId }) {
      return { url: sandboxOnboardingPath(accountId) };
    },
    async createTransfer({
      amountCents,
      currency,
      destination,
      transferGroup,
      metadata,
      idempotencyKey,
    }) {
      const byKey = eq(sandboxTransfers.idempotencyKey, idempotencyKey);
      const [replay] = await db.select().from(sandboxTransfers).where(byKey);
      if (replay) return { ok: true, transfer: toTransfer(replay) };
      const account = await findAccount(db, eq(sandboxConnectedAccounts.id, destination));
      if (!account?.transfersActive) {
        // Stripe's refusal of a transfer to an account that cannot take one.
        return {
          ok: false,
          code: 'insufficient_capabilities_for_transfer',
          message: 'The destination account needs the transfers capability to be active.',
        };
      }
      await db
        .insert(sandboxTransfers)
        .values({
          id: `tr_sandbox_${token()}`,
          amountCents,
          currency,
          destination,
          transferGroup,
          metadata,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey });
      const [made] = await db.select().from(sandboxTransfers).where(byKey);
      if (!made) throw new Error('sandbox transfer vanished');
      return { ok: true, transfer: toTransfer(made) };
    },
    async findTransfer(transferGroup) {
      const [row] = await db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.transferGroup, transferGroup))
        .orderBy(asc(sandboxTransfers.createdAt))
        .limit(1);
      return row ? toTransfer(row) : null;
    },
  };
}

/**
 * The seller finishes (or stops short of finishing) the Test mode onboarding page: the
 * account takes the state Stripe would give it. Only the account's own seller may.
 */
export async function finishSandboxOnboarding(
  db: Db,
  input: { accountId: string; userId: string; outcome: SandboxOnboardingOutcome },
): Promise<void> {
  const account = await findAccount(db, eq(sandboxConnectedAccounts.id, input.accountId));
  if (!account || account.metadata.userId !== input.userId) {
    throw notFound('You have no such payout account.');
  }
  const complete = input.outcome === 'complete';
  await db
    .update(sandboxConnectedAccounts)
    .set({
      detailsSubmitted: true,
      payoutsEnabled: complete,
      transfersActive: complete,
      // Stripe's name for an identity document it could not check.
      requirements: complete ? [] : ['individual.verification.document'],
    })
    .where(eq(sandboxConnectedAccounts.id, input.accountId));
}
