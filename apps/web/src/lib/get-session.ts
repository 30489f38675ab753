import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser, UserType } from '@laptops/shared/auth';
import { firstRequestPaths } from '@laptops/shared/first-requests';
import { ApiRequestError, apiRequest, type ResponseCheck } from './api-client.ts';
import { messages } from './messages.ts';
import { sessionKeys } from './query-keys.ts';

// Typed as a record so the compiler keeps it in step with the contract's roles.
const roles: Record<UserType, true> = { buyer: true, seller: true, admin: true };
const isRole = (value: unknown): value is UserType =>
  typeof value === 'string' && Object.hasOwn(roles, value);

/**
 * better-auth's session answer, narrowed by hand to the fields the client uses
 * (zod would do it too, but the navbar asks for the session on every page, Home
 * included, and Home must not download zod).
 */
const sessionCheck: ResponseCheck<SessionUser | null> = {
  parse(body) {
    if (body === null) return null;
    const user: unknown = typeof body === 'object' && 'user' in body ? body.user : undefined;
    if (typeof user !== 'object' || user === null) throw new Error('Unexpected session answer');
    const { id, name, email, image, typeOfUser, isVerified } = user as Record<string, unknown>;
    if (
      typeof id !== 'string' ||
      typeof name !== 'string' ||
      typeof email !== 'string' ||
      !isRole(typeOfUser)
    ) {
      throw new Error('Unexpected session answer');
    }
    return {
      id,
      name,
      email,
      image: typeof image === 'string' ? image : null,
      typeOfUser,
      ...(typeof isVerified === 'boolean' ? { isVerified } : {}),
    };
  },
};

/** The signed-in user, or null. better-auth answers null without a session. */
export function getSession() {
  return apiRequest(firstRequestPaths.session, sessionCheck);
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: async ({ client }) => {
      const user = await getSession();
      // No session where this tab had one: it ended elsewhere (signed out everywhere,
      // a password reset, the account deleted). Said as the refusal it is, so the app
      // takes them to log in saying why (app/guards/send-to-login.ts), rather than every
      // guard quietly sending them there. Logging out here forgets the session first.
      if (user === null && client.getQueryData(sessionKeys.all)) {
        throw new ApiRequestError(401, 'UNAUTHENTICATED', messages.guard.signedOut);
      }
      return user;
    },
    staleTime: 60_000,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
