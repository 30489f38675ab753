import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import type { UserType } from '@laptops/shared/auth';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { loginState } from '../../features/auth/return-to.ts';
import { roleNeeded } from './role-handle.ts';

/**
 * SPEC.md's signed-in guard: a loader while checking, else to /login remembering the
 * page, and the kind of account it needs (so that logging in with another kind goes
 * to the dashboard rather than back to a page that would sign them out).
 */
export function RequireAuth({ children, role }: { children: ReactNode; role?: UserType }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Spinner />;
  if (!session.data) return <Navigate to="/login" replace state={loginState(location, role)} />;
  return children;
}

/** The guard for a layout: the kind of account is the one its matched page needs. */
export function RequireAuthForPage({ children }: { children: ReactNode }) {
  return <RequireAuth role={roleNeeded(useMatches())}>{children}</RequireAuth>;
}
