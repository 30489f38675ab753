import { Link } from 'react-router';
import type { SellerProfile } from '@laptops/shared/sellers';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { sellerPageMessages as t } from '../messages.ts';
import { Stars } from './stars.tsx';

const monthYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The top of a seller's profile: photo, name, the verified and Top seller badges (each
 * explained), the rating, and their record.
 */
export function SellerHeader({ seller }: { seller: SellerProfile }) {
  const facts = [
    t.memberSince(monthYear.format(new Date(seller.memberSince))),
    t.laptopsSold(seller.laptopsSold),
    seller.replyTime && t.replyTime[seller.replyTime],
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <header className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-8">
        <div className="self-start rounded-full ring-4 ring-base-200 sm:self-center">
          <Avatar name={seller.name} image={seller.image} size={96} decorative />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">{seller.name}</h1>
            {seller.isVerified && (
              <span className="badge border-0 badge-info">
                <svg viewBox="0 0 24 24" className="size-3.5" aria-hidden="true">
                  <path
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="3"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    d="M5 12.5l4.5 4.5L19 7.5"
                  />
                </svg>
                {t.verified}
              </span>
            )}
            {seller.topSeller && (
              <Link
                to={`${paths.faq.getHref()}#top-seller`}
                className="badge border-0 bg-amber-100 font-semibold text-amber-900 hover:bg-amber-200"
                title={t.topSellerRules}
              >
                <span aria-hidden="true">🏆</span> {t.topSeller}
                <span className="sr-only">: {t.topSellerRules}</span>
              </Link>
            )}
          </div>

          {seller.rating ? (
            <p className="flex flex-wrap items-center gap-2">
              <Stars
                value={seller.rating.average}
                label={t.rating(seller.rating.average, seller.rating.count)}
                className="text-xl"
              />
              <span aria-hidden="true" className="text-lg font-bold">
                {seller.rating.average.toFixed(1)}
              </span>
              <a href="#seller-reviews" className="link text-sm text-base-content/75 link-hover">
                {t.reviewCount(seller.rating.count)}
              </a>
            </p>
          ) : (
            <p className="text-sm text-base-content/75">{t.noRatingYet}</p>
          )}

          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80">
            {facts.map((fact) => (
              <li key={fact} className="flex items-center gap-1.5">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-primary/60" />
                {fact}
              </li>
            ))}
          </ul>

          {seller.isVerified && (
            <details className="text-sm">
              <summary className="link w-fit cursor-pointer text-base-content/80 link-hover">
                {t.whatVerified}
              </summary>
              <p className="mt-2 max-w-prose text-base-content/80">{t.verifiedText}</p>
            </details>
          )}
        </div>
      </div>
    </header>
  );
}
