import { Link } from 'react-router';
import type { Favourite } from '@laptops/shared/favourites';
import { paths } from '../../../config/paths.ts';
import { formatPrice, shortDate } from '../../../lib/format.ts';
import { favouriteMessages as t } from '../messages.ts';

/**
 * A saved laptop: its photo, name (a link while it is listed), the price now, and where
 * it stands: "Sold", "No longer listed", or "Price dropped from $X" since it was saved.
 */
export function SavedLaptopCard({
  favourite,
  onRemove,
  removing,
}: {
  favourite: Favourite;
  onRemove: () => void;
  removing: boolean;
}) {
  const { product, state, savedPrice } = favourite;
  const listed = state !== 'removed';
  const dropped = state === 'for-sale' && product.resalePrice < savedPrice;
  return (
    // Side by side on a phone (a list to scan), a column from sm up (a grid of cards).
    <article
      className="card h-full flex-row overflow-hidden border border-base-300 bg-base-100 shadow-sm wrap-anywhere sm:flex-col"
      aria-label={product.name}
    >
      <figure className="relative w-32 shrink-0 bg-base-200 sm:w-auto">
        <img
          src={product.thumbnail}
          alt=""
          width={640}
          height={480}
          loading="lazy"
          decoding="async"
          className={`h-full w-full object-cover sm:aspect-[4/3] sm:h-auto ${state === 'for-sale' ? '' : 'opacity-60 grayscale'}`}
        />
        {state !== 'for-sale' && (
          <span className="badge absolute top-2 left-2 border-0 badge-sm badge-neutral sm:top-3 sm:left-3 sm:badge-md">
            {state === 'sold' ? t.sold : t.removed}
          </span>
        )}
      </figure>
      <div className="card-body min-w-0 gap-2 p-4 sm:p-5">
        <h2 className="card-title text-base leading-snug">
          {listed ? (
            <Link to={paths.laptop.getHref(product._id)} className="link-hover">
              {product.name}
            </Link>
          ) : (
            product.name
          )}
        </h2>
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="text-xl font-bold text-primary">
            <span className="sr-only">{t.price}: </span>
            {formatPrice(product.resalePrice)}
          </span>
          {dropped && (
            <span className="rounded-md bg-success/15 px-2 py-0.5 text-sm text-base-content">
              {t.priceDropped(savedPrice)}
            </span>
          )}
        </p>
        <p className="text-sm text-base-content/75">
          {t.savedOn} <time dateTime={favourite.savedAt}>{shortDate(favourite.savedAt)}</time>
        </p>
        <div className="mt-auto pt-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={t.removeLabel(product.name)}
            disabled={removing}
            onClick={onRemove}
          >
            {t.remove}
          </button>
        </div>
      </div>
    </article>
  );
}
