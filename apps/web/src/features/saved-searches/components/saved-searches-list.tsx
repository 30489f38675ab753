import { useId } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast/headless';
import {
  alertFrequencies,
  describeSavedSearch,
  type AlertFrequency,
  type SavedSearch,
} from '@laptops/shared/saved-searches';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import { paths } from '../../../config/paths.ts';
import {
  useChangeFrequency,
  useDeleteSavedSearch,
  useSavedSearches,
} from '../api/saved-searches.ts';
import { savedSearchMessages as t } from '../messages.ts';
import { cpuName } from './save-search-dialog.tsx';

const describe = (search: SavedSearch) =>
  describeSavedSearch(search.filters, search.categoryName, cpuName);

/**
 * /dashboard/saved-searches: each saved search in words, a link that runs it, how often
 * it emails (a switch of two), and Delete, confirmed first; an empty state that leads
 * to the search page.
 */
export function SavedSearchesList() {
  const query = useSavedSearches();
  const remove = useConfirmedAction({
    mutation: useDeleteSavedSearch(),
    variables: (search: SavedSearch) => search.id,
    success: () => t.deleted,
    removesRow: true,
  });
  return (
    <ListPage
      title={t.pageTitle}
      headingRef={remove.headingRef}
      query={query}
      loadFailed={t.loadFailed}
      retryLabel={t.retry}
      dialogs={
        <ConfirmDialog
          {...remove.dialogProps}
          title={t.deleteTitle}
          message={remove.item ? `${describe(remove.item)}. ${t.deleteConfirm}` : t.deleteConfirm}
          confirmLabel={t.delete}
        />
      }
    >
      {(data) => (
        <div className="flex max-w-3xl flex-col gap-4">
          <p className="text-base-content/75">{t.pageIntro(data.max)}</p>
          {data.savedSearches.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-6 py-12 text-center">
              <p className="text-lg font-semibold">{t.empty}</p>
              <p className="text-base-content/75">{t.emptyHint}</p>
              <Link to={paths.search.getHref()} className="btn btn-primary mt-2">
                {t.goSearch}
              </Link>
            </div>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.savedSearches.map((search) => (
                <SavedSearchRow key={search.id} search={search} onDelete={remove.ask} />
              ))}
            </ul>
          )}
        </div>
      )}
    </ListPage>
  );
}

function SavedSearchRow({
  search,
  onDelete,
}: {
  search: SavedSearch;
  onDelete: (search: SavedSearch) => void;
}) {
  const ids = useId();
  const change = useChangeFrequency();
  const words = describe(search);
  const choose = (frequency: AlertFrequency) => {
    if (frequency === search.frequency && !search.emailsOff) return;
    change.mutate(
      { id: search.id, frequency },
      {
        onSuccess: () => toast.success(t.changed),
        onError: (error) => toast.error(error.message),
      },
    );
  };
  return (
    <li className="card card-border bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={`${ids}-name`} className="min-w-0 flex-1 font-semibold wrap-anywhere">
            {words}
          </h2>
          <Link
            to={`${paths.search.getHref()}?${new URLSearchParams(search.filters as Record<string, string>).toString()}`}
            className="link link-primary text-sm font-medium whitespace-nowrap"
          >
            {t.run}
          </Link>
        </div>
        {search.emailsOff && <p className="text-sm text-warning-content">{t.emailsOff}</p>}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div
            role="radiogroup"
            aria-label={t.frequencyLabel(words)}
            className="join"
            aria-busy={change.isPending || undefined}
          >
            {alertFrequencies.map((frequency) => {
              const chosen = !search.emailsOff && search.frequency === frequency;
              return (
                <button
                  key={frequency}
                  type="button"
                  role="radio"
                  aria-checked={chosen}
                  className={`btn join-item btn-sm ${chosen ? 'btn-primary' : 'btn-outline'}`}
                  disabled={change.isPending}
                  onClick={() => choose(frequency)}
                >
                  {t.frequencies[frequency].label}
                </button>
              );
            })}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm text-error"
            aria-label={t.deleteLabel(words)}
            onClick={() => onDelete(search)}
          >
            {t.delete}
          </button>
        </div>
      </div>
    </li>
  );
}
