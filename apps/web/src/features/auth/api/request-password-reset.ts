import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ResetRequestInput } from '@laptops/shared/auth';
import { paths } from '../../../config/paths.ts';
import { authRequest } from './auth-request.ts';

/** Asks better-auth to email a password reset link. */
export function requestPasswordReset(input: ResetRequestInput) {
  return authRequest(
    '/request-password-reset',
    { email: input.email, redirectTo: paths.resetPassword.getHref() },
    z.object({ status: z.boolean(), message: z.string().optional() }),
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
