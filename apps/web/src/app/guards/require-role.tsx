import { useEffect, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { UserType } from '@laptops/shared/auth';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { loginState } from '../../features/auth/return-to.ts';
import { messages } from '../../lib/messages.ts';

/**
 * SPEC.md's role guard: a loader while checking; a user without the role is
 * signed out and sent to /login, replacing history and remembering the page.
 * The server refuses the role's API calls anyway; this only keeps screens honest.
 */
export function RequireRole({ role, children }: { role: UserType; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const wrongRole =
    session.data !== undefined && session.data !== null && session.data.typeOfUser !== role;

  useEffect(() => {
    if (!wrongRole || signOut.isPending || signOut.isSuccess) return;
    signOut.mutate(undefined, {
      onSettled: () => {
        toast.error(messages.guard.wrongRole);
        void navigate('/login', { replace: true, state: loginState(location, role) });
      },
    });
  }, [wrongRole, signOut, navigate, location, role]);

  if (session.isPending || wrongRole) return <Spinner />;
  if (!session.data) return <Navigate to="/login" replace state={loginState(location, role)} />;
  return children;
}
