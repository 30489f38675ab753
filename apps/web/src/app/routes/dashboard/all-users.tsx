import type { AdminUser } from '@laptops/shared/admin';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { useDeleteUser } from '../../../features/admin/api/delete-user.ts';
import { useUsers } from '../../../features/admin/api/get-users.ts';
import { useMakeAdmin } from '../../../features/admin/api/make-admin.ts';
import {
  PagedTable,
  SearchBox,
  useListControls,
} from '../../../features/admin/components/user-list-controls.tsx';
import { adminMessages } from '../../../features/admin/messages.ts';
import { useSession } from '../../../lib/get-session.ts';

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
  const makeAdmin = useMakeAdmin();
  const deleteUser = useDeleteUser();
  const remove = useConfirmedAction({
    mutation: deleteUser,
    variables: (user: AdminUser) => user.email,
    success: (user) => t.deleteSuccess(user.name),
    removesRow: true,
  });
  // Making an admin cannot be undone from here, so it is confirmed too.
  const promote = useConfirmedAction({
    mutation: makeAdmin,
    variables: (user: AdminUser) => user.email,
    success: (user) => u.makeAdminSuccess(user.name),
  });

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
              disabled={makeAdmin.isPending}
              onClick={() => promote.ask(user)}
            >
              {makeAdmin.isPending && makeAdmin.variables === user.email && (
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
              disabled={deleteUser.isPending}
              onClick={() => remove.ask(user)}
            >
              {t.delete}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <ListPage
      title={u.title}
      headingRef={remove.headingRef}
      controls={<SearchBox value={list.search} onChange={list.setSearch} />}
      query={users}
      loadFailed={u.loadFailed}
      retryLabel={t.retry}
      dialogs={
        <>
          <ConfirmDialog
            {...remove.dialogProps}
            title={remove.item ? t.deleteTitle(remove.item.name) : undefined}
            message={remove.item ? u.deleteConfirm(remove.item.name) : ''}
            confirmLabel={t.delete}
          />
          <ConfirmDialog
            {...promote.dialogProps}
            title={promote.item ? u.makeAdminTitle(promote.item.name) : undefined}
            message={promote.item ? u.makeAdminConfirm(promote.item.name) : ''}
            confirmLabel={u.makeAdmin}
            tone="neutral"
          />
        </>
      }
    >
      {(data) => (
        <PagedTable
          caption={u.caption}
          columns={columns}
          rows={data.rows}
          rowKey={(user) => user._id}
          empty={list.q ? t.noMatch(list.q) : u.empty}
          page={list.page}
          limit={list.limit}
          total={data.total}
          onPageChange={list.setPage}
          busy={users.isPlaceholderData}
        />
      )}
    </ListPage>
  );
}

/** /dashboard/allusers: the admin's own row offers no Delete (the server refuses it). */
export function AllUsersRoute() {
  const { data: viewer } = useSession();
  return <AllUsersPage viewerId={viewer?.id} />;
}
