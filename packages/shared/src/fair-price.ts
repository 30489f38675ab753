import { z } from 'zod';
import { specLimits } from './laptop-specs.ts';
import type { FairPriceRange } from './product-details.ts';

export type { FairPriceRange };

/*
 * The fair-price range (decision 0048): what similar laptops sold for on this
 * marketplace. Similar means the same brand (category) and model family, the same
 * memory and storage, and years of use within FAIR_PRICE_YEARS_APART. A sale counts when
 * its deal completed (the money was released to the seller) within the last
 * FAIR_PRICE_MONTHS months and nothing of it was refunded; its price is what the buyer
 * paid. Below FAIR_PRICE_MIN_SALES such sales nothing is shown: a range from two or
 * three sales says more about those buyers than about the laptop.
 */

/** Fewer similar sales than this and no range is shown, to the seller or the buyer. */
export const FAIR_PRICE_MIN_SALES = 5;
/** Only sales completed within this many months count: prices of used laptops fall. */
export const FAIR_PRICE_MONTHS = 12;
/** Similar age: years of use at most this far apart. */
export const FAIR_PRICE_YEARS_APART = 1;

/**
 * A laptop's model family: its model as typed, ignoring case, spaces and punctuation
 * ('MacBook Air 13" (M2, 2022)' and 'macbook air 13 m2 2022' are one family). The chip
 * and year in brackets stay: they change the price more than anything else. The
 * database keeps the same rule as a generated column (products.model_family); this copy
 * lets the form know when a model is worth asking about.
 */
export function modelFamily(model: string): string {
  return model.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** GET /api/fair-price: the laptop a seller is pricing, as far as the form has it. */
export const fairPriceQuerySchema = z.object({
  categoryId: z.uuid({ error: 'Choose a brand.' }),
  model: z
    .string()
    .max(120, { error: 'The model can be at most 120 characters.' })
    .refine((model) => modelFamily(model) !== '', { error: 'Type the model.' }),
  ramGb: wholeNumber(specLimits.ramGb.min, specLimits.ramGb.max, 'Give the memory in GB.'),
  storageGb: wholeNumber(
    specLimits.storageGb.min,
    specLimits.storageGb.max,
    'Give the storage in GB.',
  ),
  yearsOfUse: wholeNumber(0, 50, 'Give the years of use (0 to 50).'),
});
export type FairPriceQuery = z.infer<typeof fairPriceQuerySchema>;

/**
 * The range, as product-details.ts has it for the laptop page; written again here (the
 * type keeps the two alike) because a module both pages import becomes a chunk of its
 * own, and each chunk costs Home's download a line of the preload map.
 */
const rangeSchema: z.ZodType<FairPriceRange> = z.object({
  low: z.number(),
  high: z.number(),
  median: z.number(),
  sales: z.number(),
  months: z.number(),
});

/** The answer: the range, or null below the minimum sample (or without a model). */
export const fairPriceAnswerSchema = z.object({ range: rangeSchema.nullable() });
export type FairPriceAnswer = z.infer<typeof fairPriceAnswerSchema>;

/** Whole dollars, as the range is spoken: "$1,240". */
export const wholeDollars = (dollars: number) => `$${Math.round(dollars).toLocaleString('en-US')}`;

const plural = (n: number, one: string) =>
  `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

export const fairPriceText = {
  /** The listing form, while pricing (the laptop page's are in its feature). */
  range: (range: FairPriceRange) =>
    `Similar laptops sold for ${wholeDollars(range.low)}–${wholeDollars(range.high)} (${plural(range.sales, 'sale')})`,
  notEnough: 'Not enough similar sales yet to suggest a price.',
};
