import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResponseCheck } from '../../../lib/api-client.ts';
import { authRequest } from './auth-request.ts';

/** Nothing in the answer is used: a 2xx means signed out. (No zod: the navbar is on Home.) */
const anyAnswer: ResponseCheck<void> = { parse: () => undefined };

export function signOut() {
  return authRequest('/sign-out', {}, anyAnswer);
}

/**
 * Signs out and forgets everything cached for the signed-in user. A plain promise, not
 * TanStack Query's useMutation: the navbar is on Home, and useMutation and its observer
 * were 1.2 KB of Home's first download (the web budget) for this one button.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  return {
    isPending,
    run: async () => {
      setPending(true);
      try {
        await signOut();
        queryClient.removeQueries();
      } finally {
        setPending(false);
      }
    },
  };
}
