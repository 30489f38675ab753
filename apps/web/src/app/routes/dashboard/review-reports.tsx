import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { hideReviewBodySchema, type ReportedReview } from '@laptops/shared/reviews';
import { TextareaField } from '../../../components/ui/form-field.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import {
  useDismissReviewReports,
  useHideReview,
} from '../../../features/admin/api/decide-review-report.ts';
import { useReviewReports } from '../../../features/admin/api/get-review-reports.ts';
import {
  ADMIN_PAGE_SIZE,
  PagedCards,
} from '../../../features/admin/components/user-list-controls.tsx';
import { formatWhen } from '../../../features/admin/format-when.ts';
import { reviewReportMessages as t } from '../../../features/admin/review-report-messages.ts';

/**
 * /dashboard/review-reports: the reviews someone reported, the longest waiting first,
 * each with its author, subject, words and the reports' reasons; an admin hides it
 * (with a note only admins read) or dismisses the reports.
 */
export function ReviewReportsPage() {
  const [page, setPage] = useState(1);
  const reports = useReviewReports({ page, limit: ADMIN_PAGE_SIZE });

  return (
    <ListPage
      title={t.title}
      controls={<p className="mb-4 max-w-prose text-base-content/80">{t.intro}</p>}
      query={reports}
      loadFailed={t.loadFailed}
      retryLabel={t.retry}
    >
      {(data) =>
        data.rows.length === 0 ? (
          <p className="text-base-content/80">{t.empty}</p>
        ) : (
          <PagedCards
            rows={data.rows}
            rowKey={(review) => review.reviewId}
            card={(review) => <ReportedReviewCard review={review} />}
            caption={t.caption}
            gap="gap-4"
            page={page}
            limit={ADMIN_PAGE_SIZE}
            total={data.total}
            onPageChange={setPage}
            busy={reports.isPlaceholderData}
          />
        )
      }
    </ListPage>
  );
}

function ReportedReviewCard({ review }: { review: ReportedReview }) {
  const ids = useId();
  const hide = useHideReview();
  const dismiss = useDismissReviewReports();
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const busy = hide.isPending || dismiss.isPending;

  const submitHide = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = hideReviewBodySchema.safeParse({ reason });
    if (!input.success) {
      setError(input.error.issues[0]?.message);
      return;
    }
    hide.mutate(
      { reviewId: review.reviewId, ...input.data },
      {
        onSuccess: () => toast.success(t.hidden),
        onError: (failure) => toast.error(failure.message),
      },
    );
  };

  return (
    <article
      aria-labelledby={`${ids}-title`}
      className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${ids}-title`} className="font-semibold wrap-anywhere">
          {t.byOf(review.author.name, review.subject.name)}
        </h2>
        <span className="badge badge-warning whitespace-nowrap">
          {t.reports(review.reports.length)}
        </span>
      </div>
      <p className="text-sm text-base-content/70 wrap-anywhere">
        {t.by(review.author.email, t.role[review.authorRole])}
        <br />
        {t.about(review.subject.email)}
      </p>
      <p className="mt-2 font-medium" aria-label={t.stars(review.rating)}>
        <span aria-hidden="true" className="text-warning">
          {'★'.repeat(review.rating)}
        </span>
        <span aria-hidden="true" className="text-base-content/30">
          {'★'.repeat(5 - review.rating)}
        </span>
      </p>
      <blockquote className="mt-1 border-l-4 border-base-300 pl-3 whitespace-pre-line wrap-anywhere">
        {review.body}
      </blockquote>
      {review.reply && (
        <p className="mt-2 text-sm whitespace-pre-line wrap-anywhere">
          <span className="font-semibold">{t.reply(review.subject.name)}: </span>
          {review.reply}
        </p>
      )}
      <ul className="mt-3 grid gap-2">
        {review.reports.map((report) => (
          <li key={report._id} className="rounded-box bg-base-200/60 p-3 text-sm">
            <p className="text-base-content/70">
              {t.reportedBy(report.reporterName, formatWhen(report.createdAt))}
            </p>
            <p className="whitespace-pre-line wrap-anywhere">{report.reason}</p>
          </li>
        ))}
      </ul>
      {hiding ? (
        <form onSubmit={submitHide} noValidate className="mt-4 grid gap-3">
          <TextareaField
            label={t.hideReason}
            error={error}
            textareaProps={{
              className: 'textarea w-full',
              rows: 2,
              maxLength: 500,
              value: reason,
              autoFocus: true,
              onChange: (event) => {
                setReason(event.currentTarget.value);
                if (error) setError(undefined);
              },
            }}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-error btn-sm" disabled={busy}>
              {t.hideConfirm}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setHiding(false)}>
              {t.cancel}
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-error btn-outline btn-sm"
            aria-label={t.hideLabel(review.author.name)}
            onClick={() => setHiding(true)}
            disabled={busy}
          >
            {t.hide}
          </button>
          <button
            type="button"
            className="btn btn-sm"
            aria-label={t.dismissLabel(review.author.name)}
            disabled={busy}
            onClick={() =>
              dismiss.mutate(review.reviewId, {
                onSuccess: () => toast.success(t.dismissed),
                onError: (failure) => toast.error(failure.message),
              })
            }
          >
            {t.dismiss}
          </button>
        </div>
      )}
    </article>
  );
}
