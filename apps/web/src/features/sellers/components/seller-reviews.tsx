import { useState } from 'react';
import type { SellerReview, SellerReviewsPage } from '@laptops/shared/sellers';
import { getSellerReviews } from '../api/get-seller.ts';
import { sellerPageMessages as t } from '../messages.ts';
import { ReportReviewDialog } from './report-review-dialog.tsx';
import { Stars } from './stars.tsx';

const dayMonthYear = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

type SellerReviewsProps = {
  sellerId: string;
  sellerName: string;
  /** The profile's first page. */
  first: SellerReviewsPage;
};

/** Buyers' reviews of the seller, newest first, with the seller's replies; more on request. */
export function SellerReviews({ sellerId, sellerName, first }: SellerReviewsProps) {
  const [more, setMore] = useState<SellerReview[]>([]);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [reporting, setReporting] = useState<SellerReview | null>(null);
  const shown = [...first.reviews, ...more];

  const loadMore = async () => {
    if (!cursor || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await getSellerReviews(sellerId, cursor);
      setMore((before) => [...before, ...page.reviews]);
      setCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  if (shown.length === 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 px-6 py-10 text-center">
        <p className="font-semibold">{t.noReviews}</p>
        <p className="mt-1 text-sm text-base-content/75">{t.noReviewsText}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        {shown.map((review) => (
          <li key={review.id}>
            <ReviewCard
              review={review}
              sellerName={sellerName}
              onReport={() => setReporting(review)}
            />
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="mt-3 text-sm text-error">
          {t.moreFailed}
        </p>
      )}
      {cursor && (
        <button
          type="button"
          className="btn mt-4 btn-block btn-outline sm:w-auto"
          onClick={() => void loadMore()}
          disabled={loading}
        >
          {loading && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
          {t.moreReviews}
        </button>
      )}
      {reporting && <ReportReviewDialog review={reporting} onClose={() => setReporting(null)} />}
    </>
  );
}

function ReviewCard({
  review,
  sellerName,
  onReport,
}: {
  review: SellerReview;
  sellerName: string;
  onReport: () => void;
}) {
  return (
    <article
      className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
      aria-label={t.reviewBy(review.authorName)}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <Stars value={review.rating} label={t.stars(review.rating)} />
          <p className="text-sm">
            <span className="font-semibold">{review.authorName}</span>
            <span className="text-base-content/60"> · </span>
            <time dateTime={review.publishedAt} className="text-base-content/75">
              {dayMonthYear.format(new Date(review.publishedAt))}
            </time>
          </p>
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-base-content/75"
          onClick={onReport}
          aria-label={t.reportLabel(review.authorName)}
        >
          {t.report}
        </button>
      </div>
      <p className="mt-3 whitespace-pre-line wrap-anywhere">{review.body}</p>
      {review.reply && (
        <div className="mt-3 rounded-box border-l-4 border-primary/40 bg-base-200 px-4 py-3 text-sm">
          <p className="font-semibold">{t.sellerReply(sellerName)}</p>
          <p className="mt-1 whitespace-pre-line wrap-anywhere">{review.reply}</p>
        </div>
      )}
    </article>
  );
}
