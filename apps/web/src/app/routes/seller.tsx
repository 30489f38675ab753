import type { QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { sellerQueryOptions, useSeller } from '../../features/sellers/api/get-seller.ts';
import { SellerHeader } from '../../features/sellers/components/seller-header.tsx';
import { SellerReviews } from '../../features/sellers/components/seller-reviews.tsx';
import { sellerPageMessages as t } from '../../features/sellers/messages.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useProductActions } from '../use-product-actions.tsx';

/** The site's name, after each page's own in the tab's title. */
const SITE = 'Laptop Resale';

/**
 * /sellers/:id: a seller's public profile, for everyone: who they are and their
 * record, their laptops for sale (the usual cards), and buyers' reviews of them.
 */
export function SellerRoute() {
  const { id = '' } = useParams();
  const seller = useSeller(id);
  // Book, Report and Ask the seller do here what they do on any card.
  const actions = useProductActions();

  if (seller.isPending) return <Spinner />;
  if (seller.isError) {
    const status = seller.error instanceof ApiRequestError ? seller.error.status : 0;
    if (status === 404 || status === 400) {
      return (
        <section className="flex flex-col items-center gap-4 py-16 text-center">
          <title>{`${t.notFoundTitle} · ${SITE}`}</title>
          <h1 className="text-2xl font-bold">{t.notFoundTitle}</h1>
          <p className="max-w-md text-base-content/75">{t.notFoundText}</p>
          <Link to={paths.search.getHref()} className="btn btn-primary">
            {t.browse}
          </Link>
        </section>
      );
    }
    return (
      <section role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t.loadFailed}</h1>
        <p className="max-w-md text-base-content/75">{seller.error.message}</p>
        <button type="button" className="btn" onClick={() => void seller.refetch()}>
          {t.retry}
        </button>
      </section>
    );
  }
  const profile = seller.data;
  return (
    <div className="flex flex-col gap-10">
      {/* As the heading has it: the tab's title follows the h1 (page-heading.ts). */}
      <title>{`${profile.name} · ${SITE}`}</title>
      <SellerHeader seller={profile} />

      <section aria-labelledby="seller-laptops">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="seller-laptops" className="text-xl font-bold sm:text-2xl">
            {t.laptops}
          </h2>
          {profile.laptopsForSale > 0 && (
            <p className="text-sm text-base-content/75">
              {t.laptopsCount(profile.laptops.length, profile.laptopsForSale)}
            </p>
          )}
        </div>
        {profile.laptops.length > 0 ? (
          <ProductGrid
            products={profile.laptops}
            onBook={actions.onBook}
            onReport={actions.onReport}
            onAsk={actions.onAsk}
            bookingOf={actions.bookingOf}
            headingLevel={3}
          />
        ) : (
          <p className="rounded-box border border-dashed border-base-300 px-6 py-10 text-center text-base-content/75">
            {t.noLaptops}
          </p>
        )}
      </section>

      <section
        aria-labelledby="seller-reviews-heading"
        id="seller-reviews"
        className="scroll-mt-20"
      >
        <h2 id="seller-reviews-heading" className="mb-4 text-xl font-bold sm:text-2xl">
          {t.reviews}
          {profile.rating && (
            <span className="ml-2 text-base font-normal text-base-content/75">
              ({profile.rating.count})
            </span>
          )}
        </h2>
        <SellerReviews sellerId={profile.id} sellerName={profile.name} first={profile.reviews} />
      </section>
      {actions.modals}
    </div>
  );
}

/** Asks for the profile as soon as the page's code has arrived; the page reads the cache. */
export function sellerRouteLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(sellerQueryOptions(params.id ?? ''));
    return null;
  };
}
