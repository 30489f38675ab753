import { z } from 'zod';

/**
 * GET /api/dashboard: the first page of the dashboard, for the signed-in person's role.
 * Counts come from the database at request time; money is in dollars.
 */

/** The one thing a buyer should do next, most urgent first: pay, then meet the seller. */
export const buyerNextStepSchema = z.object({
  action: z.enum(['pay', 'meet']),
  orderId: z.string(),
  laptop: z.string(),
});

export const buyerOverviewSchema = z.object({
  role: z.literal('buyer'),
  /** Booked, not paid yet, the laptop still for sale. */
  toPay: z.number(),
  /** Paid, waiting for the handover (the money is held). */
  toMeet: z.number(),
  openDisputes: z.number(),
  completed: z.number(),
  next: buyerNextStepSchema.nullable(),
});

export const sellerOverviewSchema = z.object({
  role: z.literal('seller'),
  forSale: z.number(),
  /** Bookings of their laptops that the buyer has not paid yet. */
  awaitingPayment: z.number(),
  /** Paid deals waiting for the handover. */
  toHandOver: z.number(),
  openDisputes: z.number(),
  sold: z.number(),
  money: z.object({ held: z.number(), available: z.number(), paidOut: z.number() }),
  /** Whether money released to them can be paid out to their bank. */
  payoutsReady: z.boolean(),
});

export const adminOverviewSchema = z.object({
  role: z.literal('admin'),
  openReports: z.number(),
  sellersToVerify: z.number(),
  openDisputes: z.number(),
  openConversationReports: z.number(),
  /** Reviews with a report not yet decided. */
  openReviewReports: z.number(),
  /** Verification photos waiting for an admin's decision. */
  photosToVerify: z.number(),
});

export const dashboardOverviewSchema = z.discriminatedUnion('role', [
  buyerOverviewSchema,
  sellerOverviewSchema,
  adminOverviewSchema,
]);
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;
export type BuyerOverview = z.infer<typeof buyerOverviewSchema>;
export type SellerOverview = z.infer<typeof sellerOverviewSchema>;
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
