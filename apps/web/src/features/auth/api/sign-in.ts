import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { userTypes, type LoginInput } from '@laptops/shared/auth';
import { authRequest } from './auth-request.ts';

const signInResultSchema = z.object({
  user: z.object({ name: z.string(), email: z.string(), typeOfUser: z.enum(userTypes) }),
});

/** better-auth's email sign-in; the session arrives as an httpOnly cookie. */
export function signIn(input: LoginInput) {
  return authRequest('/sign-in/email', input, signInResultSchema);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
