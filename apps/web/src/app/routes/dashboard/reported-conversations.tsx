import { Link } from 'react-router';
import type { ConversationReport } from '@laptops/shared/conversation-safety';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useConversationReports } from '../../../features/admin/api/get-conversation-reports.ts';
import {
  conversationReportMessages as r,
  resolutionText,
} from '../../../features/admin/conversation-report-messages.ts';
import {
  ReportListPage,
  reportColumn,
  useReportFilter,
} from '../../../features/admin/components/report-list-parts.tsx';

/**
 * The reported conversations, newest report first: whom it is about (and which laptop
 * they talked about), the reason and details, who reported it and when, and a link to
 * read that conversation beside its report, where the admin decides. By names only.
 */
export function ReportedConversationsPage() {
  const filter = useReportFilter();
  const reports = useConversationReports(filter.params);

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
    reportColumn(r),
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
    <ReportListPage
      filter={filter}
      query={reports}
      texts={r}
      retryLabel={r.retry}
      columns={columns}
    />
  );
}
