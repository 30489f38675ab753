import { Link } from 'react-router';
import toast from 'react-hot-toast/headless';
import type { Report } from '@laptops/shared/reports';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useDismissReport } from '../../../features/admin/api/dismiss-report.ts';
import { useReports } from '../../../features/admin/api/get-reports.ts';
import { useRemoveReportedProduct } from '../../../features/admin/api/remove-reported-product.ts';
import { adminMessages } from '../../../features/admin/messages.ts';
import {
  ReportListPage,
  reportColumn,
  useReportFilter,
} from '../../../features/admin/components/report-list-parts.tsx';

/**
 * The reported laptops, newest report first: each laptop as it is now (picture, name
 * linking to it, price, for sale / sold / removed) with its seller's name, the reason
 * and details, and who reported it when (by name: no contact details here). 'Remove laptop' takes it off the marketplace
 * (after a confirmation) and resolves all its reports; 'Dismiss' resolves the report
 * and keeps the laptop. Resolved reports leave the open list; the filter shows them
 * with their resolution. On a phone each report is a card.
 */
export function ReportsPage() {
  const t = adminMessages;
  const r = t.reports;
  const filter = useReportFilter();
  const reports = useReports(filter.params);
  const dismiss = useDismissReport();
  const removeProduct = useRemoveReportedProduct();
  const remove = useConfirmedAction({
    mutation: removeProduct,
    variables: (report: Report) => report._id,
    success: () => r.removeSuccess,
    removesRow: true,
  });

  const onDismiss = (report: Report) =>
    dismiss.mutate(report._id, {
      onSuccess: () => {
        toast.success(r.dismissSuccess);
        remove.headingRef.current?.focus();
      },
      onError: (error) => toast.error(error.message),
    });

  const busy = dismiss.isPending || removeProduct.isPending;

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
            <Link to={paths.laptop.getHref(report.productId)} className="link wrap-anywhere">
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
      cell: (report) => <span className="wrap-anywhere">{report.sellerName}</span>,
    },
    reportColumn(r),
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
              onClick={() => remove.ask(report)}
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
    <ReportListPage
      filter={filter}
      query={reports}
      texts={r}
      retryLabel={t.retry}
      columns={columns}
      headingRef={remove.headingRef}
      dialogs={
        <ConfirmDialog
          {...remove.dialogProps}
          title={remove.item ? r.removeTitle(remove.item.productName) : undefined}
          message={remove.item ? r.removeConfirm(remove.item.productName) : ''}
          confirmLabel={r.removeConfirmLabel}
        />
      }
    />
  );
}
