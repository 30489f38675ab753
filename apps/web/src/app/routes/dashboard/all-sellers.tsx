import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import type { AdminUser } from '@laptops/shared/admin';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useFocusReplacement } from '../../../components/ui/use-focus-replacement.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { useDeleteSeller } from '../../../features/admin/api/delete-seller.ts';
import { useUsers } from '../../../features/admin/api/get-users.ts';
import { useVerifySeller } from '../../../features/admin/api/verify-seller.ts';
import {
  PagedTable,
  SearchBox,
  useListControls,
} from '../../../features/admin/components/user-list-controls.tsx';
import { adminMessages } from '../../../features/admin/messages.ts';

/**
 * All sellers: index, picture, name, email, verification and actions. An unverified
 * seller gets a 'Verify' button, a verified one the 'Verified' badge. Both Verify
 * (buyers trust the tick, and it cannot be undone here) and Delete ask first. Paged
 * and searchable on the server.
 */
export function AllSellersPage() {
  const t = adminMessages;
  const s = t.sellers;
  const list = useListControls();
  const sellers = useUsers('sellers', { page: list.page, limit: list.limit, q: list.q });
  const verify = useVerifySeller();
  const deleteSeller = useDeleteSeller();
  const remove = useConfirmedAction({
    mutation: deleteSeller,
    variables: (seller: AdminUser) => seller.email,
    success: (seller) => t.deleteSuccess(seller.name),
    removesRow: true,
  });
  const [toVerify, setToVerify] = useState<AdminUser | null>(null);
  const verifiedFocus = useFocusReplacement();

  const onConfirmVerify = () => {
    if (!toVerify || verify.isPending) return;
    const seller = toVerify;
    // Closed first: focus goes back to the Verify button, and from it to the badge
    // that replaces it.
    setToVerify(null);
    verifiedFocus.expect(seller._id);
    verify.mutate(seller.email, {
      onSuccess: () => toast.success(s.verifySuccess(seller.name)),
      onError: (error) => {
        verifiedFocus.forget();
        toast.error(error.message);
      },
    });
  };

  const offset = sellers.data ? (sellers.data.page - 1) * sellers.data.limit : 0;

  const columns: DataTableColumn<AdminUser>[] = [
    {
      key: 'index',
      header: t.index,
      // A row's place in the list: on a phone the cards say it by their order.
      className: 'w-12 tabular-nums max-sm:hidden',
      cell: (_seller, index) => offset + index + 1,
    },
    {
      key: 'image',
      header: t.image,
      phoneLabel: false,
      cell: (seller) => <Avatar name={seller.name} image={seller.image} size={40} />,
    },
    { key: 'name', header: t.name, rowHeader: true, className: 'font-medium' },
    {
      key: 'email',
      header: t.email,
      cell: (seller) => <EmailText email={seller.email} />,
    },
    {
      key: 'verification',
      header: s.verification,
      cell: (seller) =>
        seller.isVerified ? (
          <span ref={verifiedFocus.ref(seller._id)} tabIndex={-1} className="badge badge-success">
            {s.verified}
          </span>
        ) : (
          // aria-disabled while saving, not disabled: a disabled button drops the focus.
          // Neutral: a privileged action, not a sale (the brand colour) nor a loss (red).
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={s.verifyLabel(seller.name)}
            aria-disabled={verify.isPending || undefined}
            onClick={() => {
              if (!verify.isPending) setToVerify(seller);
            }}
          >
            {verify.isPending && verify.variables === seller.email && (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            )}
            {s.verify}
          </button>
        ),
    },
    {
      key: 'action',
      header: t.action,
      phoneLabel: false,
      cell: (seller) => (
        <button
          type="button"
          className="btn btn-error btn-outline btn-sm"
          aria-label={t.deleteLabel(seller.name)}
          disabled={deleteSeller.isPending}
          onClick={() => remove.ask(seller)}
        >
          {t.delete}
        </button>
      ),
    },
  ];

  return (
    <ListPage
      title={s.title}
      headingRef={remove.headingRef}
      controls={<SearchBox value={list.search} onChange={list.setSearch} />}
      query={sellers}
      loadFailed={s.loadFailed}
      retryLabel={t.retry}
      dialogs={
        <>
          <ConfirmDialog
            {...remove.dialogProps}
            title={remove.item ? t.deleteTitle(remove.item.name) : undefined}
            message={remove.item ? s.deleteConfirm(remove.item.name) : ''}
            confirmLabel={t.delete}
          />
          <ConfirmDialog
            open={toVerify !== null}
            title={toVerify ? s.verifyTitle(toVerify.name) : undefined}
            message={toVerify ? s.verifyConfirm(toVerify.name) : ''}
            confirmLabel={s.verify}
            onConfirm={onConfirmVerify}
            onCancel={() => setToVerify(null)}
            tone="neutral"
          />
        </>
      }
    >
      {(data) => (
        <PagedTable
          caption={s.caption}
          columns={columns}
          rows={data.rows}
          rowKey={(seller) => seller._id}
          empty={list.q ? t.noMatch(list.q) : s.empty}
          page={list.page}
          limit={list.limit}
          total={data.total}
          onPageChange={list.setPage}
          busy={sellers.isPlaceholderData}
        />
      )}
    </ListPage>
  );
}
