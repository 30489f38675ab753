import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { authRequest } from './auth-request.ts';

export function signOut() {
  return authRequest('/sign-out', {}, z.object({ success: z.boolean() }));
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
