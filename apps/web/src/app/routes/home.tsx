import { lazy, Suspense, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { CategoryTiles } from '../../features/categories/components/category-tiles.tsx';
import { BannerSlideshow } from '../../features/home/components/banner-slideshow.tsx';
import { useAdvertisedProducts } from '../../features/products/api/get-advertised-products.ts';
import { useLatestProducts } from '../../features/products/api/get-latest-products.ts';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { paths } from '../../config/paths.ts';
import { useCategories } from '../../lib/get-categories.ts';
import { useSession } from '../../lib/get-session.ts';
import { messages } from '../../lib/messages.ts';
import { withTimeout } from '../lazy-route.ts';
import { useProductActions } from '../use-product-actions.tsx';

// Below the lists on every screen: loaded once Home has started, not with it (the budget).
const BelowTheLists = lazy(
  withTimeout(async () => ({
    default: (await import('./home-below-the-fold.tsx')).BelowTheLists,
  })),
);

function Section({
  id,
  title,
  link,
  children,
}: {
  id: string;
  title: string;
  /** Beside the title, to the right. */
  link?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-14">
      <div className="mb-6 flex items-baseline justify-between gap-4">
        <h2 id={`${id}-title`} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        {link}
      </div>
      {children}
    </section>
  );
}

export function HomeRoute() {
  const t = messages.home;
  const advertised = useAdvertisedProducts();
  const categories = useCategories();
  const latest = useLatestProducts();
  const actions = useProductActions();
  // Sell yours: a guest signs up as a seller, a seller adds a laptop. Buyers and admins
  // cannot sell, so it is not offered to them.
  const role = useSession().data?.typeOfUser;
  const sellHref = role
    ? role === 'seller' && paths.dashboard.addProduct.getHref()
    : paths.signUp.getHref('seller');
  const cardProps = {
    onBook: actions.onBook,
    onReport: actions.onReport,
    onAsk: actions.onAsk,
    bookingOf: actions.bookingOf,
    onSave: actions.onSave,
    isSaved: actions.isSaved,
  };

  const lists = [advertised, categories, latest];
  const failed = lists.find((list) => list.isError);
  // The lists are drawn as a transition, which React splits into short slices, so
  // drawing two dozen cards does not block the page (Lighthouse's blocking time).
  // From the cache (Back) they are there at once: nothing is deferred on mount.
  const advertisedProducts = useDeferredValue(advertised.data);
  const categoryList = useDeferredValue(categories.data);
  const latestProducts = useDeferredValue(latest.data);
  const loading =
    lists.some((list) => list.isPending) ||
    (!failed && [advertisedProducts, categoryList, latestProducts].includes(undefined));

  return (
    <>
      <h1 className="sr-only">{messages.appName}</h1>
      <BannerSlideshow />

      <section className="mx-auto mt-10 max-w-3xl text-center">
        <h2 className="text-3xl font-extrabold sm:text-4xl">{t.welcomeTitle}</h2>
        <p className="mt-3 text-base-content/75 sm:text-lg">{t.welcomeText}</p>
        {/* The calls to action: Browse laptops is the search page, which lists them all. */}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={paths.search.getHref()} className="btn btn-primary sm:btn-lg">
            {t.browseLaptops}
          </Link>
          {sellHref && (
            <Link to={sellHref} className="btn btn-outline sm:btn-lg">
              {t.sellYours}
            </Link>
          )}
        </div>
      </section>

      {failed && !loading ? (
        <div role="alert" className="alert alert-error mt-10">
          <span>{t.listsFailed}</span>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => lists.forEach((list) => list.isError && void list.refetch())}
          >
            {t.retry}
          </button>
        </div>
      ) : (
        // While the lists load (on a slow connection, seconds), the sections are there
        // with grey cards and tiles of about the lists' size, so the lists take their
        // place without moving the page.
        <>
          {loading && (
            <p role="status" className="sr-only">
              {messages.loading}
            </p>
          )}
          {advertisedProducts?.length !== 0 && (
            <Section id="advertised" title={t.advertisedItems}>
              <ProductGrid products={loading ? undefined : advertisedProducts} {...cardProps} />
            </Section>
          )}
          <Section id="categories" title={t.productCategories}>
            <CategoryTiles categories={loading ? undefined : categoryList} />
          </Section>
          <Section
            id="latest"
            title={t.latestItems}
            link={
              <Link
                to={paths.search.getHref()}
                className="link shrink-0 text-sm font-semibold sm:text-base"
              >
                {t.seeAllLaptops}
              </Link>
            }
          >
            {/* The server sends the 9 latest. */}
            <ProductGrid
              products={loading ? undefined : latestProducts}
              placeholders={9}
              {...cardProps}
            />
          </Section>
        </>
      )}

      {actions.modals}
      {/* Roughly their height, so nothing moves when they arrive. */}
      <Suspense fallback={<div className="min-h-[80rem]" />}>
        <BelowTheLists />
      </Suspense>
    </>
  );
}
