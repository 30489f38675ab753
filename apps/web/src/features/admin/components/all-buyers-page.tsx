import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import type { AdminUser } from '@laptops/shared/admin';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useHeadingFocusAfterClose } from '../../../components/ui/use-heading-focus.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { useDeleteBuyer } from '../api/delete-buyer.ts';
import { useUsers } from '../api/get-users.ts';
import { ListError, Pager, SearchBox, useListControls } from './user-list-controls.tsx';
import { adminMessages } from '../messages.ts';

/**
 * All buyers: index, picture, name, email and actions. Delete asks first. Paged and
 * searchable on the server.
 */
export function AllBuyersPage() {
  const t = adminMessages;
  const b = t.buyers;
  const list = useListControls();
  const buyers = useUsers('buyers', { page: list.page, limit: list.limit, q: list.q });
  const remove = useDeleteBuyer();
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const { headingRef, focusHeadingOnClose } = useHeadingFocusAfterClose(toDelete !== null);

  const onConfirmDelete = () => {
    if (!toDelete) return;
    const buyer = toDelete;
    remove.mutate(buyer.email, {
      onSuccess: () => {
        toast.success(t.deleteSuccess(buyer.name));
        focusHeadingOnClose();
        setToDelete(null);
      },
      onError: (error) => {
        toast.error(error.message);
        setToDelete(null);
      },
    });
  };

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
          disabled={remove.isPending}
          onClick={() => setToDelete(buyer)}
        >
          {t.delete}
        </button>
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
        {b.title}
      </h1>

      <SearchBox value={list.search} onChange={list.setSearch} />

      {buyers.isPending ? (
        <Spinner />
      ) : buyers.isError ? (
        <ListError text={b.loadFailed} error={buyers.error} onRetry={() => void buyers.refetch()} />
      ) : (
        <div
          aria-busy={buyers.isPlaceholderData || undefined}
          className={buyers.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          <DataTable
            caption={b.caption}
            columns={columns}
            rows={buyers.data.rows}
            rowKey={(buyer) => buyer._id}
            empty={list.q ? t.noMatch(list.q) : b.empty}
          />
          <Pager
            page={list.page}
            limit={list.limit}
            total={buyers.data.total}
            onPageChange={list.setPage}
            busy={buyers.isPlaceholderData}
          />
        </div>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? t.deleteTitle(toDelete.name) : undefined}
        message={toDelete ? b.deleteConfirm(toDelete.name) : ''}
        confirmLabel={t.delete}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
        busy={remove.isPending}
      />
    </section>
  );
}
