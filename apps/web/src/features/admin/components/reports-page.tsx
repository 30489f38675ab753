import { useId, useState } from 'react';
import toast from 'react-hot-toast/headless';
import type { Report } from '@laptops/shared/reports';
import { useHeadingFocusAfterClose } from '../../../components/ui/use-heading-focus.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { messages } from '../../../lib/messages.ts';
import { useDismissReport } from '../api/dismiss-report.ts';
import { useReports, type ReportStatus } from '../api/get-reports.ts';
import { useRemoveReportedProduct } from '../api/remove-reported-product.ts';
import { ADMIN_PAGE_SIZE, ListError, Pager } from './user-list-controls.tsx';
import { adminMessages } from '../messages.ts';

/**
 * SPEC.md "Tables", Reports: index, Product Id, Seller Email, Product Name, Report Text
 * and Action. 'Delete' takes the product off the marketplace (after a confirmation) and
 * resolves all its reports; 'Dismiss' resolves the report and keeps the product.
 * Resolved reports leave the open list; the filter shows them with their resolution.
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
  const offset = reports.data ? (reports.data.page - 1) * reports.data.limit : 0;

  const columns: DataTableColumn<Report>[] = [
    {
      key: 'index',
      header: t.index,
      // A row's place in the list: on a phone the cards say it by their order.
      className: 'w-12 tabular-nums max-sm:hidden',
      cell: (_report, index) => offset + index + 1,
    },
    {
      key: 'productId',
      header: r.productId,
      cell: (report) => <code className="text-xs wrap-anywhere">{report.productId}</code>,
    },
    {
      key: 'sellerEmail',
      header: r.sellerEmail,
      cell: (report) => <EmailText email={report.sellerEmail} />,
    },
    { key: 'productName', header: r.productName, rowHeader: true, className: 'font-medium' },
    {
      key: 'reportText',
      header: r.reportText,
      className: 'min-w-48',
      cell: (report) => (
        <div className="flex flex-col gap-1">
          <span className="whitespace-pre-line">
            {report.reportText || <span className="italic text-base-content/75">{r.noText}</span>}
          </span>
          <span className="text-xs text-base-content/75">{r.reportedBy(report.reporterEmail)}</span>
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
              {t.delete}
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
            empty={messages.noProducts}
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
        confirmLabel={t.delete}
        onConfirm={onConfirmRemove}
        onCancel={() => setToRemove(null)}
        busy={remove.isPending}
      />
    </section>
  );
}
