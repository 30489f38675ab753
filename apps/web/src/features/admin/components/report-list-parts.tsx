import { useId } from 'react';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import type { ReportStatus } from '../api/get-reports.ts';
import { formatWhen } from '../format-when.ts';
import { ADMIN_PAGE_SIZE, PagedTable } from './user-list-controls.tsx';

type StatusTexts = { open: string; resolved: string };

/** Open or resolved reports: the toggle above an admin's report list. */
export function ReportStatusFilter({
  status,
  onChange,
  texts,
}: {
  status: ReportStatus;
  onChange: (status: ReportStatus) => void;
  texts: StatusTexts & { filter: string };
}) {
  const name = useId();
  return (
    <fieldset className="mb-4">
      <legend className="sr-only">{texts.filter}</legend>
      <div className="join">
        {(['open', 'resolved'] as const).map((value) => (
          <input
            key={value}
            type="radio"
            name={name}
            value={value}
            className="btn join-item btn-sm"
            aria-label={value === 'open' ? texts.open : texts.resolved}
            checked={status === value}
            onChange={() => onChange(value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A report in a list's cell: what is wrong (the reason, then the details), then who
 * says so and when, as a note is signed.
 */
export function ReportNote({
  report,
  reason,
  texts,
}: {
  report: { reportText: string; reporterName: string; createdAt: string };
  /** The reason's words. */
  reason: string;
  texts: { noText: string; reportedBy: (name: string) => string };
}) {
  return (
    <div className="flex flex-col gap-1">
      <span className="font-medium">{reason}</span>
      <span className="whitespace-pre-line wrap-anywhere">
        {report.reportText || <span className="italic text-base-content/75">{texts.noText}</span>}
      </span>
      <span className="flex flex-col text-xs text-base-content/70">
        <span className="wrap-anywhere">{texts.reportedBy(report.reporterName)}</span>
        <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time>
      </span>
    </div>
  );
}

/**
 * A page of reports, open or resolved as the filter says: its caption names which, and
 * an empty page says there are none of those.
 */
export function ReportTable<Row extends { _id: string }>({
  status,
  texts,
  columns,
  data,
  page,
  onPageChange,
  busy,
}: {
  status: ReportStatus;
  texts: StatusTexts & { caption: string; empty: string; emptyResolved: string };
  columns: DataTableColumn<Row>[];
  data: { rows: Row[]; total: number };
  page: number;
  onPageChange: (page: number) => void;
  /** The next page is loading. */
  busy: boolean;
}) {
  return (
    <PagedTable
      caption={`${texts.caption}: ${status === 'open' ? texts.open : texts.resolved}`}
      columns={columns}
      rows={data.rows}
      rowKey={(report) => report._id}
      empty={status === 'open' ? texts.empty : texts.emptyResolved}
      page={page}
      limit={ADMIN_PAGE_SIZE}
      total={data.total}
      onPageChange={onPageChange}
      busy={busy}
    />
  );
}
