import { Link } from 'react-router';
import type { UserType } from '@laptops/shared/auth';
import { paths } from '../../config/paths.ts';
import { wrongRoleMessages } from '../../features/auth/messages.ts';

/**
 * A dashboard page opened with another kind of account: whose page it is and the
 * way back. Its heading is the page's one h1, so it names the tab and takes focus
 * after a move like every page's (layouts/page-heading.ts).
 */
export function WrongRolePage({ pageFor, user }: { pageFor: UserType; user: UserType }) {
  const t = wrongRoleMessages;
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      <h1 className="text-3xl font-bold">{t.pageFor[pageFor]}</h1>
      <p className="max-w-md text-base-content/75">{t.text(t.loggedInAs[user])}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.dashboard.root.getHref()} className="btn btn-primary">
          {t.toDashboard}
        </Link>
        <Link to={paths.home.getHref()} className="btn btn-outline">
          {t.backHome}
        </Link>
      </div>
    </section>
  );
}
