import { Link } from 'react-router';
import { keySpecs } from '@laptops/shared/laptop-specs';
import type { Product } from '@laptops/shared/products';
import { paths } from '../../../config/paths.ts';
import { formatPrice, shortDate, truncate } from '../../../lib/format.ts';
import { messages } from '../../../lib/messages.ts';
import { ProductMenu } from './product-menu.tsx';

export const CARD_NAME_LENGTH = 50;
export const CARD_DESCRIPTION_LENGTH = 170;

const conditionBadge: Record<Product['conditionType'], string> = {
  Excellent: 'badge-success',
  Good: 'badge-info',
  Fair: 'badge-warning',
};

type ProductCardProps = {
  product: Product;
  onBook: (product: Product) => void;
  onReport: (product: Product) => void;
  onAsk: (product: Product) => void;
  /** The viewer's unpaid booking of this laptop: the card offers to pay instead of to book. */
  bookingId?: string;
  /**
   * 'lazy' (default) waits until the card is scrolled near; 'eager' loads at once;
   * 'priority' also asks for it first (the page's largest paint).
   */
  imageLoading?: 'lazy' | 'eager' | 'priority';
  headingLevel?: 2 | 3;
};

/**
 * A laptop's card: picture, name (up to 50 characters), date posted, years of use,
 * location, condition, description (up to 170 characters), both prices, the seller (with
 * a tick once verified; no contact details, which only a booking's order page shows), a
 * menu to ask the seller or report the laptop, and Book: a disabled 'Sold' once it is sold, or Pay now
 * once booked.
 */
export function ProductCard({
  product,
  onBook,
  onReport,
  onAsk,
  bookingId,
  imageLoading = 'lazy',
  headingLevel = 3,
}: ProductCardProps) {
  const t = messages.productCard;
  const sold = product.isSold;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const page = paths.laptop.getHref(product._id);
  const specs = keySpecs(product.specs);
  return (
    // wrap-anywhere: a seller's long unbroken word wraps instead of widening a phone's page.
    // content-visibility: a card away from the screen is not styled, laid out or drawn
    // until it comes near (a list drawn at once took Home ~100 ms on a slow phone);
    // until then it holds a card's height, remembered once it has been drawn.
    <article
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm wrap-anywhere [contain-intrinsic-size:auto_40rem] [content-visibility:auto]"
      aria-label={product.name}
    >
      <figure className="relative bg-base-200">
        {/* The thumbnail (640 px wide, 4:3) with its size given, so nothing moves when it loads. */}
        <img
          src={product.thumbnail}
          alt={product.name}
          width={640}
          height={480}
          loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={imageLoading === 'priority' ? 'high' : 'auto'}
          decoding={imageLoading === 'lazy' ? 'async' : 'auto'}
          className="aspect-[4/3] w-full object-cover"
        />
        <span
          className={`badge absolute top-3 left-3 border-0 ${conditionBadge[product.conditionType]}`}
        >
          {product.conditionType}
        </span>
      </figure>
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-2">
          <Heading className="card-title text-base leading-snug" title={product.name}>
            <Link to={page} className="link-hover">
              {truncate(product.name, CARD_NAME_LENGTH)}
            </Link>
          </Heading>
          <ProductMenu
            productName={product.name}
            sellerId={product.sellerId}
            sold={sold}
            onAsk={() => onAsk(product)}
            onReport={() => onReport(product)}
          />
        </div>

        {specs.length > 0 && (
          <p className="text-sm font-medium">
            <span className="sr-only">{t.specs}: </span>
            {specs.join(' · ')}
          </p>
        )}

        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/75">{t.posted}</dt>
          <dd>
            <time dateTime={product.dateOfPost}>{shortDate(product.dateOfPost)}</time>
          </dd>
          <dt className="text-base-content/75">{t.yearsOfUse}</dt>
          <dd>{product.yearsOfUse}</dd>
          <dt className="text-base-content/75">{t.location}</dt>
          <dd>{product.location}</dd>
          <dt className="text-base-content/75">{t.condition}</dt>
          <dd>{product.conditionType}</dd>
        </dl>

        <p className="text-sm text-base-content/80">
          {truncate(product.description, CARD_DESCRIPTION_LENGTH)}
        </p>

        <div className="flex items-baseline gap-3">
          <span className="text-2xl font-bold text-primary">
            <span className="sr-only">{t.resalePrice}: </span>
            {formatPrice(product.resalePrice)}
          </span>
          {product.wasPrice !== null && (
            <span className="text-sm">
              {t.wasPrice} <s>{formatPrice(product.wasPrice)}</s>
            </span>
          )}
          <span className="text-sm text-base-content/75">
            <span className="sr-only">{t.originalPrice}: </span>
            <s>{formatPrice(product.originalPrice)}</s>
          </span>
        </div>

        <div className="mt-auto flex items-center gap-3 border-t border-base-300 pt-3">
          <div className="avatar">
            <div className="size-10 rounded-full bg-base-200">
              {product.sellerImage && (
                <img
                  src={product.sellerImage}
                  alt={product.sellerName}
                  width={40}
                  height={40}
                  loading="lazy"
                  decoding="async"
                />
              )}
            </div>
          </div>
          <div className="min-w-0 flex-1 text-sm">
            <p className="flex items-center gap-1 font-semibold">
              <span className="truncate">{product.sellerName}</span>
              {product.isVerified && (
                <svg
                  viewBox="0 0 24 24"
                  className="size-4 shrink-0 text-info"
                  role="img"
                  aria-label={t.verified}
                >
                  <title>{t.verified}</title>
                  <path
                    fill="currentColor"
                    d="M12 1l2.9 2.1 3.6-.1 1.1 3.4 2.9 2.1-1.1 3.5 1.1 3.4-2.9 2.1-1.1 3.4-3.6-.1L12 23l-2.9-2.1-3.6.1-1.1-3.4-2.9-2.1 1.1-3.4L1.5 8.5l2.9-2.1 1.1-3.4 3.6.1z"
                  />
                  <path
                    fill="none"
                    stroke="#fff"
                    strokeWidth="2.2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    d="M7.5 12.2l3 3 6-6.2"
                  />
                </svg>
              )}
            </p>
          </div>
        </div>

        {sold ? (
          <button type="button" className="btn btn-block" disabled>
            {t.notAvailable}
          </button>
        ) : bookingId ? (
          <Link
            to={paths.dashboard.payment.getHref(bookingId)}
            className="btn btn-primary btn-block"
            aria-label={`${t.booked}: ${t.payNow}, ${product.name}`}
          >
            {t.booked} — {t.payNow}
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => onBook(product)}
          >
            {t.bookNow}
          </button>
        )}
      </div>
    </article>
  );
}
