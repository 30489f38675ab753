import { SavedSearchesList } from '../../../features/saved-searches/components/saved-searches-list.tsx';

/** /dashboard/saved-searches: a buyer's or seller's saved searches and their email alerts. */
export function SavedSearchesPage() {
  return <SavedSearchesList />;
}
