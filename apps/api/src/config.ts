import path from 'node:path';
import { z } from 'zod';
import type { DealTerms } from './modules/deals/deal-terms.ts';
import { cronEvery } from './modules/jobs/cron-every.ts';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

/** Periods a cron schedule spaces evenly. */
const evenPeriod = 'minutes that divide an hour (1-30) or a day in whole hours (60-1440)';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SEED_DEMO: flag.optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Laptop Resale <hello@laptop-resale.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: readable lines in a terminal, JSON lines otherwise (a file, a pipe, a container). */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  WEB_DIST_DIR: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  UPLOAD_RATE_LIMIT_PER_USER: z.coerce.number().int().positive().default(30),
  /** Hardware reports one seller may have read per 10 minutes. */
  HARDWARE_REPORT_RATE_LIMIT_PER_USER: z.coerce.number().int().positive().default(20),
  /**
   * Keys the hash serial numbers are kept as (HMAC-SHA256). Unset: one is generated
   * once into DATA_DIR/serial-hash-secret. Changing it makes every stored hash miss.
   */
  SERIAL_HASH_SECRET: z.string().min(32).optional(),
  /** Listings one seller may save with a serial number per hour (each checks it). */
  SERIAL_CHECK_RATE_LIMIT_PER_SELLER: z.coerce.number().int().positive().default(10),
  /** Bookings and cancellations one buyer may make per hour. */
  BOOKING_RATE_LIMIT_PER_BUYER: z.coerce.number().int().positive().default(20),
  /** Messages one person may send per 10 minutes, across their conversations. */
  MESSAGE_RATE_LIMIT_PER_SENDER: z.coerce.number().int().positive().default(60),
  /** How long a message stays unread before its recipient is emailed (decimals allowed). */
  MESSAGE_EMAIL_DELAY_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(5),
  /**
   * How long after a saved laptop's price drops (or someone books it) its savers are
   * emailed: edits meanwhile, and other saved laptops' news, go in the same email.
   */
  FAVOURITE_EMAIL_DELAY_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(10),
  /** Emails about saved laptops one person may get per 24 hours; more wait. */
  FAVOURITE_EMAILS_PER_DAY: z.coerce.number().int().positive().default(3),
  /** How long after a new listing matches a saved search its instant email goes (decimals allowed). */
  SAVED_SEARCH_ALERT_DELAY_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(5),
  /** The hour (UTC) the daily digests of saved searches go out. */
  SAVED_SEARCH_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  /** How long an upload that no listing, profile or category uses is kept. */
  UNUSED_UPLOAD_KEEP_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /**
   * How long a verification photo is kept once it no longer vouches for a listing for
   * sale: after its rejection or lapse, or after its listing was withdrawn.
   */
  VERIFICATION_PHOTO_KEEP_DAYS: z.coerce.number().positive().max(3650).default(90),
  /** How often unused uploads and expired verification photos are looked for (and once at each start). */
  UNUSED_UPLOAD_SWEEP_MINUTES: z.coerce
    .number()
    .refine((minutes) => cronEvery(minutes) !== undefined, evenPeriod)
    .default(60),
  /** The platform's fee on each sale, in percent of what the seller receives (0 allowed). */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(5),
  /** How long after the payment held money goes to the seller unless the buyer acts. */
  AUTO_RELEASE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(72),
  /** How long before that release both people are reminded by email. */
  RELEASE_REMINDER_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** How often due releases and reminders are looked for (and once at each start). */
  DEAL_JOBS_MINUTES: z.coerce
    .number()
    .refine((minutes) => cronEvery(minutes) !== undefined, evenPeriod)
    .default(5),
  /**
   * Browser tests only: routes that move a deal's clock (POST /api/test-hooks/...).
   * Refused in production.
   */
  E2E_TEST_HOOKS: flag.optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The signing secret of a Connect webhook endpoint (connected accounts' events), if separate. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Who takes card payments: Stripe (both keys needed) or the embedded test-mode sandbox
   * (no money moves). Unset: Stripe when both keys are set, else the sandbox, except in
   * production, where the sandbox must be chosen by name.
   */
  PAYMENTS_PROVIDER: z.enum(['stripe', 'sandbox']).optional(),
  PAYMENT_HOLD_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  /** How often payments the provider took with no sale or refund recorded are settled. */
  PAYMENT_RECONCILE_MINUTES: z.coerce
    .number()
    .refine((minutes) => cronEvery(minutes) !== undefined, evenPeriod)
    .default(10),
  /** How far back those payments are looked for. */
  PAYMENT_RECONCILE_LOOKBACK_DAYS: z.coerce.number().positive().max(365).default(7),
  /**
   * How often sellers with money available (and payouts on) are paid out, and payouts a
   * crash left half done are finished; new money is paid out at once besides.
   */
  PAYOUT_SWEEP_MINUTES: z.coerce
    .number()
    .refine((minutes) => cronEvery(minutes) !== undefined, evenPeriod)
    .default(60),
  /** How long Home's lists are reused between writes (0: query every time). */
  LIST_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * How long a page waits for the extras of its first paint (its preloads, for search
   * and category pages the page drawn with its results) before going out without them.
   */
  FIRST_PAINT_DEADLINE_MS: z.coerce.number().int().min(0).max(10_000).default(150),
  /** How long SIGTERM waits for requests in flight before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * Whose X-Forwarded-* headers to believe: unset (nobody: the client connects
   * directly), `true` (whoever connects: only behind a proxy that replaces them),
   * or a comma-separated list of proxy addresses or CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|[\d.:/a-fA-F, ]*[.:][\d.:/a-fA-F, ]*)$/,
      'true, or proxy addresses separated by commas',
    )
    .optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().default('laptops:'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
});

/** Image storage on S3 needs all four; a partial set is a mistake, not a choice. */
const s3Variables = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  seedDemo: boolean;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  logFormat: 'pretty' | 'json' | undefined;
  webDistDir: string | undefined;
  google: { clientId: string; clientSecret: string | undefined; issuer: string } | undefined;
  /**
   * Sign-in, sign-up and reset attempts, and every other password check (change,
   * verify): per IP per minute, per account per 15 minutes.
   */
  authRateLimit: { perIp: number; perAccount: number };
  /** Image uploads one signed-in user may make per 10 minutes. */
  uploadsPerUser: number;
  /** Hardware reports one seller may have read per 10 minutes. */
  hardwareReportsPerUser: number;
  /** SERIAL_HASH_SECRET, if set (server.ts generates one into DATA_DIR otherwise). */
  serialHashSecret: string | undefined;
  /** Listings one seller may save with a serial number per hour. */
  serialChecksPerSeller: number;
  /** Bookings and cancellations one buyer may make per hour (each may mail a seller). */
  bookingsPerBuyer: number;
  messagesPerSender: number;
  /** A message unread this long is emailed to its recipient (once per unread spell). */
  messageEmailDelayMs: number;
  /** Saved laptops' news waits this long, then is emailed, at most `perDay` emails a person a day. */
  favouriteEmails: { delayMs: number; perDay: number };
  /** Saved searches: an instant alert goes this long after the match; the digests on `digestCron`. */
  savedSearchAlerts: { delayMs: number; digestCron: string };
  /** Uploads nothing uses are deleted once `keepMs` old, looked for at each start and on `sweepCron`. */
  unusedUploads: { keepMs: number; sweepCron: string };
  /** Verification photos no longer needed are deleted `keepMs` after (on the uploads' sweep). */
  verificationPhotos: { keepMs: number };
  /** Stripe when both keys are set; otherwise the embedded sandbox (see PAYMENTS_PROVIDER). */
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        connectWebhookSecret: string | undefined;
      }
    | undefined;
  /** How long starting a payment holds the laptop for that buyer. */
  paymentHoldSeconds: number;
  /** Protected payments: the fee, when held money is released, reminders, how often jobs look. */
  deals: DealTerms & { jobsCron: string };
  /** Test-only routes for the browser tests (E2E_TEST_HOOKS=1); never in production. */
  testHooks: boolean;
  /**
   * Payments the provider took without a sale or refund recorded here (the server died
   * in between) are settled at each start and on `cron`, looking back `lookBackMs`.
   */
  paymentReconcile: { cron: string; lookBackMs: number };
  /** When sellers' available money is swept into payouts (and half-done payouts finished). */
  payoutSweepCron: string;
  /** How long Home's lists are reused; writes through this instance clear them at once. */
  listCacheMs: number;
  /** How long a page waits for its first paint's extras before going out without them. */
  firstPaintDeadlineMs: number;
  /** On SIGTERM, how long requests in flight may take before the process exits (status 1). */
  shutdownTimeoutMs: number;
  /** Fastify's `trustProxy`: who may tell us the client's address and protocol. */
  trustProxy: boolean | string[];
  /** Rate limits shared by every instance when set; otherwise counted in memory per process. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** Images in an S3-compatible bucket when set; otherwise under DATA_DIR/images. */
  s3: S3Config | undefined;
};

export type S3Config = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

/** Reads the environment once; every setting the server has is listed here. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO=) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const missingS3 = s3Variables.filter((name) => !e[name]);
  if (missingS3.length > 0 && missingS3.length < s3Variables.length) {
    throw new Error(
      `Invalid environment:\n  S3 image storage needs ${missingS3.join(', ')} as well (or none of the S3_ settings)`,
    );
  }
  const paymentsProblem = paymentsProviderProblem(e);
  if (paymentsProblem) throw new Error(`Invalid environment:\n  ${paymentsProblem}`);
  // They release a deal's money before its time on request: a test server's tool only.
  if (e.E2E_TEST_HOOKS && e.NODE_ENV === 'production') {
    throw new Error(
      'Invalid environment:\n  E2E_TEST_HOOKS is for browser tests and refused with NODE_ENV=production',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    // Demo data is on by default only for the embedded database.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webDistDir: e.WEB_DIST_DIR,
    google: e.GOOGLE_CLIENT_ID
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          issuer: e.GOOGLE_ISSUER,
        }
      : undefined,
    authRateLimit: { perIp: e.AUTH_RATE_LIMIT_PER_IP, perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT },
    uploadsPerUser: e.UPLOAD_RATE_LIMIT_PER_USER,
    hardwareReportsPerUser: e.HARDWARE_REPORT_RATE_LIMIT_PER_USER,
    serialHashSecret: e.SERIAL_HASH_SECRET,
    serialChecksPerSeller: e.SERIAL_CHECK_RATE_LIMIT_PER_SELLER,
    bookingsPerBuyer: e.BOOKING_RATE_LIMIT_PER_BUYER,
    messagesPerSender: e.MESSAGE_RATE_LIMIT_PER_SENDER,
    messageEmailDelayMs: Math.round(e.MESSAGE_EMAIL_DELAY_MINUTES * 60_000),
    favouriteEmails: {
      delayMs: Math.round(e.FAVOURITE_EMAIL_DELAY_MINUTES * 60_000),
      perDay: e.FAVOURITE_EMAILS_PER_DAY,
    },
    savedSearchAlerts: {
      delayMs: Math.round(e.SAVED_SEARCH_ALERT_DELAY_MINUTES * 60_000),
      digestCron: `0 ${e.SAVED_SEARCH_DIGEST_HOUR} * * *`,
    },
    unusedUploads: {
      keepMs: e.UNUSED_UPLOAD_KEEP_HOURS * 3_600_000,
      sweepCron: cronEvery(e.UNUSED_UPLOAD_SWEEP_MINUTES) ?? '0 * * * *',
    },
    verificationPhotos: { keepMs: e.VERIFICATION_PHOTO_KEEP_DAYS * 86_400_000 },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
          }
        : undefined,
    paymentHoldSeconds: e.PAYMENT_HOLD_SECONDS,
    deals: {
      feeBps: Math.round(e.PLATFORM_FEE_PERCENT * 100),
      releaseAfterMs: Math.round(e.AUTO_RELEASE_HOURS * 3_600_000),
      reminderBeforeMs: Math.round(e.RELEASE_REMINDER_HOURS * 3_600_000),
      jobsCron: cronEvery(e.DEAL_JOBS_MINUTES) ?? '*/5 * * * *',
    },
    testHooks: e.E2E_TEST_HOOKS ?? false,
    paymentReconcile: {
      cron: cronEvery(e.PAYMENT_RECONCILE_MINUTES) ?? '*/10 * * * *',
      lookBackMs: e.PAYMENT_RECONCILE_LOOKBACK_DAYS * 86_400_000,
    },
    payoutSweepCron: cronEvery(e.PAYOUT_SWEEP_MINUTES) ?? '0 * * * *',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    listCacheMs: e.LIST_CACHE_MS,
    firstPaintDeadlineMs: e.FIRST_PAINT_DEADLINE_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
          }
        : undefined,
  };
}

const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const;

/**
 * What is wrong with the choice of card processor, if anything. The sandbox takes any
 * test card and no money, so a production server never falls back to it unasked: a
 * deployment without Stripe keys would sell laptops for nothing.
 */
function paymentsProviderProblem(e: z.infer<typeof envSchema>): string | undefined {
  const missing = stripeKeys.filter((name) => !e[name]);
  const given = stripeKeys.filter((name) => e[name]);
  if (e.PAYMENTS_PROVIDER === 'stripe' && missing.length > 0) {
    return `PAYMENTS_PROVIDER=stripe needs ${missing.join(' and ')}`;
  }
  if (e.PAYMENTS_PROVIDER === 'sandbox' && given.length > 0) {
    return (
      `PAYMENTS_PROVIDER=sandbox takes test payments only, but ${given.join(' and ')} ` +
      `${given.length > 1 ? 'are' : 'is'} set: unset PAYMENTS_PROVIDER to take payments ` +
      'with Stripe, or the STRIPE_ settings to keep the sandbox'
    );
  }
  if (e.NODE_ENV === 'production' && !e.PAYMENTS_PROVIDER && missing.length > 0) {
    return (
      `card payments need ${missing.join(' and ')} (Stripe), or PAYMENTS_PROVIDER=sandbox ` +
      'to take test payments only, where no money is charged'
    );
  }
  return undefined;
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}
