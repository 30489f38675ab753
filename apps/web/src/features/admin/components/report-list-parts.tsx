import { useId, useState, type ReactNode, type Ref } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import type { ReportStatus } from '../api/get-reports.ts';
import { formatWhen } from '../format-when.ts';
import { ADMIN_PAGE_SIZE, PagedTable } from './user-list-controls.tsx';

/** Which reports a list shows and its page; choosing open or resolved starts at page 1. */
export function useReportFilter() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [page, setPage] = useState(1);
  return {
    status,
    page,
    setPage,
    setStatus: (next: ReportStatus) => {
      setStatus(next);
      setPage(1);
    },
    /** What the list's query asks the server for. */
    params: { status, page, limit: ADMIN_PAGE_SIZE },
  };
}

type ReportFilter = ReturnType<typeof useReportFilter>;

type ReportListTexts = {
  title: string;
  /** The filter's legend, read to screen readers. */
  filter: string;
  open: string;
  resolved: string;
  caption: string;
  empty: string;
  emptyResolved: string;
  loadFailed: string;
};

/**
 * An admin's list of reports: the heading, the Open/Resolved filter, then a page of
 * reports as the filter says, the table's caption naming which, and an empty page saying
 * there are none of those (or the load error and a retry).
 */
export function ReportListPage<Row extends { _id: string }>({
  filter,
  query,
  texts,
  retryLabel,
  columns,
  headingRef,
  dialogs,
}: {
  filter: ReportFilter;
  query: UseQueryResult<{ rows: Row[]; total: number }, Error>;
  texts: ReportListTexts;
  retryLabel: string;
  columns: DataTableColumn<Row>[];
  headingRef?: Ref<HTMLHeadingElement>;
  /** The confirmation dialogs of the rows' actions. */
  dialogs?: ReactNode;
}) {
  const { status } = filter;
  return (
    <ListPage
      title={texts.title}
      headingRef={headingRef}
      controls={<ReportStatusFilter status={status} onChange={filter.setStatus} texts={texts} />}
      query={query}
      loadFailed={texts.loadFailed}
      retryLabel={retryLabel}
      dialogs={dialogs}
    >
      {(data) => (
        <PagedTable
          caption={`${texts.caption}: ${status === 'open' ? texts.open : texts.resolved}`}
          columns={columns}
          rows={data.rows}
          rowKey={(report) => report._id}
          empty={status === 'open' ? texts.empty : texts.emptyResolved}
          page={filter.page}
          limit={ADMIN_PAGE_SIZE}
          total={data.total}
          onPageChange={filter.setPage}
          busy={query.isPlaceholderData}
        />
      )}
    </ListPage>
  );
}

/** Open or resolved reports: the toggle above an admin's report list. */
function ReportStatusFilter({
  status,
  onChange,
  texts,
}: {
  status: ReportStatus;
  onChange: (status: ReportStatus) => void;
  texts: { filter: string; open: string; resolved: string };
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

type NotedReport<Reason extends string> = {
  reason: Reason;
  reportText: string;
  reporterName: string;
  createdAt: string;
};

/**
 * The 'Report' column: what is wrong (the reason, then the details), then who says so
 * and when, as a note is signed.
 */
export function reportColumn<Reason extends string, Row extends NotedReport<Reason>>(texts: {
  report: string;
  reasons: Record<Reason, string>;
  noText: string;
  reportedBy: (name: string) => string;
}): DataTableColumn<Row> {
  return {
    key: 'report',
    header: texts.report,
    cell: (report) => (
      <div className="flex flex-col gap-1">
        <span className="font-medium">{texts.reasons[report.reason]}</span>
        <span className="whitespace-pre-line wrap-anywhere">
          {report.reportText || <span className="italic text-base-content/75">{texts.noText}</span>}
        </span>
        <span className="flex flex-col text-xs text-base-content/70">
          <span className="wrap-anywhere">{texts.reportedBy(report.reporterName)}</span>
          <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time>
        </span>
      </div>
    ),
  };
}
