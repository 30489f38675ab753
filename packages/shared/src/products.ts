import { z } from 'zod';
import { conditionDefinitions, conditionTypes } from './conditions.ts';
import {
  blankToUndefined,
  hasVisibleCharacter,
  isOneLine,
  isPlainText,
  nulMessage,
  oneLineMessage,
  phoneNumber,
  requiredText,
  tabsToSpaces,
  tooLongMessage,
} from './fields.ts';
import { cpuFamilies, specLimits, storageTypes } from './laptop-specs.ts';
import { productMessages as m, specMessages as sm } from './messages.ts';
import { orderStatuses } from './order-states.ts';
import { serialNumberSchema } from './serial-checks.ts';

export const productStatuses = ['available', 'sold'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/**
 * A product as the API shows it, the same for every viewer. Seller fields come from the
 * seller's current record. Prices are dollars here (cents in the database). No contact
 * details: buyers ask the seller in the app, and the two sides of a booking see each
 * other's phone on its order page (orders.ts, orderDetailsSchema).
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
  /** The seller's account id: whether a laptop is the viewer's own. */
  sellerId: z.string(),
  sellerName: z.string(),
  sellerImage: z.string().nullable(),
  isVerified: z.boolean(),
  /** The seller's rating from buyers' published reviews (sellers.ts); null before the first. */
  sellerRating: z.object({ average: z.number(), count: z.number() }).nullable(),
  status: z.enum(productStatuses),
  isSold: z.boolean(),
  isAdvertise: z.boolean(),
  /** The price before the seller last lowered it, for "was $X"; null otherwise. */
  wasPrice: z.number().nullable(),
  /** What a card shows of the specs (null: not given, on listings older than specs). */
  specs: z.object({
    cpuModel: z.string().nullable(),
    ramGb: z.number().nullable(),
    storageGb: z.number().nullable(),
    storageType: z.enum(storageTypes).nullable(),
    screenInches: z.number().nullable(),
    batteryHealth: z.number().nullable(),
  }),
});

export type Product = z.infer<typeof productSchema>;

// The seller's own listings (GET /api/myProducts) have their own file, own-products.ts:
// only My products and the edit page need them, not Home's download.
export type { OwnProduct } from './own-products.ts';

/** Every spec a laptop's page shows (laptop-specs.ts's LaptopSpecs). */
export const laptopSpecsSchema = productSchema.shape.specs.extend({
  model: z.string().nullable(),
  cpuFamily: z.enum(cpuFamilies).nullable(),
  cpuGeneration: z.string().nullable(),
  graphics: z.string().nullable(),
  screenResolution: z.string().nullable(),
  operatingSystem: z.string().nullable(),
  keyboardLayout: z.string().nullable(),
  batteryCycles: z.number().nullable(),
  chargerIncluded: z.boolean().nullable(),
  knownIssues: z.string().nullable(),
});

/**
 * Where a listing's specs came from, when not from its seller's typing: the laptop's
 * own report (hardware-reports.ts), as the server verified it.
 */
export const specSourcesSchema = z.record(z.string(), z.literal('device-report'));
export type SpecSources = z.infer<typeof specSourcesSchema>;

/** The report tokens a listing is saved with (one per report imported, at most five). */
export const deviceReportsSchema = z.array(z.string().max(4000)).max(5).optional();

/** One photo of a listing: the stored image and its smaller copy. */
export const productPhotoSchema = z.object({ url: z.string(), thumbnail: z.string() });

// A laptop's page (GET /api/products/:id) has its own file, product-details.ts: Home's
// download carries this one, and bundlers keep every schema a module makes.
export type { FairPriceRange, ProductDetails } from './product-details.ts';

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

/** Optional one-line text: blank means not given (null). */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (blankToUndefined(value) === undefined ? null : value),
    z
      .string()
      .overwrite(tabsToSpaces)
      .trim()
      .max(max, tooLongMessage(max))
      .refine(isPlainText, nulMessage)
      .refine(isOneLine, oneLineMessage)
      .transform((text) => (hasVisibleCharacter(text) ? text : null))
      .nullable(),
  );

/** A whole number typed as text or sent as a number; blank is undefined (or null if optional). */
const wholeNumber = (
  limits: { min: number; max: number },
  messages: { required: string; invalid: string },
  { optional = false } = {},
) =>
  z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (blank === undefined || blank === null) return optional ? null : undefined;
      if (typeof blank !== 'string') return blank;
      return /^\d{1,6}$/.test(blank.trim()) ? Number(blank.trim()) : Number.NaN;
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? messages.required : messages.invalid),
      })
      .int(messages.invalid)
      .min(limits.min, messages.invalid)
      .max(limits.max, messages.invalid)
      .nullable(),
  );

const choice = <T extends readonly [string, ...string[]]>(options: T, required: string) =>
  z.preprocess(blankToUndefined, z.enum(options, { error: required }));

const screenInches = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    if (typeof blank !== 'string') return blank;
    const text = blank
      .trim()
      .replace(/(″|"|in|inches)$/i, '')
      .trim();
    return /^\d{1,2}(\.\d)?$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? sm.screenInches : sm.screenInvalid) })
    .min(specLimits.screenInches.min, sm.screenInvalid)
    .max(specLimits.screenInches.max, sm.screenInvalid)
    .refine((n) => Math.round(n * 10) === n * 10, sm.screenInvalid),
);

/** "1920 x 1080" and "1920×1080" are both written "1920 × 1080". */
const screenResolution = z.preprocess(
  (value) => (blankToUndefined(value) === undefined ? null : value),
  z
    .string()
    .trim()
    .regex(/^\d{3,4}\s*[x×]\s*\d{3,4}$/i, sm.resolutionInvalid)
    .transform((text) => text.replace(/\s*[x×]\s*/i, ' × '))
    .nullable(),
);

const yesNo = z.preprocess(
  (value) => {
    if (value === 'yes') return true;
    if (value === 'no') return false;
    return blankToUndefined(value) ?? null;
  },
  z.boolean({ error: sm.chargerInvalid }).nullable(),
);

/**
 * A listing's specs as the form and the API take them. The core (CPU, RAM, storage,
 * screen) is required; the rest may be left blank.
 */
export const productSpecFieldsSchema = z.object({
  model: optionalText(120),
  cpuFamily: choice(cpuFamilies, sm.cpuFamily),
  cpuModel: requiredText(sm.cpuModel, 80),
  cpuGeneration: optionalText(40),
  ramGb: wholeNumber(specLimits.ramGb, { required: sm.ramGb, invalid: sm.ramInvalid }),
  storageGb: wholeNumber(specLimits.storageGb, {
    required: sm.storageGb,
    invalid: sm.storageInvalid,
  }),
  storageType: choice(storageTypes, sm.storageType),
  graphics: optionalText(80),
  screenInches,
  screenResolution,
  operatingSystem: optionalText(60),
  keyboardLayout: optionalText(40),
  batteryHealth: wholeNumber(
    specLimits.batteryHealth,
    { required: sm.batteryInvalid, invalid: sm.batteryInvalid },
    { optional: true },
  ),
  batteryCycles: wholeNumber(
    specLimits.batteryCycles,
    { required: sm.cyclesInvalid, invalid: sm.cyclesInvalid },
    { optional: true },
  ),
  chargerIncluded: yesNo,
  knownIssues: z.preprocess(
    (value) => (blankToUndefined(value) === undefined ? null : value),
    z.string().trim().max(1000, tooLongMessage(1000)).refine(isPlainText, nulMessage).nullable(),
  ),
});

/**
 * The fields a seller fills in 'Add A Product' (and edits), shared by the form and the
 * API. The seller, their name, picture and email, and the date of post come from the
 * server, never from here.
 */
export const productFieldsObject = z
  .object({
    name: requiredText(m.productName, 120),
    location: requiredText(m.location, 120),
    category: z.preprocess(
      blankToUndefined,
      z.string({ error: m.category }).uuid(m.categoryUnknown),
    ),
    conditionType: z.enum(conditionTypes, { error: m.conditionType }),
    mobileNumber: phoneNumber(m.mobileNumber, m.mobileInvalid),
    originalPrice: dollars(m.originalPrice),
    resalePrice: dollars(m.resalePrice),
    yearsOfUse: wholeYears,
    description: requiredText(m.description, 2000, { multiline: true }),
  })
  .extend(productSpecFieldsSchema.shape);

/**
 * The grade's battery rule is checked along with the other fields (zod would wait until
 * they are all right), so every error shows at once; not when either field is wrong.
 */
const alongWithTheFields = {
  when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    // Not at all when what came is not an object (no body, a list): nothing to compare.
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    !payload.issues.some((issue) =>
      ['', 'conditionType', 'batteryHealth'].includes(String(issue.path?.[0] ?? '')),
    ),
};

/** The fields, with the rule between them (zod cannot extend a refined object). */
export const productFieldsSchema = productFieldsObject.superRefine(
  batteryWithinGrade,
  alongWithTheFields,
);

/** A grade promises a least battery health: a listing that says less is refused. */
export function batteryWithinGrade(
  value: { conditionType?: string; batteryHealth?: number | null },
  context: z.RefinementCtx,
) {
  const grade = conditionDefinitions[value.conditionType as keyof typeof conditionDefinitions];
  if (!grade || value.batteryHealth == null) return;
  if (value.batteryHealth < grade.minBatteryHealth) {
    context.addIssue({
      code: 'custom',
      path: ['batteryHealth'],
      message: sm.batteryBelowGrade(value.conditionType as string, grade.minBatteryHealth),
    });
  }
}

export const MAX_PHOTOS = 8;

/** Photos: URLs our /api/images issued, the cover first. */
export const productPhotosSchema = z
  .array(z.string().min(1, m.image).max(300, m.imageNotOurs), { error: m.image })
  .min(1, m.image)
  .max(MAX_PHOTOS, sm.tooManyPhotos);

/**
 * POST /api/products: the fields plus the photos. An older client's single `image`
 * is taken as the only photo.
 */
export const productInputSchema = z.preprocess(
  (value) =>
    value && typeof value === 'object' && !('photos' in value) && 'image' in value
      ? { ...value, photos: [(value as { image: unknown }).image] }
      : value,
  productFieldsObject
    .extend({
      photos: productPhotosSchema,
      deviceReports: deviceReportsSchema,
      serialNumber: z.preprocess(blankToUndefined, serialNumberSchema.optional()),
    })
    .superRefine(batteryWithinGrade, alongWithTheFields),
);
export type ProductInput = z.output<typeof productInputSchema>;

/**
 * PATCH /api/myProducts/:id: any of the fields, and the photos. What is not sent stays;
 * the grade's battery rule applies to the listing as it will be.
 */
export const productEditSchema = productFieldsObject
  .extend({
    photos: productPhotosSchema,
    deviceReports: deviceReportsSchema,
    // A new serial replaces the one on file; null removes it; absent keeps it.
    serialNumber: serialNumberSchema.nullable(),
  })
  .partial()
  .refine((edit) => Object.keys(edit).length > 0, sm.nothingToChange);
export type ProductEdit = z.output<typeof productEditSchema>;

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
  buyerName: z.string(),
  productId: z.string(),
  productName: z.string(),
  price: z.number(),
  paid: z.boolean(),
  /** Where the booking stands, as My orders says it to the buyer. */
  status: z.enum(orderStatuses),
  bookedAt: z.string(),
});
export type MyBuyer = z.infer<typeof myBuyerSchema>;
