import type { QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { productQueryOptions, useProduct } from '../../features/products/api/get-product.ts';
import { LaptopDetails } from '../../features/products/components/laptop-details.tsx';
import { laptopPageMessages as t } from '../../features/products/laptop-page-messages.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useProductActions } from '../use-product-actions.tsx';

/** The site's name, after each page's own in the tab's title. */
const SITE = 'Laptop Resale';

/**
 * /laptops/:id: one laptop's page, for everyone (contact details are the server's to
 * hide from guests). A sold laptop keeps its page; a withdrawn one says so.
 */
export function LaptopRoute() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  // Book, Report and Ask the seller do here what they do on a card.
  const actions = useProductActions();

  if (product.isPending) return <Spinner />;
  if (product.isError) {
    const status = product.error instanceof ApiRequestError ? product.error.status : 0;
    if (status === 404 || status === 400 || status === 410) {
      const gone = status === 410;
      return (
        <section className="flex flex-col items-center gap-4 py-16 text-center">
          <title>{`${gone ? t.goneTitle : t.notFoundTitle} · ${SITE}`}</title>
          <h1 className="text-2xl font-bold">{gone ? t.goneTitle : t.notFoundTitle}</h1>
          <p className="max-w-md text-base-content/75">{gone ? t.goneText : t.notFoundText}</p>
          <Link to={paths.search.getHref()} className="btn btn-primary">
            {t.browse}
          </Link>
        </section>
      );
    }
    return (
      <section role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t.loadFailed}</h1>
        <p className="max-w-md text-base-content/75">{product.error.message}</p>
        <button type="button" className="btn" onClick={() => void product.refetch()}>
          {t.retry}
        </button>
      </section>
    );
  }
  return (
    <>
      <title>{`${product.data.name} · ${SITE}`}</title>
      <LaptopDetails
        product={product.data}
        onBook={actions.onBook}
        onReport={actions.onReport}
        onAsk={actions.onAsk}
        onSave={actions.onSave}
        saved={actions.isSaved(product.data._id)}
      />
      {actions.modals}
    </>
  );
}

/** Asks for the laptop as soon as the page's code has arrived; the page reads the cache. */
export function laptopRouteLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(productQueryOptions(params.id ?? ''));
    return null;
  };
}
