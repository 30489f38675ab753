import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { LoginInput } from '@laptops/shared/auth';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { messages } from '../../../lib/messages.ts';

const signInResultSchema = z.object({ user: z.object({ name: z.string(), email: z.string() }) });

/** better-auth's email sign-in; the session arrives as an httpOnly cookie. */
export async function signIn(input: LoginInput) {
  const response = await fetch('/api/auth/sign-in/email', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = z.object({ message: z.string() }).safeParse(body);
    throw new ApiRequestError(
      response.status,
      'SIGN_IN_FAILED',
      message.success ? message.data.message : messages.login.failed,
    );
  }
  return signInResultSchema.parse(body);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
