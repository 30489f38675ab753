import { z } from 'zod';
import { hasVisibleCharacter, isPlainText, nulMessage, tooLongMessage } from './fields.ts';

/** Why a laptop is reported; the reporter picks one. */
export const reportReasons = [
  'scam',
  'wrong_details',
  'already_sold',
  'prohibited_item',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

/** The report's own words: several lines, like a listing's description. */
export const REPORT_TEXT_MAX = 2000;

export const reportInputMessages = {
  reason: 'Please choose a reason for your report',
  otherNeedsText: 'Please tell the admin what is wrong with this laptop',
} as const;

/** POST /api/reports. The reporter comes from the session; name and seller from the product. */
export const reportInputSchema = z
  .object({
    productId: z.uuid({ message: 'Not a valid product' }),
    reason: z.enum(reportReasons, { error: reportInputMessages.reason }),
    reportText: z
      .string()
      .trim()
      .max(REPORT_TEXT_MAX, tooLongMessage(REPORT_TEXT_MAX))
      .refine(isPlainText, nulMessage)
      // Text of only invisible characters says nothing: stored as none given.
      .overwrite((text) => (hasVisibleCharacter(text) ? text : ''))
      .default(''),
  })
  .refine((input) => input.reason !== 'other' || input.reportText !== '', {
    // 'Other' alone tells the admin nothing to check.
    path: ['reportText'],
    message: reportInputMessages.otherNeedsText,
  });
export type ReportInput = z.input<typeof reportInputSchema>;

/**
 * Where the reported laptop stands now: still listed for sale, sold, or removed from the
 * marketplace (withdrawn by its seller or an admin, or its seller's account deleted).
 */
export const reportedProductStates = ['for_sale', 'sold', 'removed'] as const;
export type ReportedProductState = (typeof reportedProductStates)[number];

/**
 * A report as the admin sees it (GET /api/reports), with the laptop it is about: the
 * seller and the reporter by name, without their contact details.
 */
export const reportSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productThumbnail: z.string(),
  /** The resale price, in dollars. */
  productPrice: z.number(),
  /** The laptop's category id. */
  productCategory: z.string(),
  productState: z.enum(reportedProductStates),
  sellerName: z.string(),
  reason: z.enum(reportReasons),
  reportText: z.string(),
  reporterName: z.string(),
  createdAt: z.string(),
  resolved: z.boolean(),
  /** 'product_removed' or 'dismissed' once resolved. */
  resolution: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;
