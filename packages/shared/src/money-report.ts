import { z } from 'zod';

/*
 * The admins' Money page: where the marketplace's money went over time, read from the
 * ledger (decision 0032). Amounts are dollars.
 */

export const moneyReportDays = [30, 90, 365] as const;
export const moneyReportBuckets = ['day', 'week'] as const;
export type MoneyReportBucket = (typeof moneyReportBuckets)[number];

/** GET /api/admin/money?days=30|90|365&by=day|week */
export const moneyReportQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (moneyReportDays as readonly number[]).includes(days), {
      message: 'Choose 30, 90 or 365 days',
    })
    .default(30),
  by: z.enum(moneyReportBuckets).default('day'),
});
export type MoneyReportQuery = z.input<typeof moneyReportQuerySchema>;

/** The series of the report, each a line on its own chart. */
export const moneySeries = ['sales', 'fees', 'held', 'refunded', 'paidOut'] as const;
export type MoneySeries = (typeof moneySeries)[number];

const amounts = {
  /** Card payments taken. */
  sales: z.number(),
  /** The platform's fees, taken as money was released to sellers. */
  fees: z.number(),
  /** Given back to buyers. */
  refunded: z.number(),
  /** Sent to sellers' bank accounts. */
  paidOut: z.number(),
};

export const moneyReportSchema = z.object({
  days: z.number(),
  by: z.enum(moneyReportBuckets),
  /** The first day of the first bucket and the last day of the report (UTC dates). */
  from: z.string(),
  to: z.string(),
  /** Over the whole period; `held` is what is held now. */
  totals: z.object({ ...amounts, held: z.number() }),
  /**
   * One point per day or week (by its first day, UTC): what moved in it, and what was
   * held at its end.
   */
  points: z.array(z.object({ start: z.string(), ...amounts, held: z.number() })),
  /** False until the ledger has any entry: the page says there is no money yet. */
  anyMoney: z.boolean(),
});
export type MoneyReport = z.infer<typeof moneyReportSchema>;
