import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ResetRequestInput } from '@laptops/shared/auth';
import { authRequest } from './auth-request.ts';

/** Where the emailed link lands: `/reset-password?token=...` (or `?error=INVALID_TOKEN`). */
export const resetPasswordPath = '/reset-password';

/** Asks better-auth to email a password reset link. */
export function requestPasswordReset(input: ResetRequestInput) {
  return authRequest(
    '/request-password-reset',
    { email: input.email, redirectTo: resetPasswordPath },
    z.object({ status: z.boolean(), message: z.string().optional() }),
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
