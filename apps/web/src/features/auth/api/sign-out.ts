import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseCheck } from '../../../lib/api-client.ts';
import { authRequest } from './auth-request.ts';

/** Nothing in the answer is used: a 2xx means signed out. (No zod: the navbar is on Home.) */
const anyAnswer: ResponseCheck<void> = { parse: () => undefined };

export function signOut() {
  return authRequest('/sign-out', {}, anyAnswer);
}

/** Signs out and forgets everything cached for the signed-in user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.removeQueries();
    },
  });
}
