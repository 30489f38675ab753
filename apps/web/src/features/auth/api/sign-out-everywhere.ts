import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseCheck } from '../../../lib/api-client.ts';
import { authRequest } from './auth-request.ts';

const anyAnswer: ResponseCheck<void> = { parse: () => undefined };

/** better-auth's revoke-sessions: ends every session of the user, this one included. */
export function signOutEverywhere() {
  return authRequest('/revoke-sessions', {}, anyAnswer);
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => {
      queryClient.removeQueries();
    },
  });
}
