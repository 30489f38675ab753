import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { NewPasswordInput } from '@laptops/shared/auth';
import { authRequest } from './auth-request.ts';

export type ResetPasswordInput = NewPasswordInput & { token: string };

/** Sets a new password with the token from the emailed reset link. */
export function resetPassword(input: ResetPasswordInput) {
  return authRequest(
    '/reset-password',
    { newPassword: input.newPassword, token: input.token },
    z.object({ status: z.boolean() }),
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
