import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SearchFilters } from '@laptops/shared/search-filters';
import { savedFiltersOf } from '@laptops/shared/saved-search-filters';
import { toastLater } from '../../../components/ui/toast-later.ts';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/get-session.ts';
import { savedSearchMessages as t } from '../messages.ts';

// The dialog brings the contracts (zod), which the search page must not download first.
const SaveSearchDialog = lazy(() =>
  import('./save-search-dialog.tsx').then((module) => ({ default: module.SaveSearchDialog })),
);

/**
 * "Save this search" beside the results' count: a buyer or seller chooses how often to
 * be emailed about new matches; a guest is asked to log in first and comes back to the
 * same search. Not shown for a search of everything (nothing to save), nor to admins.
 */
export function SaveSearchButton({ filters }: { filters: SearchFilters }) {
  const { data: user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const saved = savedFiltersOf(filters);
  if (Object.keys(saved).length === 0 || user?.typeOfUser === 'admin') return null;

  const onClick = () => {
    if (!user) {
      toastLater.blank(t.logInToSave);
      return void navigate(paths.login.getHref(), { state: { from: location } });
    }
    setOpen(true);
  };

  return (
    <>
      <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={onClick}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {t.save}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog filters={saved} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
