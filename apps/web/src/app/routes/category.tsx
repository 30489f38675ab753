import { Link, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCategory } from '../../features/categories/api/get-category.ts';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { messages } from '../../lib/messages.ts';
import { useProductActions } from '../use-product-actions.tsx';

/** /category/:id: 'Products of {category name}' and the category's cards. */
export function CategoryRoute() {
  const { id = '' } = useParams();
  const category = useCategory(id);
  const actions = useProductActions();
  const t = messages.category;

  if (category.isPending) return <Spinner />;
  if (category.isError) {
    const missing =
      category.error instanceof ApiRequestError && [400, 404].includes(category.error.status);
    return (
      <section className="flex flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-bold">
          {missing ? t.notFoundTitle : messages.errors.errorTitle}
        </h1>
        <p className="max-w-md text-base-content/75">
          {missing ? t.notFoundText : category.error.message}
        </p>
        <Link to="/" className="btn btn-primary">
          {t.backHome}
        </Link>
      </section>
    );
  }
  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t.heading(category.data.name)}</h1>
      <ProductGrid
        products={category.data.products}
        onBook={actions.onBook}
        onReport={actions.onReport}
      />
      {actions.modals}
    </section>
  );
}
