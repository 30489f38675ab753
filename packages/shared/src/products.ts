import { z } from 'zod';

export const conditionTypes = ['Excellent', 'Good', 'Fair'] as const;
export type ConditionType = (typeof conditionTypes)[number];

export const productStatuses = ['available', 'sold'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/**
 * A product as the API shows it. Seller fields come from the seller's current
 * record. Prices are dollars here (cents in the database). The seller's email and
 * mobile number are only shown to signed-in users, so they are null for guests.
 */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  location: z.string(),
  description: z.string(),
  category: z.string(),
  categoryName: z.string(),
  conditionType: z.enum(conditionTypes),
  dateOfPost: z.string(),
  yearsOfUse: z.number(),
  originalPrice: z.number(),
  resalePrice: z.number(),
  mobileNumber: z.string().nullable(),
  sellerName: z.string(),
  sellerImage: z.string().nullable(),
  sellerEmail: z.string().nullable(),
  isVerified: z.boolean(),
  status: z.enum(productStatuses),
  isSold: z.boolean(),
  isAdvertise: z.boolean(),
});

export type Product = z.infer<typeof productSchema>;
