import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';

/** SPEC.md's signed-in guard: a loader while checking, else to /login remembering the page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Spinner />;
  if (!session.data) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
