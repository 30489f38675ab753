import { z } from 'zod';
import { hasNoNul, nulMessage } from './fields.ts';

/** POST /api/create-payment-intent: the order to pay. A `price` sent along is ignored. */
export const createPaymentIntentInputSchema = z.object({
  orderId: z.uuid({ message: 'Not a valid order' }),
});

export const paymentIntentResultSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: z.enum(['stripe', 'sandbox']),
  /** Stripe's publishable key (stripe provider only). */
  publishableKey: z.string().nullable(),
  amount: z.number(),
});
export type PaymentIntentResult = z.infer<typeof paymentIntentResultSchema>;

/** POST /api/payments: the original payment record; only orderId and transactionId are used. */
export const paymentRecordInputSchema = z.object({
  orderId: z.uuid({ message: 'Not a valid order' }),
  transactionId: z.string().min(1).max(255).refine(hasNoNul, nulMessage),
});

export const paymentRecordResultSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
});

/** The sandbox processor's confirm call, shaped like Stripe's confirmCardPayment. */
export const sandboxConfirmInputSchema = z.object({
  client_secret: z.string().min(1).max(200).refine(hasNoNul, nulMessage),
  card: z.object({
    number: z.string().max(40),
    exp_month: z.coerce.number().int(),
    exp_year: z.coerce.number().int(),
    cvc: z.string().max(10),
  }),
  billing_details: z.object({ name: z.string().max(200), email: z.string().max(254) }),
});
export type SandboxConfirmInput = z.infer<typeof sandboxConfirmInputSchema>;

export const sandboxConfirmResultSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string() }),
});

export const paymentConfigSchema = z.object({
  provider: z.enum(['stripe', 'sandbox']),
  publishableKey: z.string().nullable(),
});
