import { z } from 'zod';
import { dealStates } from './order-states.ts';

/*
 * Protected payments: a paid deal's money is held by the platform until the handover,
 * then released to the seller less the platform's fee, or given back.
 */

/** The platform's fee on `amountCents` at `feeBps` basis points, rounded to the cent. */
export function feeCents(amountCents: number, feeBps: number): number {
  return Math.round((amountCents * feeBps) / 10_000);
}

/** What a seller receives of `amountCents` after the fee. */
export function sellerReceivesCents(amountCents: number, feeBps: number): number {
  return amountCents - feeCents(amountCents, feeBps);
}

/** The six digits the buyer shows the seller at the meeting. */
export const handoverCodeSchema = z
  .string({ message: 'Enter the 6-digit code from the buyer.' })
  .trim()
  .regex(/^\d{6}$/, { message: 'The code has 6 digits.' });

/** POST /api/orders/:id/handover: the seller enters the code the buyer shows them. */
export const handoverInputSchema = z.object({ code: handoverCodeSchema });
export type HandoverInput = z.infer<typeof handoverInputSchema>;

/** How a deal's money went to the seller. */
export const releaseCauses = ['handover-code', 'buyer', 'automatic', 'dispute'] as const;
export type ReleaseCause = (typeof releaseCauses)[number];

/**
 * A paid deal's money on its order page, in dollars. `held` is what the platform still
 * holds; `releaseDueAt` is when that goes to the seller unless the buyer acts first.
 */
export const dealMoneySchema = z.object({
  charged: z.number(),
  held: z.number(),
  fee: z.number(),
  /** Released to the seller, after the fee. */
  sellerReceived: z.number(),
  refunded: z.number(),
  /** The fee in percent, as promised when the buyer paid. */
  feePercent: z.number(),
  /** While money is held: when it is released by itself. */
  releaseDueAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  releasedBy: z.enum(releaseCauses).nullable(),
  /** The buyer's code to show at the meeting; to the buyer only, while the money is held. */
  handoverCode: z.string().nullable(),
});
export type DealMoney = z.infer<typeof dealMoneySchema>;

/** GET /api/deal-terms: the fee a seller pays, shown when listing ("you receive $X"). */
export const dealTermsSchema = z.object({
  feePercent: z.number(),
  /** How many hours after the payment held money is released by itself. */
  releaseAfterHours: z.number(),
});
export type DealTermsResponse = z.infer<typeof dealTermsSchema>;

/**
 * POST /api/test-hooks/deals/release-due, on a test server only (E2E_TEST_HOOKS=1):
 * moves a held deal's release `hours` earlier (without `hours`: to now), then runs the
 * automatic release and its reminders at once, as their job would.
 */
export const releaseDueHookInputSchema = z.object({
  orderId: z.uuid({ message: 'Not a valid order id' }),
  hours: z
    .number()
    .positive()
    .max(24 * 365)
    .optional(),
});
export type ReleaseDueHookInput = z.infer<typeof releaseDueHookInputSchema>;

export const releaseDueHookResultSchema = z.object({
  /** The deal's release time once moved. */
  releaseDueAt: z.string(),
  /** Deals the run released, and reminders it sent (this deal's and any other due). */
  released: z.number(),
  remindersSent: z.number(),
  /** This deal's state afterwards. */
  status: z.enum(dealStates),
});
