import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'react-router';
import type { Order } from '@laptops/shared/orders';
import { useHeadingFocusAfterClose } from '../../../components/ui/use-heading-focus.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { myOrdersMessages } from '../messages.ts';

/**
 * What the Action column shows for each order status: a Pay link while unpaid, 'Paid'
 * once paid, 'Sold' when another buyer paid first, 'Withdrawn' when the seller took the
 * laptop off the marketplace.
 */
function StatusAction({ order }: { order: Order }) {
  const t = myOrdersMessages;
  switch (order.status) {
    case 'unpaid':
      return (
        <Link
          to={paths.dashboard.payment.getHref(order._id)}
          className="btn btn-primary btn-sm"
          aria-label={t.payLabel(order.productName)}
        >
          {t.pay}
        </Link>
      );
    case 'paid':
      return <span className="badge badge-success">{t.paid}</span>;
    case 'sold-to-another':
      return (
        <span className="badge badge-neutral" title={t.soldHint}>
          {t.sold}
        </span>
      );
    case 'withdrawn':
      return (
        <span className="badge badge-ghost" title={t.withdrawnHint}>
          {t.withdrawn}
        </span>
      );
  }
}

/**
 * My orders: the buyer's bookings, each linking to its order page. 'Pay now' while
 * unpaid, 'Paid' once paid, 'Sold' when another buyer bought the laptop, 'Withdrawn'
 * when the seller took it away. Any booking not paid can be cancelled, once confirmed.
 */
export function MyOrdersPage() {
  const t = myOrdersMessages;
  const orders = useMyOrders();
  const cancel = useCancelOrder();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const { headingRef, focusHeadingOnClose } = useHeadingFocusAfterClose(toCancel !== null);

  const onConfirmCancel = () => {
    if (!toCancel) return;
    cancel.mutate(toCancel._id, {
      onSuccess: () => {
        toast.success(t.cancelSuccess);
        focusHeadingOnClose();
        setToCancel(null);
      },
      onError: (error) => {
        toast.error(error.message);
        setToCancel(null);
      },
    });
  };

  const columns: DataTableColumn<Order>[] = [
    {
      key: 'productName',
      header: t.productName,
      rowHeader: true,
      className: 'font-medium',
      cell: (order) => (
        <span className="flex items-center gap-3">
          <img
            src={order.thumbnail}
            alt=""
            width={48}
            height={36}
            loading="lazy"
            decoding="async"
            className="h-9 w-12 shrink-0 rounded object-cover"
          />
          <Link
            to={paths.dashboard.order.getHref(order._id)}
            className="link link-hover"
            aria-label={t.detailsLabel(order.productName)}
          >
            {order.productName}
          </Link>
        </span>
      ),
    },
    { key: 'sellerName', header: t.seller },
    {
      key: 'price',
      header: t.price,
      className: 'whitespace-nowrap',
      cell: (order) => formatPrice(order.price),
    },
    {
      key: 'action',
      header: t.action,
      phoneLabel: false,
      cell: (order) => (
        <div className="flex flex-wrap items-center gap-2">
          <StatusAction order={order} />
          {order.status !== 'paid' && (
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm"
              aria-label={t.cancelLabel(order.productName)}
              onClick={() => setToCancel(order)}
            >
              {t.cancel}
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
        {t.title}
      </h1>

      {orders.isPending ? (
        <Spinner />
      ) : orders.isError ? (
        <div role="alert" className="alert alert-error">
          <span>
            {t.loadFailed} {orders.error.message}
          </span>
          <button type="button" className="btn btn-sm" onClick={() => void orders.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : (
        <DataTable
          caption={t.caption}
          columns={columns}
          rows={orders.data}
          rowKey={(order) => order._id}
          empty={t.empty}
          emptyAction={
            <Link to={paths.search.getHref()} className="btn btn-primary btn-sm">
              {t.browse}
            </Link>
          }
        />
      )}

      <ConfirmDialog
        open={toCancel !== null}
        title={toCancel ? t.cancelTitle(toCancel.productName) : undefined}
        message={t.cancelConfirm}
        confirmLabel={t.cancel}
        cancelLabel={t.keep}
        onConfirm={onConfirmCancel}
        onCancel={() => setToCancel(null)}
        busy={cancel.isPending}
      />
    </section>
  );
}
