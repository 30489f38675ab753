import type { QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import {
  searchInfiniteQueryOptions,
  searchPageRequest,
} from '../../features/search/api/search-products.ts';
import { SearchPage } from '../../features/search/components/search-page.tsx';
import { categoriesQueryOptions, useCategories } from '../../lib/get-categories.ts';
import { categoryMessages } from '../../lib/category-messages.ts';
import { messages } from '../../lib/messages.ts';
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button.tsx';
import { useProductActions } from '../use-product-actions.tsx';

/**
 * /category/:id: '{category name} laptops' and the category's cards, with the
 * search page's filters and pages. The name comes from the cached category list.
 */
export function CategoryRoute() {
  const { id = '' } = useParams();
  const categories = useCategories();
  const actions = useProductActions();
  const t = categoryMessages;

  if (categories.isPending) return <Spinner />;
  const category = categories.data?.find((candidate) => candidate._id === id);
  if (!category) {
    return (
      <section className="flex flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-bold">
          {categories.isError ? messages.errors.errorTitle : t.notFoundTitle}
        </h1>
        <p className="max-w-md text-base-content/75">
          {categories.isError ? categories.error.message : t.notFoundText}
        </p>
        <Link to={paths.home.getHref()} className="btn btn-neutral">
          {t.backHome}
        </Link>
      </section>
    );
  }
  return (
    <>
      <SearchPage
        key={category._id}
        category={{ id: category._id, name: category.name }}
        renderSaveSearch={(filters) => <SaveSearchButton filters={filters} />}
        renderGrid={(products) => (
          <ProductGrid
            products={products}
            onBook={actions.onBook}
            onReport={actions.onReport}
            onAsk={actions.onAsk}
            bookingOf={actions.bookingOf}
            onSave={actions.onSave}
            isSaved={actions.isSaved}
            aboveTheFold
            headingLevel={2}
          />
        )}
      />
      {actions.modals}
    </>
  );
}

/**
 * Asks for the category names and the first results at once, as soon as the page's
 * code has arrived, instead of one after the other once the page has drawn. The page
 * reads both from the cache; the loader does not wait for them.
 */
export function categoryRouteLoader(queryClient: QueryClient) {
  return ({ request, params }: LoaderFunctionArgs) => {
    const { filters, scope } = searchPageRequest(new URL(request.url).searchParams, params.id);
    void queryClient.prefetchQuery(categoriesQueryOptions());
    void queryClient.prefetchInfiniteQuery(searchInfiniteQueryOptions(filters, scope));
    return null;
  };
}
