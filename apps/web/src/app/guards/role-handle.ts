import type { UserType } from '@laptops/shared/auth';

/** A route's `handle` when only one kind of account may open it. */
export type RoleHandle = { role: UserType };

/** The kind of account the deepest matched route needs, if any, from the routes' handles. */
export function roleNeeded(handles: unknown[]): UserType | undefined {
  return handles
    .map((handle) => (handle as Partial<RoleHandle> | undefined)?.role)
    .findLast((role) => role !== undefined);
}
