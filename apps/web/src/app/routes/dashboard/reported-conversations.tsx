import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ConversationReport } from '@laptops/shared/conversation-safety';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { paths } from '../../../config/paths.ts';
import { useConversationReports } from '../../../features/admin/api/get-conversation-reports.ts';
import type { ReportStatus } from '../../../features/admin/api/get-reports.ts';
import {
  ADMIN_PAGE_SIZE,
  PagedTable,
} from '../../../features/admin/components/user-list-controls.tsx';
import {
  conversationReportMessages as r,
  resolutionText,
} from '../../../features/admin/conversation-report-messages.ts';
import { formatWhen } from '../../../features/admin/format-when.ts';

/**
 * The reported conversations, newest report first: whom it is about (and which laptop
 * they talked about), the reason and details, who reported it and when, and a link to
 * read that conversation beside its report, where the admin decides. By names only.
 */
export function ReportedConversationsPage() {
  const filterName = useId();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [page, setPage] = useState(1);
  const reports = useConversationReports({ status, page, limit: ADMIN_PAGE_SIZE });

  const columns: DataTableColumn<ConversationReport>[] = [
    {
      key: 'reported',
      header: r.reported,
      rowHeader: true,
      cell: (report) => (
        <div className="flex flex-col">
          <span className="font-medium wrap-anywhere">{report.reportedName}</span>
          <span className="text-sm font-normal text-base-content/70 wrap-anywhere">
            {r.about(report.laptopName)}
          </span>
        </div>
      ),
    },
    {
      key: 'report',
      header: r.report,
      cell: (report) => (
        <div className="flex flex-col gap-1">
          <span className="font-medium">{r.reasons[report.reason]}</span>
          <span className="whitespace-pre-line wrap-anywhere">
            {report.reportText || <span className="italic text-base-content/75">{r.noText}</span>}
          </span>
          <span className="flex flex-col text-xs text-base-content/70">
            <span className="wrap-anywhere">{r.reportedBy(report.reporterName)}</span>
            <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time>
          </span>
        </div>
      ),
    },
    {
      key: 'conversation',
      header: r.conversation,
      phoneLabel: false,
      cell: (report) => (
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.dashboard.reportedConversation.getHref(report._id)}
            className="btn btn-outline btn-sm"
            aria-label={r.openThreadLabel(report.reportedName, report.reporterName)}
          >
            {r.openThread}
          </Link>
          {report.resolved && (
            <span className="badge badge-ghost whitespace-nowrap">{resolutionText(report)}</span>
          )}
        </div>
      ),
    },
  ];

  return (
    <ListPage
      title={r.title}
      controls={
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
                onChange={() => {
                  setStatus(value);
                  setPage(1);
                }}
              />
            ))}
          </div>
        </fieldset>
      }
      query={reports}
      loadFailed={r.loadFailed}
      retryLabel={r.retry}
    >
      {(data) => (
        <PagedTable
          caption={`${r.caption}: ${status === 'open' ? r.open : r.resolved}`}
          columns={columns}
          rows={data.rows}
          rowKey={(report) => report._id}
          empty={status === 'open' ? r.empty : r.emptyResolved}
          page={page}
          limit={ADMIN_PAGE_SIZE}
          total={data.total}
          onPageChange={setPage}
          busy={reports.isPlaceholderData}
        />
      )}
    </ListPage>
  );
}
