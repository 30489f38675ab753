import { z } from 'zod';

/**
 * Where a seller's payout account stands, from what the processor last said of it:
 * - `none`: no account yet ("Set up payouts");
 * - `onboarding`: made, but the processor's form was not finished;
 * - `needs-info`: the form was sent, and the processor asks for more before it pays;
 * - `verifying`: the form was sent, and the processor is checking it;
 * - `enabled`: transfers and payouts are on (it may still ask for more, by a deadline).
 */
export const payoutAccountStates = [
  'none',
  'onboarding',
  'needs-info',
  'verifying',
  'enabled',
] as const;
export type PayoutAccountState = (typeof payoutAccountStates)[number];

export type PayoutAccountFacts = {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  transfersEnabled: boolean;
  requirements: string[];
};

export function payoutAccountState(account: PayoutAccountFacts | null): PayoutAccountState {
  if (!account) return 'none';
  if (account.transfersEnabled && account.payoutsEnabled) return 'enabled';
  if (!account.detailsSubmitted) return 'onboarding';
  return account.requirements.length > 0 ? 'needs-info' : 'verifying';
}

/** GET /api/payout-account (and the answer of POST .../refresh). */
export const payoutAccountSchema = z.object({
  /** `sandbox`: test mode, no money moves. */
  provider: z.enum(['stripe', 'sandbox']),
  state: z.enum(payoutAccountStates),
  /** What the processor still asks for (its field names); empty when nothing. */
  requirements: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** POST /api/payout-account/onboarding: where to send the seller (the processor's form). */
export const onboardingLinkSchema = z.object({ url: z.string() });

export const earningsLineStatuses = [
  'held',
  'available',
  'in-transit',
  'paid-out',
  'refunded',
] as const;
export type EarningsLineStatus = (typeof earningsLineStatuses)[number];

/** One sale of the seller's, in dollars. */
export const earningsLineSchema = z.object({
  orderId: z.string(),
  /** When the buyer paid. */
  date: z.string(),
  laptop: z.string(),
  price: z.number(),
  fee: z.number(),
  refunded: z.number(),
  /** What reaches the seller: released to them, after the fee. */
  receive: z.number(),
  status: z.enum(earningsLineStatuses),
});
export type EarningsLine = z.infer<typeof earningsLineSchema>;

/** GET /api/earnings: the seller's balances (sums of the ledger) and their sales, newest first. */
export const earningsSchema = z.object({
  balances: z.object({
    /** Paid by buyers, held until the handover. */
    held: z.number(),
    /** Released to the seller, not yet sent. */
    available: z.number(),
    /** A payout decided, its transfer not yet made. */
    inTransit: z.number(),
    paidOut: z.number(),
  }),
  lines: z.array(earningsLineSchema),
  /** How many sales there are in all (`lines` holds the newest 100; the CSV has every one). */
  totalLines: z.number(),
});
export type Earnings = z.infer<typeof earningsSchema>;

export const payoutStatuses = ['pending', 'paid', 'failed'] as const;

export const payoutSchema = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.enum(payoutStatuses),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Why the processor refused it (failed ones; the money went back to the balance). */
  failure: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET /api/payouts: the seller's payouts, newest first. */
export const payoutListSchema = z.array(payoutSchema);

export const sandboxOnboardingOutcomes = ['complete', 'missing-details'] as const;
export type SandboxOnboardingOutcome = (typeof sandboxOnboardingOutcomes)[number];

/** POST /api/sandbox/accounts/:id/onboard: how the Test mode onboarding ends. */
export const sandboxOnboardingInputSchema = z.object({
  outcome: z.enum(sandboxOnboardingOutcomes, { error: 'Please choose how onboarding ends' }),
});

export const sandboxAccountIdSchema = z
  .string()
  .regex(/^acct_sandbox_[A-Za-z0-9]{1,32}$/, 'Not a valid payout account');
