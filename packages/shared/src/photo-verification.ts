import { z } from 'zod';
import { listQuerySchema } from './admin.ts';
import { requiredText } from './fields.ts';

/**
 * A listing's verification photo: the seller asks for a code, writes it on paper, takes
 * one photo of the laptop with it, and an admin compares the photo with the code and
 * the listing's photos. Approved, the listing shows "Photo verified" (decision 0044).
 */

/**
 * The code's letters: no look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V), so what a seller
 * writes by hand reads back one way. 6 of 24 letters and digits: 191 million codes.
 */
export const VERIFICATION_CODE_ALPHABET = 'ACDEFGHJKMNPQRTWXY345679';
export const VERIFICATION_CODE_LENGTH = 6;

/** Where a listing's verification stands; `none` when the seller never asked. */
export const photoVerificationStatuses = [
  'awaiting-photo',
  'waiting-for-review',
  'approved',
  'rejected',
  'lapsed',
] as const;
export type PhotoVerificationStatus = (typeof photoVerificationStatuses)[number];

export const VERIFICATION_REJECT_REASON_MAX = 500;

export const photoVerificationMessages = {
  instructions:
    "Write this code on paper, put it on the laptop's keyboard with the screen on, and take one photo.",
  rejectReasonRequired: 'Say why, so the seller can take a better photo.',
  badgeMeaning:
    'An admin compared a photo of this laptop, with a code we gave the seller written beside it, with the photos here.',
  tooManyCodes: 'You have asked for many codes in a short time. Please try again in an hour.',
  notAwaitingPhoto: 'Ask for a code first: the photo must show it.',
  alreadyWaiting: 'Your photo is waiting for an admin. You will see the answer here.',
  alreadyApproved: 'This listing is already photo verified.',
  sold: 'A sold laptop needs no verification.',
  notWaiting: 'This photo has already been decided.',
} as const;

/**
 * What the seller sees of their listing's verification: the code while it waits for a
 * photo, the admin's reason after a rejection. `photoUrl` answers only its seller and
 * admins.
 */
export const photoVerificationSchema = z.object({
  status: z.enum([...photoVerificationStatuses, 'none']),
  verificationId: z.string().nullable(),
  code: z.string().nullable(),
  instructions: z.string(),
  requestedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  photoUrl: z.string().nullable(),
});
export type PhotoVerification = z.infer<typeof photoVerificationSchema>;

export const photoVerificationQueueQuerySchema = listQuerySchema.omit({ q: true });

/** One photo in the admins' queue, beside the code it should show and the listing's photos. */
export const photoVerificationQueueItemSchema = z.object({
  verificationId: z.string(),
  code: z.string(),
  photoUrl: z.string(),
  submittedAt: z.string(),
  product: z.object({
    _id: z.string(),
    name: z.string(),
    model: z.string().nullable(),
    photos: z.array(z.string()),
  }),
  seller: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type PhotoVerificationQueueItem = z.infer<typeof photoVerificationQueueItemSchema>;

export const verificationIdParamsSchema = z.object({
  verificationId: z.uuid({ message: 'Not a valid id' }),
});

/** POST /api/admin/photo-verifications/:verificationId/decision. */
export const photoVerificationDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('reject'),
    reason: requiredText(
      photoVerificationMessages.rejectReasonRequired,
      VERIFICATION_REJECT_REASON_MAX,
      { multiline: true },
    ),
  }),
]);
export type PhotoVerificationDecision = z.output<typeof photoVerificationDecisionSchema>;
export type PhotoVerificationDecisionBody = z.input<typeof photoVerificationDecisionSchema>;
