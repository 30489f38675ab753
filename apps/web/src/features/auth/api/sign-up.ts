import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { SignUpInput } from '@laptops/shared/auth';
import { authRequest } from './auth-request.ts';

const signUpResultSchema = z.object({
  token: z.string().nullable().optional(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});

/** better-auth's email sign-up; the new user is signed in (session cookie) on success. */
export function signUp(input: SignUpInput) {
  return authRequest('/sign-up/email', input, signUpResultSchema);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
