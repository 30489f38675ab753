import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { SearchPage } from '../../features/search/components/search-page.tsx';
import { useProductActions } from '../use-product-actions.tsx';

/** /search: the catalogue's search page with the usual cards and their modals. */
export function SearchRoute() {
  const actions = useProductActions();
  return (
    <>
      <SearchPage
        renderGrid={(products) => (
          <ProductGrid
            products={products}
            onBook={actions.onBook}
            onReport={actions.onReport}
            aboveTheFold
            headingLevel={2}
          />
        )}
      />
      {actions.modals}
    </>
  );
}
