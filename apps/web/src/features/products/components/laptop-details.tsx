import { Link } from 'react-router';
import toast from 'react-hot-toast/headless';
import { conditionDefinitions } from '@laptops/shared/conditions';
import type { ProductDetails } from '@laptops/shared/products';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPrice, shortDate } from '../../../lib/format.ts';
import { laptopPageMessages as t } from '../laptop-page-messages.ts';
import { BuyerProtection } from './buyer-protection.tsx';
import { FairPriceNote } from './fair-price-note.tsx';
import { PhotoGallery } from './photo-gallery.tsx';
import { SpecTable } from './spec-table.tsx';

const gradeBadge: Record<ProductDetails['conditionType'], string> = {
  Excellent: 'badge-success',
  Good: 'badge-info',
  Fair: 'badge-warning',
};

// In UTC: the page drawn on the server and in the browser say the same month.
const monthYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The heart's shape, as the cards draw it (save-heart.tsx). Drawn here rather than
 * imported: importing the cards' module from this page made the bundler split Home's
 * first download into many more chunks (+2.5 KB, measured).
 */
const heartPath =
  'M12 20s-8-4.7-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.3 12 20 12 20z';

type LaptopDetailsProps = {
  product: ProductDetails;
  onBook: (product: ProductDetails) => void;
  onReport: (product: ProductDetails) => void;
  /** Opens the viewer's conversation with the seller (signing in first). */
  onAsk: (product: ProductDetails) => void;
  /** The heart (guests and buyers): saves the laptop or removes it from Saved laptops. */
  onSave?: (product: ProductDetails) => void;
  saved?: boolean;
};

/**
 * A laptop's page: the photos, what it costs and saves, its grade and what that
 * promises, what a buyer can do (book, pay, report, share), every spec, the
 * description and the seller.
 */
export function LaptopDetails({
  product,
  onBook,
  onReport,
  onAsk,
  onSave,
  saved = false,
}: LaptopDetailsProps) {
  const grade = conditionDefinitions[product.conditionType];
  const saving = Math.round((1 - product.resalePrice / product.originalPrice) * 100);
  return (
    <article className="flex flex-col gap-8 wrap-anywhere" aria-labelledby="laptop-name">
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to={paths.home.getHref()}>{t.home}</Link>
          </li>
          <li>
            <Link to={paths.category.getHref(product.category)}>{product.categoryName}</Link>
          </li>
          <li aria-current="page" className="min-w-0">
            <span className="block max-w-[45vw] truncate sm:max-w-[24rem]">{product.name}</span>
          </li>
        </ul>
      </nav>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <PhotoGallery photos={product.photos} name={product.name} />

        <div className="flex flex-col gap-5">
          <div className="flex items-start justify-between gap-3">
            <h1 id="laptop-name" className="text-2xl leading-tight font-bold sm:text-3xl">
              {product.name}
            </h1>
            {/* A sold laptop cannot be saved, but one saved before can be removed. */}
            {onSave && !product.isOwn && (saved || !product.isSold) && (
              <button
                type="button"
                aria-pressed={saved}
                aria-label={saved ? t.unsave(product.name) : t.save(product.name)}
                onClick={() => onSave(product)}
                className="btn shrink-0 btn-circle border-base-300 bg-base-100 text-error shadow-sm"
              >
                <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
                  <path
                    fill={saved ? 'currentColor' : 'none'}
                    stroke="currentColor"
                    strokeWidth="2"
                    d={heartPath}
                  />
                </svg>
              </button>
            )}
          </div>

          <div>
            <p className="flex flex-wrap items-center gap-2">
              <span className="sr-only">{t.grade}: </span>
              <span className={`badge border-0 ${gradeBadge[product.conditionType]}`}>
                {product.conditionType}
              </span>
              <span className="text-sm text-base-content/80">{grade.summary}</span>
            </p>
            <Link to={paths.conditions.getHref()} className="link text-sm">
              {t.gradeLink}
            </Link>
          </div>

          {product.photoVerified && (
            <TrustBadge label={t.photoVerified} meaning={t.photoVerifiedMeaning} />
          )}
          {product.serialChecked && (
            <TrustBadge label={t.serialChecked} meaning={t.serialCheckedMeans} />
          )}

          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-3xl font-bold text-primary">
              <span className="sr-only">{t.price}: </span>
              {formatPrice(product.resalePrice)}
            </span>
            {product.wasPrice !== null && (
              <span className="text-base-content/75">
                {t.wasPrice} <s>{formatPrice(product.wasPrice)}</s>
              </span>
            )}
            <span className="text-sm text-base-content/75">
              <span className="sr-only">{t.originalPrice}: </span>
              <s>{formatPrice(product.originalPrice)}</s>
            </span>
            {saving > 0 && (
              <span className="badge border-0 bg-success/15 text-base-content">
                {t.saving(saving)}
              </span>
            )}
          </div>

          <FairPriceNote product={product} />

          <BuyerActions product={product} onBook={onBook} onReport={onReport} onAsk={onAsk} />
          {!product.isOwn && !product.isSold && <BuyerProtection />}

          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-base-content/75">{t.location}</dt>
            <dd>{product.location}</dd>
            <dt className="text-base-content/75">{t.posted}</dt>
            <dd>
              <time dateTime={product.dateOfPost}>{shortDate(product.dateOfPost)}</time>
            </dd>
            <dt className="text-base-content/75">{t.yearsOfUse}</dt>
            <dd>{product.yearsOfUse}</dd>
          </dl>

          <SellerBlock product={product} />
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="laptop-specs">
          <h2 id="laptop-specs" className="mb-2 text-xl font-bold">
            {t.specs}
          </h2>
          <SpecTable specs={product.specs} sources={product.specSources} />
          {product.specs.knownIssues && (
            <div role="note" className="mt-4 alert alert-warning alert-soft">
              <div>
                <h3 className="font-semibold">{t.knownIssues}</h3>
                <p className="whitespace-pre-line">{product.specs.knownIssues}</p>
              </div>
            </div>
          )}
        </section>
        <section aria-labelledby="laptop-description">
          <h2 id="laptop-description" className="mb-2 text-xl font-bold">
            {t.description}
          </h2>
          <p className="whitespace-pre-line text-base-content/90">{product.description}</p>
        </section>
      </div>
    </article>
  );
}

function BuyerActions({ product, onBook, onReport, onAsk }: LaptopDetailsProps) {
  const order = product.viewerOrder;
  let main;
  if (product.isOwn) {
    main = (
      <>
        <p className="text-sm text-base-content/75">{t.own}</p>
        {!product.isSold && (
          <Link to={paths.dashboard.editProduct.getHref(product._id)} className="btn btn-primary">
            {t.edit}
          </Link>
        )}
      </>
    );
  } else if (order?.paid) {
    main = (
      <Link to={paths.dashboard.order.getHref(order.id)} className="btn btn-primary">
        {t.paid}
      </Link>
    );
  } else if (product.isSold) {
    main = (
      <>
        <button type="button" className="btn" disabled>
          {t.sold}
        </button>
        <p className="text-sm text-base-content/75">{t.soldNote}</p>
      </>
    );
  } else if (order) {
    main = (
      <Link to={paths.dashboard.payment.getHref(order.id)} className="btn btn-primary">
        {t.payNow}
      </Link>
    );
  } else {
    main = (
      <button type="button" className="btn btn-primary" onClick={() => onBook(product)}>
        {t.book}
      </button>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {main}
      {!product.isOwn && !product.isSold && (
        <button type="button" className="btn btn-outline" onClick={() => onAsk(product)}>
          {t.ask}
        </button>
      )}
      <div className="flex gap-2">
        {!product.isOwn && (
          <button
            type="button"
            className="btn flex-1 btn-outline"
            onClick={() => onReport(product)}
          >
            {t.report}
          </button>
        )}
        <button
          type="button"
          className="btn flex-1 btn-outline"
          onClick={() => void share(product)}
        >
          {t.share}
        </button>
      </div>
    </div>
  );
}

/** The phone's own share sheet where there is one; otherwise the link is copied. */
async function share(product: ProductDetails) {
  const url = new URL(paths.laptop.getHref(product._id), window.location.origin).href;
  if (navigator.share) {
    try {
      await navigator.share({ title: product.name, url });
    } catch {
      // Closed without sharing: nothing to say.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(t.linkCopied);
  } catch {
    toast.error(t.copyFailed);
  }
}

function SellerBlock({ product }: { product: ProductDetails }) {
  return (
    <section aria-labelledby="laptop-seller" className="rounded-box border border-base-300 p-4">
      <h2 id="laptop-seller" className="mb-3 text-sm font-semibold text-base-content/75">
        {t.seller}
      </h2>
      <div className="flex items-center gap-3">
        <Avatar name={product.sellerName} image={product.sellerImage} size={48} decorative />
        <div className="min-w-0 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <Link to={paths.seller.getHref(product.sellerId)} className="link link-hover">
              {product.sellerName}
            </Link>
            {product.isVerified && (
              <span className="badge border-0 badge-sm badge-info">{t.verified}</span>
            )}
            {product.sellerRating && (
              <span className="font-normal text-base-content/80">
                <span className="sr-only">{t.sellerRating}: </span>
                {/* As the cards write it (rating-label.ts), not imported: a module Home and
                    this page shared split Home's download into more chunks (+1.9 KB). */}
                ★ {product.sellerRating.average.toFixed(1)} ({product.sellerRating.count})
              </span>
            )}
          </p>
          <p className="text-base-content/75">
            {t.memberSince(monthYear.format(new Date(product.seller.memberSince)))} ·{' '}
            {t.laptopsSold(product.seller.laptopsSold)}
          </p>
          {!product.isOwn && !product.isSold && (
            <p className="text-base-content/75">{t.phoneAfterBooking}</p>
          )}
        </div>
      </div>
    </section>
  );
}

/** A check we made on this listing ("Photo verified", "Serial checked"), and what it means. */
function TrustBadge({ label, meaning }: { label: string; meaning: string }) {
  return (
    <div className="flex items-start gap-2">
      <span className="badge shrink-0 gap-1 border-0 bg-success/15 font-medium text-base-content">
        <svg viewBox="0 0 24 24" className="size-4 text-success" aria-hidden="true">
          <path fill="none" stroke="currentColor" strokeWidth="2.5" d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
        {label}
      </span>
      <p className="text-sm text-base-content/80">{meaning}</p>
    </div>
  );
}
