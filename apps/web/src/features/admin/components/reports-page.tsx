import { useId, useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast/headless';
import type { Report } from '@laptops/shared/reports';
import { useHeadingFocusAfterClose } from '../../../components/ui/use-heading-focus.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useDismissReport } from '../api/dismiss-report.ts';
import { useReports, type ReportStatus } from '../api/get-reports.ts';
import { useRemoveReportedProduct } from '../api/remove-reported-product.ts';
import { ADMIN_PAGE_SIZE, ListError, Pager } from './user-list-controls.tsx';
import { adminMessages } from '../messages.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** '2026-11-20T09:15:00.000Z' as the reader's local date and time, e.g. 'Nov 20, 2026, 9:15 AM'. */
function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/**
 * The reported laptops, newest report first: each laptop as it is now (picture, name
 * linking to it, price, for sale / sold / removed) with its seller, the reason and
 * details, and who reported it when. 'Remove laptop' takes it off the marketplace
 * (after a confirmation) and resolves all its reports; 'Dismiss' resolves the report
 * and keeps the laptop. Resolved reports leave the open list; the filter shows them
 * with their resolution. On a phone each report is a card.
 */
export function ReportsPage() {
  const t = adminMessages;
  const r = t.reports;
  const filterName = useId();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [page, setPage] = useState(1);
  const reports = useReports({ status, page, limit: ADMIN_PAGE_SIZE });
  const dismiss = useDismissReport();
  const remove = useRemoveReportedProduct();
  const [toRemove, setToRemove] = useState<Report | null>(null);
  const { headingRef, focusHeadingOnClose } = useHeadingFocusAfterClose(toRemove !== null);

  const onFilter = (next: ReportStatus) => {
    setStatus(next);
    setPage(1);
  };

  const onDismiss = (report: Report) =>
    dismiss.mutate(report._id, {
      onSuccess: () => {
        toast.success(r.dismissSuccess);
        headingRef.current?.focus();
      },
      onError: (error) => toast.error(error.message),
    });

  const onConfirmRemove = () => {
    if (!toRemove) return;
    remove.mutate(toRemove._id, {
      onSuccess: () => {
        toast.success(r.removeSuccess);
        focusHeadingOnClose();
        setToRemove(null);
      },
      onError: (error) => {
        toast.error(error.message);
        setToRemove(null);
      },
    });
  };

  const busy = dismiss.isPending || remove.isPending;

  const columns: DataTableColumn<Report>[] = [
    {
      key: 'laptop',
      header: r.laptop,
      rowHeader: true,
      cell: (report) => (
        <div className="flex items-center gap-3 font-medium">
          {/* Its name is beside it: the picture adds nothing to read out. */}
          <img
            src={report.productThumbnail}
            alt=""
            width={64}
            height={48}
            loading="lazy"
            decoding="async"
            className="h-12 w-16 shrink-0 rounded bg-base-200 object-cover"
          />
          {/* A removed laptop is shown nowhere: its name has nothing to link to. */}
          {report.productState === 'removed' ? (
            <span className="wrap-anywhere">{report.productName}</span>
          ) : (
            <Link
              to={paths.laptop.getHref({
                productId: report.productId,
                categoryId: report.productCategory,
              })}
              className="link wrap-anywhere"
            >
              {report.productName}
            </Link>
          )}
        </div>
      ),
    },
    {
      key: 'listing',
      header: r.listing,
      cell: (report) => (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="tabular-nums">{formatPrice(report.productPrice)}</span>
          <span className="badge badge-ghost badge-sm whitespace-nowrap">
            {r.states[report.productState]}
          </span>
        </div>
      ),
    },
    {
      key: 'seller',
      header: r.seller,
      cell: (report) => (
        <div className="flex min-w-0 flex-col">
          <span className="wrap-anywhere">{report.sellerName}</span>
          <EmailText email={report.sellerEmail} className="text-xs text-base-content/70" />
        </div>
      ),
    },
    {
      key: 'report',
      header: r.report,
      // What is wrong, then who says so and when, as a note is signed.
      cell: (report) => (
        <div className="flex flex-col gap-1">
          <span className="font-medium">{r.reasons[report.reason]}</span>
          <span className="whitespace-pre-line wrap-anywhere">
            {report.reportText || <span className="italic text-base-content/75">{r.noText}</span>}
          </span>
          <span className="flex flex-col text-xs text-base-content/70">
            <span className="wrap-anywhere">{r.reportedBy(report.reporterName)}</span>
            <EmailText email={report.reporterEmail} />
            <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time>
          </span>
        </div>
      ),
    },
    {
      key: 'action',
      header: t.action,
      phoneLabel: false,
      cell: (report) =>
        report.resolved ? (
          <span className="badge badge-ghost whitespace-nowrap">
            {(report.resolution ? r.resolutions[report.resolution] : undefined) ?? r.resolvedOther}
          </span>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm"
              aria-label={r.removeLabel(report.productName)}
              disabled={busy}
              onClick={() => setToRemove(report)}
            >
              {r.remove}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={r.dismissLabel(report.productName)}
              disabled={busy}
              onClick={() => onDismiss(report)}
            >
              {dismiss.isPending && dismiss.variables === report._id && (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              )}
              {r.dismiss}
            </button>
          </div>
        ),
    },
  ];

  return (
    <section className="w-full">
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mb-6 text-2xl font-bold outline-none sm:text-3xl"
      >
        {r.title}
      </h1>

      <fieldset className="mb-4">
        <legend className="sr-only">{r.filter}</legend>
        <div className="join">
          {(['open', 'resolved'] as const).map((value) => (
            <input
              key={value}
              type="radio"
              name={filterName}
              value={value}
              className="btn join-item btn-sm"
              aria-label={value === 'open' ? r.open : r.resolved}
              checked={status === value}
              onChange={() => onFilter(value)}
            />
          ))}
        </div>
      </fieldset>

      {reports.isPending ? (
        <Spinner />
      ) : reports.isError ? (
        <ListError
          text={r.loadFailed}
          error={reports.error}
          onRetry={() => void reports.refetch()}
        />
      ) : (
        <div
          aria-busy={reports.isPlaceholderData || undefined}
          className={reports.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          <DataTable
            caption={status === 'open' ? `${r.caption}: ${r.open}` : `${r.caption}: ${r.resolved}`}
            columns={columns}
            rows={reports.data.rows}
            rowKey={(report) => report._id}
            empty={status === 'open' ? r.empty : r.emptyResolved}
          />
          <Pager
            page={page}
            limit={ADMIN_PAGE_SIZE}
            total={reports.data.total}
            onPageChange={setPage}
            busy={reports.isPlaceholderData}
          />
        </div>
      )}

      <ConfirmDialog
        open={toRemove !== null}
        title={toRemove ? r.removeTitle(toRemove.productName) : undefined}
        message={toRemove ? r.removeConfirm(toRemove.productName) : ''}
        confirmLabel={r.removeConfirmLabel}
        onConfirm={onConfirmRemove}
        onCancel={() => setToRemove(null)}
        busy={remove.isPending}
      />
    </section>
  );
}
