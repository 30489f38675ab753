/**
 * Card payments' cache keys: the Stripe setup, and each order's payment intent. Only
 * the payment page reads them, so they live here rather than in lib/query-keys.ts,
 * which loads with Home.
 */
export const paymentKeys = {
  config: ['payment-config'] as const,
  intent: (orderId: string) => ['payment-intent', orderId] as const,
};
