import { useMutation } from '@tanstack/react-query';
import { sandboxConfirmResultSchema, type SandboxConfirmInput } from '@laptops/shared/payments';
import { apiRequest } from '../../../lib/api-client.ts';

export type ConfirmSandboxPaymentInput = { paymentIntentId: string } & SandboxConfirmInput;

/**
 * POST /api/sandbox/payment_intents/:id/confirm: the test-mode processor charges a
 * Stripe test card. A card error is a 402 whose message is shown as it is.
 */
export function confirmSandboxPayment({ paymentIntentId, ...body }: ConfirmSandboxPaymentInput) {
  return apiRequest(
    `/api/sandbox/payment_intents/${encodeURIComponent(paymentIntentId)}/confirm`,
    sandboxConfirmResultSchema,
    { method: 'POST', json: body },
  );
}

export function useConfirmSandboxPayment() {
  return useMutation({ mutationFn: confirmSandboxPayment });
}
