import { z } from 'zod';

/**
 * Serial numbers: what a seller types (or their laptop's report reads) is normalised,
 * then kept by the server only as a keyed hash (HMAC-SHA256). Nobody, the seller and
 * admins included, reads a serial back: the hash finds the same laptop listed twice,
 * and a serial an admin marked stolen.
 */

export const SERIAL_MIN = 4;
export const SERIAL_MAX = 40;

export const serialMessages = {
  invalid: `A serial number has ${SERIAL_MIN} to ${SERIAL_MAX} letters and digits (spaces and dashes are ignored).`,
  stolen:
    'This serial number is reported stolen, so this laptop cannot be listed. If it is yours, contact us.',
  tooManyChecks:
    'You have saved many serial numbers in a short time. Please wait an hour and try again.',
  alreadyMarked: 'This serial number is already marked stolen.',
};

/**
 * One serial, however it is written: spaces, dashes and case do not matter
 * ("c02-xy 12" is "C02XY12"). The server hashes this form, so every spelling matches.
 */
export function normaliseSerial(text: string): string {
  return text
    .trim()
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015]+/g, '');
}

/** A serial as the form and the API take it: normalised, letters and digits only. */
export const serialNumberSchema = z
  .string({ error: serialMessages.invalid })
  .max(200, serialMessages.invalid)
  .transform(normaliseSerial)
  .refine(
    (serial) => new RegExp(`^[A-Z0-9]{${SERIAL_MIN},${SERIAL_MAX}}$`).test(serial),
    serialMessages.invalid,
  );

/** The serial as a listing carries it: whether it has one and whether its report read it. */
export const listingSerialSchema = z.object({
  onFile: z.boolean(),
  fromDevice: z.boolean(),
});
export type ListingSerial = z.infer<typeof listingSerialSchema>;

/** Why a serial is in the admins' queue. */
export const serialFlagReasons = ['shared', 'stolen'] as const;
export type SerialFlagReason = (typeof serialFlagReasons)[number];

/** One listing carrying a flagged serial, as the queue shows it. */
export const flaggedListingSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  thumbnail: z.string(),
  sellerName: z.string(),
  /** 'for sale', 'sold', or 'taken down' (withdrawn by its seller or an admin). */
  state: z.enum(['for-sale', 'sold', 'taken-down']),
  /** The serial came from the laptop's own report, not the seller's typing. */
  fromDevice: z.boolean(),
  dateOfPost: z.string(),
});
export type FlaggedListing = z.infer<typeof flaggedListingSchema>;

/**
 * GET /api/admin/serial-flags: one entry per flagged serial. `key` names the serial
 * for the actions (an opaque id; the serial itself is never stored or shown).
 */
export const serialFlagSchema = z.object({
  key: z.string(),
  reason: z.enum(serialFlagReasons),
  /** How many sellers list it (not their names: two sellers may share a name). */
  sellers: z.number(),
  listings: z.array(flaggedListingSchema),
});
export type SerialFlag = z.infer<typeof serialFlagSchema>;

export const serialFlagKeyParamsSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a valid serial key'),
});

export const takeDownBodySchema = z.object({
  productId: z.uuid({ message: 'Not a valid id' }),
});

/** POST /api/admin/stolen-serials: the serial as the admin types it, and why. */
export const stolenSerialInputSchema = z.object({
  serial: serialNumberSchema,
  note: z
    .string()
    .trim()
    .max(300, 'At most 300 characters')
    .refine((text) => !text.includes('\u0000'), 'This contains a character that is not allowed')
    .default(''),
});
export type StolenSerialInput = z.input<typeof stolenSerialInputSchema>;

/** GET /api/admin/stolen-serials: the marks, newest first, without their serials. */
export const stolenSerialSchema = z.object({
  _id: z.string(),
  note: z.string(),
  markedBy: z.string(),
  markedAt: z.string(),
  /** The listings carrying it (taken off sale when it was marked). */
  listings: z.number(),
});
export type StolenSerial = z.infer<typeof stolenSerialSchema>;

export const stolenSerialIdParamsSchema = z.object({
  id: z.uuid({ message: 'Not a valid id' }),
});

/** POST /api/admin/stolen-serials's answer: how many listings it took off sale. */
export const markedStolenSchema = z.object({
  _id: z.string(),
  takenDown: z.number(),
});
