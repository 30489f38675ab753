import type { UIMatch } from 'react-router';
import type { UserType } from '@laptops/shared/auth';

/** A route's `handle` when only one kind of account may open it. */
export type RoleHandle = { role: UserType };

/** The kind of account the deepest matched route needs, if any. */
export function roleNeeded(matches: UIMatch[]): UserType | undefined {
  return matches
    .map((match) => (match.handle as Partial<RoleHandle> | undefined)?.role)
    .findLast((role) => role !== undefined);
}
