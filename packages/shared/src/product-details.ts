import { z } from 'zod';
import {
  laptopSpecsSchema,
  productPhotoSchema,
  productSchema,
  specSourcesSchema,
} from './products.ts';

/**
 * What similar laptops sold for on this marketplace, in dollars (fair-price.ts says
 * what "similar" is): the middle half of the prices paid, the median, and how many
 * sales (at least FAIR_PRICE_MIN_SALES).
 */
export const fairPriceRangeSchema = z.object({
  /** The 25th percentile of the prices paid. */
  low: z.number(),
  /** The 75th percentile. */
  high: z.number(),
  median: z.number(),
  sales: z.number(),
  /** The sales are those of the last this many months (FAIR_PRICE_MONTHS). */
  months: z.number(),
});
export type FairPriceRange = z.infer<typeof fairPriceRangeSchema>;

/**
 * GET /api/products/:id: a laptop's page. Everything a card has, every spec, every
 * photo (the first is the cover, `image`), and what buyers look at in a seller.
 */
export const productDetailsSchema = productSchema.extend({
  specs: laptopSpecsSchema,
  photos: z.array(productPhotoSchema),
  /** The seller's record: how long they have been here and how many laptops they sold. */
  seller: z.object({ memberSince: z.string(), laptopsSold: z.number() }),
  /** The signed-in viewer's own listing (they may edit it, not book it). */
  isOwn: z.boolean(),
  /** The signed-in viewer's booking of it, if any: the page offers Pay now until paid. */
  viewerOrder: z.object({ id: z.string(), paid: z.boolean() }).nullable(),
  /** The specs the laptop's own report gave (the others, its seller typed). */
  specSources: specSourcesSchema,
  /** An admin approved a photo of it with a code we gave its seller (decision 0044). */
  photoVerified: z.boolean(),
  /**
   * "Serial checked": the listing has a serial number, it is not reported stolen, and
   * no other seller lists it (serial-checks.ts). The serial itself is never shown.
   */
  serialChecked: z.boolean(),
  /** What similar laptops sold for, while it is for sale; null below the minimum sample. */
  fairPrice: fairPriceRangeSchema.nullable(),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;
