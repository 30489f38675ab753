import { Link } from 'react-router';
import { keySpecs } from '@laptops/shared/laptop-specs';
import type { Product } from '@laptops/shared/products';
import { ratingLabel } from '@laptops/shared/rating-label';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { messages } from '../../../lib/messages.ts';
import { ProductMenu } from './product-menu.tsx';
import { SaveHeart } from './save-heart.tsx';

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
  /** Saves or removes the laptop (the heart); none: no heart (sellers, admins). */
  onSave?: (product: Product) => void;
  saved?: boolean;
};

/**
 * A laptop's card, compact: what buyers compare and no more. The photo, the name (two
 * lines at most), the key specs (processor, memory, storage, screen), the condition, the
 * price with what it saves on the price new (and the price before a drop), the seller
 * (a tick once verified, and their rating; no contact details, which only a booking's
 * order page shows), a menu to ask the seller or report the laptop, and
 * Book: a disabled 'Sold' once it is sold, or Pay now once booked. The date, years of
 * use, location and description are on the laptop's page. On a phone the card is a row, the photo
 * on its left (about 200 px tall, where a stacked card was 600 px); from 640 px up the
 * cards stack in a grid.
 */
export function ProductCard({
  product,
  onBook,
  onReport,
  onAsk,
  bookingId,
  imageLoading = 'lazy',
  headingLevel = 3,
  onSave,
  saved = false,
}: ProductCardProps) {
  const t = messages.productCard;
  const sold = product.isSold;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const page = paths.laptop.getHref(product._id);
  // "1 TB" is not split across two lines; the processor's model may be.
  const specs = keySpecs(product.specs).map((spec) => spec.replace(/ /g, '\u00a0'));
  if (product.specs.cpuModel) specs.unshift(product.specs.cpuModel);
  const saving = product.originalPrice - product.resalePrice;
  return (
    // wrap-anywhere: a seller's long unbroken word wraps instead of widening a phone's page.
    // content-visibility: a card away from the screen is not styled, laid out or drawn
    // until it comes near (a list drawn at once took Home ~100 ms on a slow phone);
    // until then it holds about a card's height, remembered once it has been drawn.
    // min-h-56: a phone's rows are of one height, which the placeholders have too.
    <article
      className="grid h-full min-h-56 grid-cols-[7.5rem_minmax(0,1fr)] overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm wrap-anywhere [contain-intrinsic-size:auto_13rem] [content-visibility:auto] sm:flex sm:flex-col sm:[contain-intrinsic-size:auto_30rem]"
      aria-label={product.name}
    >
      <figure className="relative">
        {/* The thumbnail (640 px wide, 4:3) with its size given, so nothing moves when it loads;
            cropped square on a phone, to 3:2 in the grid. */}
        <img
          src={product.thumbnail}
          alt={product.name}
          width={640}
          height={480}
          loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={imageLoading === 'priority' ? 'high' : 'auto'}
          decoding={imageLoading === 'lazy' ? 'async' : 'auto'}
          className="aspect-square w-full bg-base-200 object-cover sm:aspect-[3/2]"
        />
        {onSave && (
          <SaveHeart
            label={saved ? t.unsave(product.name) : t.save(product.name)}
            saved={saved}
            onToggle={() => onSave(product)}
            className="btn-sm absolute top-1.5 right-1.5"
          />
        )}
      </figure>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:gap-1.5 sm:p-4">
        <div className="flex items-start justify-between gap-1">
          {/* Two lines at most, cut by the browser; the whole name is there for screen readers. */}
          <Heading className="line-clamp-2 text-sm leading-snug font-semibold sm:text-base">
            <Link to={page} className="link-hover">
              {product.name}
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
          <p className="line-clamp-2 text-xs text-base-content/75 sm:text-sm">
            <span className="sr-only">{t.specs}: </span>
            {specs.join(' · ')}
          </p>
        )}

        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-lg font-bold sm:text-xl">
            <span className="sr-only">{t.resalePrice}: </span>
            {formatPrice(product.resalePrice)}
          </span>
          {product.wasPrice !== null && (
            <span className="text-xs">
              {t.wasPrice} <s>{formatPrice(product.wasPrice)}</s>
            </span>
          )}
          <span className="text-xs text-base-content/75">
            <s>
              <span className="sr-only">{t.originalPrice}: </span>
              {formatPrice(product.originalPrice)}
            </s>{' '}
            {t.new}
          </span>
        </p>

        <p className="flex flex-wrap items-center gap-2 text-xs">
          {/* The condition, once; its colour says how good it is. */}
          <span className={`badge badge-sm border-0 ${conditionBadge[product.conditionType]}`}>
            <span className="sr-only">{t.condition}: </span>
            {product.conditionType}
          </span>
          {saving > 0 && (
            <span className="font-semibold text-emerald-800">
              {t.saving} {formatPrice(saving)}
            </span>
          )}
        </p>

        <div className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-xs text-base-content/75">
          <Link
            to={paths.seller.getHref(product.sellerId)}
            className="truncate font-semibold text-base-content link-hover"
          >
            {product.sellerName}
          </Link>
          {product.isVerified && (
            // A tick in a disc, from a font's glyph: a drawn icon's path cost Home's download.
            <span
              role="img"
              aria-label={t.verified}
              title={t.verified}
              className="grid size-3.5 shrink-0 place-items-center rounded-full bg-info text-[0.6rem] font-bold text-white"
            >
              ✓
            </span>
          )}
          {product.sellerRating && (
            <span>
              <span className="sr-only">{t.rating}: </span>
              {ratingLabel(product.sellerRating)}
            </span>
          )}
        </div>

        <div className="mt-auto pt-1">
          {sold ? (
            <button type="button" className="btn btn-block btn-sm" disabled>
              {t.notAvailable}
            </button>
          ) : bookingId ? (
            <Link
              to={paths.dashboard.payment.getHref(bookingId)}
              className="btn btn-block btn-sm btn-primary"
              aria-label={`${t.booked}: ${t.payNow}, ${product.name}`}
            >
              {t.booked} — {t.payNow}
            </Link>
          ) : (
            <button
              type="button"
              className="btn btn-block btn-sm btn-primary"
              onClick={() => onBook(product)}
            >
              {t.bookNow}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
