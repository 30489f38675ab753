import { useSession } from '../../../lib/get-session.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useOverview } from '../../../features/dashboard/api/get-overview.ts';
import { Overview, overviewIntro } from '../../../features/dashboard/components/overview.tsx';
import { overviewMessages } from '../../../features/dashboard/messages.ts';
import { dashboardMessages } from '../../layouts/dashboard-messages.ts';

/** /dashboard: a welcome, and what waits for this person (by role), each a link to act on it. */
export function DashboardHomeRoute() {
  const { data: user } = useSession();
  const overview = useOverview();
  if (!user) return null;
  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{dashboardMessages.welcome(user.name)}</h1>
        <p className="mt-1 text-base-content/80">{overviewIntro(user.typeOfUser)}</p>
      </div>
      {overview.data ? (
        <Overview overview={overview.data} />
      ) : overview.error ? (
        <div role="alert" className="alert alert-error flex flex-wrap justify-between">
          <span>{overviewMessages.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => void overview.refetch()}>
            {overviewMessages.retry}
          </button>
        </div>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
