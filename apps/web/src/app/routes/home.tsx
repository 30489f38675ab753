import { lazy, Suspense, useDeferredValue } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { CategoryTiles } from '../../features/categories/components/category-tiles.tsx';
import { BannerSlideshow } from '../../features/home/components/banner-slideshow.tsx';
import { useAdvertisedProducts } from '../../features/products/api/get-advertised-products.ts';
import { useLatestProducts } from '../../features/products/api/get-latest-products.ts';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { useCategories } from '../../lib/get-categories.ts';
import { messages } from '../../lib/messages.ts';
import { withTimeout } from '../lazy-route.ts';
import { useProductActions } from '../use-product-actions.tsx';

// Below the fold on every screen: loaded once Home has started, not with it (the budget).
const MarketingBlock = lazy(
  withTimeout(async () => ({
    default: (await import('../../features/home/components/marketing-block.tsx')).MarketingBlock,
  })),
);
const OurClients = lazy(
  withTimeout(async () => ({
    default: (await import('../../features/home/components/our-clients.tsx')).OurClients,
  })),
);

// The form (react-hook-form and zod) is not part of Home's first download.
const ContactUsForm = lazy(
  withTimeout(async () => ({
    default: (await import('../../features/contact/components/contact-us-form.tsx')).ContactUsForm,
  })),
);

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-14">
      <h2 id={`${id}-title`} className="mb-6 text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
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
      </section>

      {loading ? (
        <div className="min-h-[60vh]">
          <Spinner />
        </div>
      ) : failed ? (
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
        <>
          {advertisedProducts && advertisedProducts.length > 0 && (
            <Section id="advertised" title={t.advertisedItems}>
              <ProductGrid
                products={advertisedProducts}
                onBook={actions.onBook}
                onReport={actions.onReport}
                onAsk={actions.onAsk}
                bookingOf={actions.bookingOf}
              />
            </Section>
          )}
          <Section id="categories" title={t.productCategories}>
            <CategoryTiles categories={categoryList ?? []} />
          </Section>
          <Section id="latest" title={t.latestItems}>
            <ProductGrid
              products={latestProducts ?? []}
              onBook={actions.onBook}
              onReport={actions.onReport}
              onAsk={actions.onAsk}
              bookingOf={actions.bookingOf}
            />
          </Section>
        </>
      )}

      {actions.modals}
      {/* Roughly their height, so nothing moves when they arrive. */}
      <Suspense fallback={<div className="min-h-[40rem]" />}>
        <MarketingBlock />
        <OurClients />
      </Suspense>

      <section
        id="contact"
        aria-labelledby="contact-title"
        className="mt-14 grid gap-8 rounded-box bg-base-200 p-6 sm:p-10 lg:grid-cols-2"
      >
        <div>
          <h2 id="contact-title" className="text-2xl font-bold sm:text-3xl">
            {messages.contact.title}
          </h2>
          <p className="mt-3 text-base-content/75">{messages.contact.subtitle}</p>
        </div>
        {/* Roughly the form's height, so nothing moves when it arrives. */}
        <Suspense fallback={<div className="min-h-96" />}>
          <ContactUsForm />
        </Suspense>
      </section>
    </>
  );
}
