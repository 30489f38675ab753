import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import type { UserType } from '@laptops/shared/auth';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/get-session.ts';
import { loginState } from '../../features/auth/return-to.ts';
import { roleNeeded } from './role-handle.ts';

/**
 * Sends a guest to /login once for the page shown, replacing it in history and
 * remembering it (and the kind of account it needs). Not `<Navigate>`: its state is a
 * new object at every render, and it navigates again whenever its state changes.
 * While /login's code loads, the router draws the page again for each navigation it
 * starts, so each start began another: after Log out and Back, the tab spun forever.
 */
export function RedirectToLogin({ role }: { role?: UserType }) {
  const location = useLocation();
  const navigate = useNavigate();
  const sentFrom = useRef<string | null>(null);
  useEffect(() => {
    if (sentFrom.current === location.key) return;
    sentFrom.current = location.key;
    void navigate(paths.login.getHref(), { replace: true, state: loginState(location, role) });
  }, [location, navigate, role]);
  return <Spinner />;
}

/**
 * The signed-in guard: a loader while checking, else to /login remembering the page,
 * and the kind of account it needs (so that logging in with another kind goes to the
 * dashboard rather than back to a page that is not theirs).
 */
export function RequireAuth({ children, role }: { children: ReactNode; role?: UserType }) {
  const session = useSession();
  if (session.isPending) return <Spinner />;
  if (!session.data) return <RedirectToLogin role={role} />;
  return children;
}

/** The guard for a layout: the kind of account is the one its matched page needs. */
export function RequireAuthForPage({ children }: { children: ReactNode }) {
  const role = roleNeeded(useMatches().map((match) => match.handle));
  return <RequireAuth role={role}>{children}</RequireAuth>;
}
