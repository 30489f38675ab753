import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { authRequest } from './auth-request.ts';

/** The profile fields a user may change themselves (name and picture). */
export type UpdateUserInput = { name: string } | { image: string };

/** better-auth's profile update; callers refresh the session query afterwards. */
export function updateUser(input: UpdateUserInput) {
  return authRequest('/update-user', input, z.object({ status: z.boolean() }));
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
