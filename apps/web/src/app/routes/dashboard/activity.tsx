import { useState } from 'react';
import type { AdminActivity } from '@laptops/shared/admin';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { useActivity } from '../../../features/admin/api/get-activity.ts';
import {
  ADMIN_PAGE_SIZE,
  PagedTable,
} from '../../../features/admin/components/user-list-controls.tsx';
import { formatWhen } from '../../../features/admin/format-when.ts';
import { adminMessages } from '../../../features/admin/messages.ts';

/** The admin activity log, newest first: when, which admin, what they did and on whom. */
export function ActivityPage() {
  const t = adminMessages.activity;
  const [page, setPage] = useState(1);
  const activity = useActivity({ page, limit: ADMIN_PAGE_SIZE });

  const columns: DataTableColumn<AdminActivity>[] = [
    {
      key: 'createdAt',
      header: t.when,
      rowHeader: true,
      className: 'whitespace-nowrap font-normal',
      cell: (entry) => <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>,
    },
    {
      key: 'admin',
      header: t.admin,
      cell: (entry) => (
        <div className="flex flex-col">
          <span className="font-medium">{entry.adminName}</span>
          <EmailText email={entry.adminEmail} className="text-xs text-base-content/70" />
        </div>
      ),
    },
    { key: 'action', header: t.action, cell: (entry) => t.actions[entry.action] },
    {
      key: 'target',
      header: t.on,
      cell: (entry) => <span className="wrap-anywhere">{entry.target}</span>,
    },
  ];

  return (
    <ListPage
      title={t.title}
      query={activity}
      loadFailed={t.loadFailed}
      retryLabel={adminMessages.retry}
    >
      {(data) => (
        <PagedTable
          caption={t.caption}
          columns={columns}
          rows={data.rows}
          rowKey={(entry) => entry._id}
          empty={t.empty}
          page={page}
          limit={ADMIN_PAGE_SIZE}
          total={data.total}
          onPageChange={setPage}
          busy={activity.isPlaceholderData}
        />
      )}
    </ListPage>
  );
}
