import type { Location } from 'react-router';
import type { UserType } from '@laptops/shared/auth';
import { paths } from '../../config/paths.ts';

/**
 * What the login page is told about the page that sent the visitor there, and
 * whether their session ended elsewhere (the page then says so).
 */
export type LoginState = { from: Location; role?: UserType; signedOut?: true };

/** The state for a redirect to /login from `from`, which needs a `role` when given. */
export function loginState(from: Location, role?: UserType): LoginState {
  return role ? { from, role } : { from };
}

/** Whether the visitor was sent to log in because their session ended elsewhere. */
export function wasSignedOut(state: unknown): boolean {
  return (state as Partial<LoginState> | null)?.signedOut === true;
}

/**
 * Where to go once signed in (or up): back to the page that sent the visitor to log
 * in, unless it needs another kind of account than theirs (unknown before a Google
 * sign-in) — then the dashboard, which every account opens, rather than a page that
 * would only say it is for another kind of account.
 */
export function returnPath(state: unknown, typeOfUser?: UserType): string {
  const { from, role } = (state ?? {}) as Partial<LoginState>;
  if (!from) return paths.home.getHref();
  if (role && role !== typeOfUser) return paths.dashboard.root.getHref();
  return `${from.pathname}${from.search}${from.hash}`;
}

/**
 * Where a new account goes: back where the visitor came from, as after a login; a new
 * seller who came from nowhere in particular goes to add their first laptop.
 */
export function afterSignUpPath(state: unknown, typeOfUser: UserType): string {
  const { from } = (state ?? {}) as Partial<LoginState>;
  if (!from && typeOfUser === 'seller') return paths.dashboard.addProduct.getHref();
  return returnPath(state, typeOfUser);
}
