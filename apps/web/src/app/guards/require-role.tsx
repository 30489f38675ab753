import type { ReactNode } from 'react';
import type { UserType } from '@laptops/shared/auth';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/get-session.ts';
import { RedirectToLogin } from './require-auth.tsx';
import { WrongRolePage } from './wrong-role-page.tsx';

/**
 * The role guard: a loader while checking; a guest goes to log in; someone signed in
 * with another kind of account stays signed in and is told whose page it is (signing
 * them out ended their session on every tab for following a link). The server
 * refuses the role's API calls anyway; this only keeps screens honest.
 */
export function RequireRole({ role, children }: { role: UserType; children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <Spinner />;
  if (!session.data) return <RedirectToLogin role={role} />;
  if (session.data.typeOfUser !== role) {
    return <WrongRolePage pageFor={role} user={session.data.typeOfUser} />;
  }
  return children;
}
