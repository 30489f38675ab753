import { z } from 'zod';
import { listQuerySchema } from './admin.ts';
import { blankToUndefined, requiredText } from './fields.ts';
import { disputeMessages as m } from './messages.ts';
import { formatDollars } from './money.ts';
import { dealStates } from './order-states.ts';

/*
 * Disputes: the buyer of a paid deal says something went wrong before the money was
 * released; the money stays held until an admin settles it (decision 0038).
 */

/** What went wrong, as the `disputes` table's check constraint lists them. */
export const disputeReasons = [
  'not-as-described',
  'does-not-work',
  'locked',
  'missing-parts',
  'no-show',
  'other',
] as const;
export type DisputeReason = (typeof disputeReasons)[number];

/** Each reason as the buyer chooses it and everyone reads it (pages and emails). */
export const disputeReasonText: Record<DisputeReason, string> = {
  'not-as-described': 'Not as described',
  'does-not-work': 'Does not work',
  locked: 'Locked (firmware password, Activation Lock or device management)',
  'missing-parts': 'Missing parts',
  'no-show': 'The seller did not show up',
  other: 'Something else',
};

export const DISPUTE_DETAILS_MAX = 1000;
export const DISPUTE_PHOTOS_MAX = 4;
export const SETTLEMENT_NOTE_MAX = 1000;

/**
 * POST /api/orders/:id/dispute. Photos are URLs our /api/images gave the buyer
 * (the server refuses anyone else's).
 */
export const openDisputeInputSchema = z.object({
  reason: z.enum(disputeReasons, { error: m.reasonRequired }),
  details: requiredText(m.detailsRequired, DISPUTE_DETAILS_MAX, { multiline: true }),
  photos: z.array(z.string().min(1).max(300)).max(DISPUTE_PHOTOS_MAX, m.tooManyPhotos).default([]),
});
export type OpenDisputeInput = z.input<typeof openDisputeInputSchema>;

/** How an admin settles a dispute: the deal events of the same names (order-states.ts). */
export const disputeOutcomes = ['refund', 'refund-part', 'release'] as const;
export type DisputeOutcome = (typeof disputeOutcomes)[number];

/** Dollars with at most two decimals, typed as text or sent as a number; more than $0. */
export const refundAmountSchema = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    if (typeof blank !== 'string') return blank;
    const text = blank.trim().replace(/^\$/, '').replaceAll(',', '');
    return /^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? m.amountRequired : m.amountInvalid) })
    .refine((n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      message: m.amountInvalid,
      abort: true,
    })
    .refine((n) => Math.round(n * 100) > 0, m.amountPositive)
    .refine((n) => n <= 1_000_000, m.amountInvalid),
);

/**
 * Why a part refund of `refundCents` cannot come out of `heldCents`, or null: it is
 * more than nothing and less than all (all is a full refund). Both sides ask.
 */
export function partRefundProblem(refundCents: number, heldCents: number): string | null {
  if (refundCents <= 0) return m.amountPositive;
  if (refundCents >= heldCents) return m.amountTooHigh(formatDollars(heldCents));
  return null;
}

const note = requiredText(m.noteRequired, SETTLEMENT_NOTE_MAX, { multiline: true });

/** POST /api/admin/disputes/:id/settle: the outcome, a part refund's amount, the note. */
export const settleDisputeInputSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('refund'), note }),
  z.object({ outcome: z.literal('refund-part'), refundAmount: refundAmountSchema, note }),
  z.object({ outcome: z.literal('release'), note }),
]);
export type SettleDisputeInput = z.input<typeof settleDisputeInputSchema>;

export const disputePhotoSchema = z.object({ url: z.string(), thumbnail: z.string() });

/** How a dispute was settled, as both people and the admins read it (dollars). */
export const disputeSettlementSchema = z.object({
  outcome: z.enum(disputeOutcomes),
  at: z.string(),
  /** What went back to the buyer (0 for a release). */
  refunded: z.number(),
  /** The admin's note to both people. */
  note: z.string(),
});
export type DisputeSettlement = z.infer<typeof disputeSettlementSchema>;

/** A deal's dispute on its order page, for its buyer and its seller. */
export const orderDisputeSchema = z.object({
  reason: z.enum(disputeReasons),
  details: z.string(),
  photos: z.array(disputePhotoSchema),
  openedAt: z.string(),
  settled: disputeSettlementSchema.nullable(),
});
export type OrderDispute = z.infer<typeof orderDisputeSchema>;

/** `?status=` of the admins' list: open ones first then settled (`all`), or one kind. */
export const disputeStatuses = ['all', 'open', 'settled'] as const;
export const disputesQuerySchema = listQuerySchema.omit({ q: true }).extend({
  status: z.enum(disputeStatuses).default('all'),
});
export type DisputesQuery = z.input<typeof disputesQuerySchema>;

/** One row of the admins' list of disputes. */
export const disputeSummarySchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  laptopName: z.string(),
  buyerName: z.string(),
  sellerName: z.string(),
  reason: z.enum(disputeReasons),
  openedAt: z.string(),
  price: z.number(),
  /** Held for the deal now, in dollars. */
  held: z.number(),
  settled: disputeSettlementSchema.omit({ note: true }).nullable(),
});
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;

const personSchema = z.object({ name: z.string(), email: z.string() });

/** What happened in a disputed deal, oldest first. */
export const disputeEvents = ['booked', 'paid', 'dispute-opened', 'settled'] as const;

/** GET /api/admin/disputes/:id: one dispute with its deal, for the admin who settles it. */
export const disputeDetailsSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  state: z.enum(dealStates),
  reason: z.enum(disputeReasons),
  details: z.string(),
  photos: z.array(disputePhotoSchema),
  openedAt: z.string(),
  settled: disputeSettlementSchema.extend({ by: z.string() }).nullable(),
  laptop: z.object({ _id: z.string(), name: z.string(), thumbnail: z.string() }),
  price: z.number(),
  buyer: personSchema,
  seller: personSchema,
  money: z.object({
    charged: z.number(),
    held: z.number(),
    refunded: z.number(),
    fee: z.number(),
    sellerReceived: z.number(),
    feePercent: z.number(),
  }),
  timeline: z.array(z.object({ event: z.enum(disputeEvents), at: z.string() })),
  /** Messages in the deal's thread: all, and those since the dispute was opened. */
  messages: z.object({ total: z.number(), sinceOpened: z.number() }),
});
export type DisputeDetails = z.infer<typeof disputeDetailsSchema>;

/** Who wrote a line of a disputed deal's thread. */
export const disputeMessageAuthors = ['buyer', 'seller', 'system'] as const;

/** GET /api/admin/disputes/:id/thread: the deal's thread, read only, newest first. */
export const disputeThreadSchema = z.object({
  messages: z.array(
    z.object({
      _id: z.string(),
      body: z.string(),
      image: disputePhotoSchema.nullable(),
      from: z.enum(disputeMessageAuthors),
      sentAt: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type DisputeThread = z.infer<typeof disputeThreadSchema>;
