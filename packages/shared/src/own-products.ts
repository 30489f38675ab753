import { z } from 'zod';
import { photoVerificationStatuses } from './photo-verification.ts';
import { productSchema } from './products.ts';
import { listingSerialSchema } from './serial-checks.ts';

/**
 * GET /api/myProducts: the seller's own listings, with the mobile number they gave
 * (the edit form's), which no one else's lists carry.
 */
export const ownProductSchema = productSchema.extend({
  mobileNumber: z.string(),
  /** Whether a serial number is on file (never the serial: only its keyed hash is kept). */
  serial: listingSerialSchema,
  /** Where the listing's latest verification photo request stands; `none` if never asked. */
  verification: z.enum([...photoVerificationStatuses, 'none']),
});
export type OwnProduct = z.infer<typeof ownProductSchema>;
