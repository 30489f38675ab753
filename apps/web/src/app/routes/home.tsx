import { Spinner } from '../../components/ui/spinner.tsx';
import { useCategories } from '../../features/categories/api/get-categories.ts';
import { CategoryTiles } from '../../features/categories/components/category-tiles.tsx';
import { ContactUsForm } from '../../features/contact/components/contact-us-form.tsx';
import { BannerSlideshow } from '../../features/home/components/banner-slideshow.tsx';
import { MarketingBlock } from '../../features/home/components/marketing-block.tsx';
import { OurClients } from '../../features/home/components/our-clients.tsx';
import { useAdvertisedProducts } from '../../features/products/api/get-advertised-products.ts';
import { useLatestProducts } from '../../features/products/api/get-latest-products.ts';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { messages } from '../../lib/messages.ts';
import { useProductActions } from '../use-product-actions.tsx';

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
  const loading = lists.some((list) => list.isPending);
  const failed = lists.find((list) => list.isError);

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
          {advertised.data && advertised.data.length > 0 && (
            <Section id="advertised" title={t.advertisedItems}>
              <ProductGrid
                products={advertised.data}
                onBook={actions.onBook}
                onReport={actions.onReport}
              />
            </Section>
          )}
          <Section id="categories" title={t.productCategories}>
            <CategoryTiles categories={categories.data ?? []} />
          </Section>
          <Section id="latest" title={t.latestItems}>
            <ProductGrid
              products={latest.data ?? []}
              onBook={actions.onBook}
              onReport={actions.onReport}
            />
          </Section>
        </>
      )}

      {actions.modals}
      <MarketingBlock />
      <OurClients />

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
        <ContactUsForm />
      </section>
    </>
  );
}
