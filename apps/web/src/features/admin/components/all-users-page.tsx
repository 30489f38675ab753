import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import type { AdminUser } from '@laptops/shared/admin';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useHeadingFocusAfterClose } from '../../../components/ui/use-heading-focus.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/get-users.ts';
import { useMakeAdmin } from '../api/make-admin.ts';
import { ListError, Pager, SearchBox, useListControls } from './user-list-controls.tsx';
import { adminMessages } from '../messages.ts';

/**
 * All users: index, picture, name, email, account type and actions. Buyers and
 * sellers get 'Make admin' (admins have no such button); anyone can be deleted after
 * a confirmation, except the admin looking at the list. The server refuses deleting
 * yourself or the last admin, and its reason is shown as an error toast.
 */
export function AllUsersPage({ viewerId }: { viewerId?: string }) {
  const t = adminMessages;
  const u = t.users;
  const list = useListControls();
  const users = useUsers('users', { page: list.page, limit: list.limit, q: list.q });
  const promote = useMakeAdmin();
  const remove = useDeleteUser();
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  // Making an admin cannot be undone from here, so it is confirmed too.
  const [toPromote, setToPromote] = useState<AdminUser | null>(null);
  const { headingRef, focusHeadingOnClose } = useHeadingFocusAfterClose(toDelete !== null);

  const onConfirmMakeAdmin = () => {
    if (!toPromote) return;
    const user = toPromote;
    promote.mutate(user.email, {
      onSuccess: () => toast.success(u.makeAdminSuccess(user.name)),
      onError: (error) => toast.error(error.message),
      onSettled: () => setToPromote(null),
    });
  };

  const onConfirmDelete = () => {
    if (!toDelete) return;
    const user = toDelete;
    remove.mutate(user.email, {
      onSuccess: () => {
        toast.success(t.deleteSuccess(user.name));
        focusHeadingOnClose();
        setToDelete(null);
      },
      onError: (error) => {
        toast.error(error.message);
        setToDelete(null);
      },
    });
  };

  const offset = users.data ? (users.data.page - 1) * users.data.limit : 0;

  const columns: DataTableColumn<AdminUser>[] = [
    {
      key: 'index',
      header: t.index,
      // A row's place in the list: on a phone the cards say it by their order.
      className: 'w-12 tabular-nums max-sm:hidden',
      cell: (_user, index) => offset + index + 1,
    },
    {
      key: 'image',
      header: t.image,
      phoneLabel: false,
      cell: (user) => <Avatar name={user.name} image={user.image} size={40} />,
    },
    { key: 'name', header: t.name, rowHeader: true, className: 'font-medium' },
    {
      key: 'email',
      header: t.email,
      cell: (user) => <EmailText email={user.email} />,
    },
    {
      key: 'typeOfUser',
      header: u.userType,
      cell: (user) =>
        user.typeOfUser === 'admin' ? (
          <span className="badge badge-accent">{u.types.admin}</span>
        ) : (
          u.types[user.typeOfUser]
        ),
    },
    {
      key: 'action',
      header: t.action,
      phoneLabel: false,
      cell: (user) => (
        <div className="flex flex-wrap items-center gap-2">
          {user.typeOfUser !== 'admin' && (
            // Neutral: a privileged action, not a sale (the brand colour) nor a loss (red).
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-label={u.makeAdminLabel(user.name)}
              disabled={promote.isPending}
              onClick={() => setToPromote(user)}
            >
              {promote.isPending && promote.variables === user.email && (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              )}
              {u.makeAdmin}
            </button>
          )}
          {/* No one deletes their own account from here: the server refuses it. */}
          {user._id !== viewerId && (
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm"
              aria-label={t.deleteLabel(user.name)}
              disabled={remove.isPending}
              onClick={() => setToDelete(user)}
            >
              {t.delete}
            </button>
          )}
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
        {u.title}
      </h1>

      <SearchBox value={list.search} onChange={list.setSearch} />

      {users.isPending ? (
        <Spinner />
      ) : users.isError ? (
        <ListError text={u.loadFailed} error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <div
          aria-busy={users.isPlaceholderData || undefined}
          className={users.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          <DataTable
            caption={u.caption}
            columns={columns}
            rows={users.data.rows}
            rowKey={(user) => user._id}
            empty={list.q ? t.noMatch(list.q) : u.empty}
          />
          <Pager
            page={list.page}
            limit={list.limit}
            total={users.data.total}
            onPageChange={list.setPage}
            busy={users.isPlaceholderData}
          />
        </div>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? t.deleteTitle(toDelete.name) : undefined}
        message={toDelete ? u.deleteConfirm(toDelete.name) : ''}
        confirmLabel={t.delete}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
        busy={remove.isPending}
      />
      <ConfirmDialog
        open={toPromote !== null}
        title={toPromote ? u.makeAdminTitle(toPromote.name) : undefined}
        message={toPromote ? u.makeAdminConfirm(toPromote.name) : ''}
        confirmLabel={u.makeAdmin}
        onConfirm={onConfirmMakeAdmin}
        onCancel={() => setToPromote(null)}
        busy={promote.isPending}
        tone="neutral"
      />
    </section>
  );
}
