import { z } from 'zod';
import { isPlainText, nulMessage } from './fields.ts';

/** Why a laptop is reported; the reporter picks one. */
export const reportReasons = [
  'scam',
  'wrong_details',
  'already_sold',
  'prohibited_item',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

/** POST /api/reports. The reporter comes from the session; name and seller from the product. */
export const reportInputSchema = z.object({
  productId: z.uuid({ message: 'Not a valid product' }),
  reportText: z
    .string()
    .trim()
    .max(2000, 'A report can be at most 2000 characters')
    .refine(isPlainText, nulMessage)
    .default(''),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/** A report as the admin sees it (GET /api/reports). */
export const reportSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  sellerEmail: z.string(),
  reportText: z.string(),
  reporterEmail: z.string(),
  createdAt: z.string(),
  resolved: z.boolean(),
  /** 'product_removed' or 'dismissed' once resolved. */
  resolution: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;
