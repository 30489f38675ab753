import type { AdminUser } from '@laptops/shared/admin';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { useDeleteBuyer } from '../../../features/admin/api/delete-buyer.ts';
import { useUsers } from '../../../features/admin/api/get-users.ts';
import {
  PagedTable,
  SearchBox,
  useListControls,
} from '../../../features/admin/components/user-list-controls.tsx';
import { adminMessages } from '../../../features/admin/messages.ts';

/**
 * All buyers: index, picture, name, email and actions. Delete asks first. Paged and
 * searchable on the server.
 */
export function AllBuyersPage() {
  const t = adminMessages;
  const b = t.buyers;
  const list = useListControls();
  const buyers = useUsers('buyers', { page: list.page, limit: list.limit, q: list.q });
  const deleteBuyer = useDeleteBuyer();
  const remove = useConfirmedAction({
    mutation: deleteBuyer,
    variables: (buyer: AdminUser) => buyer.email,
    success: (buyer) => t.deleteSuccess(buyer.name),
    removesRow: true,
  });

  const offset = buyers.data ? (buyers.data.page - 1) * buyers.data.limit : 0;

  const columns: DataTableColumn<AdminUser>[] = [
    {
      key: 'index',
      header: t.index,
      // A row's place in the list: on a phone the cards say it by their order.
      className: 'w-12 tabular-nums max-sm:hidden',
      cell: (_buyer, index) => offset + index + 1,
    },
    {
      key: 'image',
      header: t.image,
      phoneLabel: false,
      cell: (buyer) => <Avatar name={buyer.name} image={buyer.image} size={40} />,
    },
    { key: 'name', header: t.name, rowHeader: true, className: 'font-medium' },
    {
      key: 'email',
      header: t.email,
      cell: (buyer) => <EmailText email={buyer.email} />,
    },
    {
      key: 'action',
      header: t.action,
      phoneLabel: false,
      cell: (buyer) => (
        <button
          type="button"
          className="btn btn-error btn-outline btn-sm"
          aria-label={t.deleteLabel(buyer.name)}
          disabled={deleteBuyer.isPending}
          onClick={() => remove.ask(buyer)}
        >
          {t.delete}
        </button>
      ),
    },
  ];

  return (
    <ListPage
      title={b.title}
      headingRef={remove.headingRef}
      controls={<SearchBox value={list.search} onChange={list.setSearch} />}
      query={buyers}
      loadFailed={b.loadFailed}
      retryLabel={t.retry}
      dialogs={
        <ConfirmDialog
          {...remove.dialogProps}
          title={remove.item ? t.deleteTitle(remove.item.name) : undefined}
          message={remove.item ? b.deleteConfirm(remove.item.name) : ''}
          confirmLabel={t.delete}
        />
      }
    >
      {(data) => (
        <PagedTable
          caption={b.caption}
          columns={columns}
          rows={data.rows}
          rowKey={(buyer) => buyer._id}
          empty={list.q ? t.noMatch(list.q) : b.empty}
          page={list.page}
          limit={list.limit}
          total={data.total}
          onPageChange={list.setPage}
          busy={buyers.isPlaceholderData}
        />
      )}
    </ListPage>
  );
}
