import { AllUsersPage } from '../../../features/admin/components/all-users-page.tsx';
import { useSession } from '../../../lib/get-session.ts';

/** /dashboard/allusers: the admin's own row offers no Delete (the server refuses it). */
export function AllUsersRoute() {
  const { data: viewer } = useSession();
  return <AllUsersPage viewerId={viewer?.id} />;
}
