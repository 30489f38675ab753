import { z } from 'zod';
import { conditionTypes } from './conditions.ts';
import { blankToUndefined, phoneNumber, requiredText } from './fields.ts';
import { productMessages as m } from './messages.ts';

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
  /** A smaller copy of `image` for cards. */
  thumbnail: z.string(),
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

/** Dollars with at most two decimals, typed as text in the form or sent as a number. */
const dollars = (required: string) =>
  z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (typeof blank !== 'string') return blank;
      const text = blank.trim().replace(/^\$/, '').replaceAll(',', '');
      return /^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? required : m.priceInvalid) })
      .refine((n) => Math.round(n * 100) === Math.round(n * 100 * 1e6) / 1e6, {
        message: m.priceInvalid,
        // One message at a time: 0.001 has too many decimals, not "more than $0".
        abort: true,
      })
      // On cents: a tiny positive number (5e-324) would round to a price of $0.
      .refine((n) => Math.round(n * 100) > 0, m.pricePositive)
      .refine((n) => n <= 100_000, m.priceTooHigh),
  );

const wholeYears = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    if (typeof blank !== 'string') return blank;
    return /^\d{1,3}$/.test(blank.trim()) ? Number(blank.trim()) : Number.NaN;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? m.yearOfUse : m.yearsInvalid) })
    .int(m.yearsInvalid)
    .min(0, m.yearsInvalid)
    .max(50, m.yearsInvalid),
);

/**
 * The fields a seller fills in 'Add A Product', shared by the form and
 * POST /api/products. The seller, their name, picture and email, and the date of
 * post come from the server, never from here.
 */
export const productFieldsSchema = z.object({
  name: requiredText(m.productName, 120),
  location: requiredText(m.location, 120),
  category: z.preprocess(blankToUndefined, z.string({ error: m.category }).uuid(m.categoryUnknown)),
  conditionType: z.enum(conditionTypes, { error: m.conditionType }),
  mobileNumber: phoneNumber(m.mobileNumber, m.mobileInvalid),
  originalPrice: dollars(m.originalPrice),
  resalePrice: dollars(m.resalePrice),
  yearsOfUse: wholeYears,
  description: requiredText(m.description, 2000, { multiline: true }),
});

/** POST /api/products: the fields plus the URL of an image our /api/images issued. */
export const productInputSchema = productFieldsSchema.extend({
  image: z.string({ error: m.image }).min(1, m.image).max(300, m.imageNotOurs),
});
export type ProductInput = z.output<typeof productInputSchema>;

export const productIdQuerySchema = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

export const insertResultSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
});
export const modifiedCountSchema = z.object({ modifiedCount: z.number() });
export const deletedCountSchema = z.object({ deletedCount: z.number() });

/** GET /api/myBuyers: the bookings of the seller's own products. */
export const myBuyerSchema = z.object({
  _id: z.string(),
  buyerEmail: z.string(),
  buyerName: z.string(),
  productId: z.string(),
  productName: z.string(),
  price: z.number(),
  paid: z.boolean(),
  bookedAt: z.string(),
});
export type MyBuyer = z.infer<typeof myBuyerSchema>;
