import toast from 'react-hot-toast/headless';
import { Link } from 'react-router';
import type { OwnProduct } from '@laptops/shared/products';
import { useFocusReplacement } from '../../../components/ui/use-focus-replacement.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import { paths } from '../../../config/paths.ts';
import { formatPrice, shortDate } from '../../../lib/format.ts';
import { useAdvertiseProduct } from '../../../features/seller/api/advertise-product.ts';
import { useDeleteProduct } from '../../../features/seller/api/delete-product.ts';
import { useMyProducts } from '../../../features/seller/api/get-my-products.ts';
import { VerificationBadge } from '../../../features/seller/components/verification-badge.tsx';
import { myProductsMessages } from '../../../features/seller/messages.ts';

/**
 * My products: the seller's own laptops with their status, each name linking to its
 * page. An available one can be edited, advertised (then shows 'Advertised') and
 * deleted after a confirmation; a sold one offers none of these.
 */
export function MyProductsPage() {
  const t = myProductsMessages;
  const products = useMyProducts();
  const advertise = useAdvertiseProduct();
  const remove = useConfirmedAction({
    mutation: useDeleteProduct(),
    variables: (product: OwnProduct) => product._id,
    success: (product) => t.deleteSuccess(product.name),
    removesRow: true,
  });
  const advertisedFocus = useFocusReplacement();

  const onAdvertise = (product: OwnProduct) => {
    if (advertise.isPending) return;
    advertisedFocus.expect(product._id);
    advertise.mutate(product._id, {
      onSuccess: () => toast.success(t.advertiseSuccess(product.name)),
      onError: (error) => {
        advertisedFocus.forget();
        toast.error(error.message);
      },
    });
  };

  const columns: DataTableColumn<OwnProduct>[] = [
    {
      key: 'name',
      header: t.name,
      rowHeader: true,
      className: 'font-medium',
      cell: (product) => (
        <span className="flex items-center gap-3">
          <img
            src={product.thumbnail}
            alt=""
            width={48}
            height={36}
            loading="lazy"
            decoding="async"
            className="h-9 w-12 shrink-0 rounded object-cover"
          />
          <Link to={paths.laptop.getHref(product._id)} className="link link-hover">
            {product.name}
          </Link>
        </span>
      ),
    },
    {
      key: 'dateOfPost',
      header: t.dateOfPost,
      className: 'whitespace-nowrap',
      cell: (product) => <time dateTime={product.dateOfPost}>{shortDate(product.dateOfPost)}</time>,
    },
    {
      key: 'resalePrice',
      header: t.price,
      className: 'whitespace-nowrap',
      cell: (product) => formatPrice(product.resalePrice),
    },
    {
      key: 'status',
      header: t.status,
      cell: (product) => (
        <span className="flex flex-wrap gap-1">
          {product.isSold ? (
            <span className="badge badge-neutral">{t.sold}</span>
          ) : (
            <span className="badge badge-success">{t.available}</span>
          )}
          {/* Where its verification photo stands; of a sold laptop, only its badge. */}
          {product.verification !== 'none' &&
            (!product.isSold || product.verification === 'approved') && (
              <VerificationBadge status={product.verification} words={t.verification} />
            )}
        </span>
      ),
    },
    {
      key: 'action',
      header: t.action,
      phoneLabel: false,
      cell: (product) =>
        product.isSold ? null : (
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={paths.dashboard.editProduct.getHref(product._id)}
              className="btn btn-outline btn-sm"
              aria-label={t.editLabel(product.name)}
            >
              {t.edit}
            </Link>
            {product.isAdvertise ? (
              <span
                ref={advertisedFocus.ref(product._id)}
                tabIndex={-1}
                className="badge badge-info"
              >
                {t.advertised}
              </span>
            ) : (
              // aria-disabled while saving, not disabled: a disabled button drops the focus.
              <button
                type="button"
                className="btn btn-primary btn-sm"
                aria-label={t.advertiseLabel(product.name)}
                aria-disabled={advertise.isPending || undefined}
                onClick={() => onAdvertise(product)}
              >
                {advertise.isPending && advertise.variables === product._id && (
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                )}
                {t.advertise}
              </button>
            )}
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm"
              aria-label={t.deleteLabel(product.name)}
              onClick={() => remove.ask(product)}
            >
              {t.delete}
            </button>
          </div>
        ),
    },
  ];

  return (
    <ListPage
      title={t.title}
      headingRef={remove.headingRef}
      action={
        <Link to={paths.dashboard.addProduct.getHref()} className="btn btn-primary">
          {t.addProduct}
        </Link>
      }
      query={products}
      loadFailed={t.loadFailed}
      retryLabel={t.retry}
      dialogs={
        <ConfirmDialog
          {...remove.dialogProps}
          title={remove.item ? t.deleteTitle(remove.item.name) : undefined}
          message={t.deleteConfirm}
          confirmLabel={t.delete}
        />
      }
    >
      {(data) => (
        <DataTable
          caption={t.caption}
          columns={columns}
          rows={data}
          rowKey={(product) => product._id}
          empty={t.empty}
          emptyAction={
            <Link to={paths.dashboard.addProduct.getHref()} className="btn btn-primary btn-sm">
              {t.addProduct}
            </Link>
          }
        />
      )}
    </ListPage>
  );
}
