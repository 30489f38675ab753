import { useState } from 'react';
import { Link } from 'react-router';
import { disputeReasonText, type DisputeSummary } from '@laptops/shared/disputes';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useDisputes } from '../../../features/admin/api/get-disputes.ts';
import {
  ADMIN_PAGE_SIZE,
  PagedTable,
} from '../../../features/admin/components/user-list-controls.tsx';
import {
  disputeConsoleMessages as m,
  waitingFor,
} from '../../../features/admin/dispute-messages.ts';
import { formatWhen } from '../../../features/admin/format-when.ts';

const t = m.list;

/**
 * /dashboard/disputes: the admins' dispute console. Open disputes first, the longest
 * waiting first, with how long and how much is held; then the settled ones.
 */
export function DisputesPage() {
  const [page, setPage] = useState(1);
  const disputes = useDisputes({ status: 'all', page, limit: ADMIN_PAGE_SIZE });

  const columns: DataTableColumn<DisputeSummary>[] = [
    {
      key: 'laptop',
      header: t.laptop,
      rowHeader: true,
      cell: (dispute) => (
        <div className="flex flex-col">
          <span className="font-medium wrap-anywhere">{dispute.laptopName}</span>
          <span className="text-sm font-normal text-base-content/70 wrap-anywhere">
            {t.between(dispute.buyerName, dispute.sellerName)}
          </span>
        </div>
      ),
    },
    { key: 'reason', header: t.reason, cell: (dispute) => disputeReasonText[dispute.reason] },
    {
      key: 'waiting',
      header: t.waiting,
      cell: (dispute) =>
        dispute.settled ? (
          <span className="text-base-content/70">
            {t.settledOn(formatWhen(dispute.settled.at))}
          </span>
        ) : (
          <time dateTime={dispute.openedAt} title={formatWhen(dispute.openedAt)}>
            {waitingFor(dispute.openedAt)}
          </time>
        ),
    },
    {
      key: 'held',
      header: t.held,
      cell: (dispute) => <span className="tabular-nums">{formatPrice(dispute.held)}</span>,
    },
    {
      key: 'status',
      header: t.status,
      phoneLabel: false,
      cell: (dispute) => (
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`badge whitespace-nowrap ${dispute.settled ? 'badge-ghost' : 'badge-warning'}`}
          >
            {dispute.settled ? m.outcomes[dispute.settled.outcome] : t.open}
          </span>
          <Link
            to={paths.dashboard.dispute.getHref(dispute._id)}
            className={`btn btn-sm ${dispute.settled ? 'btn-outline' : 'btn-primary'}`}
            aria-label={t.openLabel(dispute.laptopName)}
          >
            {dispute.settled ? t.viewLink : t.settleLink}
          </Link>
        </div>
      ),
    },
  ];

  return (
    <ListPage
      title={t.title}
      controls={<p className="mb-4 max-w-prose text-base-content/80">{t.intro}</p>}
      query={disputes}
      loadFailed={t.loadFailed}
      retryLabel={t.retry}
    >
      {(data) => (
        <PagedTable
          caption={t.caption}
          columns={columns}
          rows={data.rows}
          rowKey={(dispute) => dispute._id}
          empty={t.empty}
          page={page}
          limit={ADMIN_PAGE_SIZE}
          total={data.total}
          onPageChange={setPage}
          busy={disputes.isPlaceholderData}
        />
      )}
    </ListPage>
  );
}
