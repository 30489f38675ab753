import { Link } from 'react-router';
import type { Order, OrderStatus } from '@laptops/shared/orders';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useCancelOrder } from '../../../features/orders/api/cancel-order.ts';
import { useMyOrders } from '../../../features/orders/api/get-my-orders.ts';
import { myOrdersMessages } from '../../../features/orders/messages.ts';

const badges: Record<Exclude<OrderStatus, 'unpaid'>, string> = {
  paid: 'badge-info',
  disputed: 'badge-error',
  completed: 'badge-success',
  refunded: 'badge-warning',
  'partly-refunded': 'badge-warning',
  'sold-to-another': 'badge-neutral',
  withdrawn: 'badge-ghost',
};

/** Bookings that may still be cancelled: not paid (the laptop may have gone meanwhile). */
const cancellable = new Set<OrderStatus>(['unpaid', 'sold-to-another', 'withdrawn']);

/**
 * What the Status column shows: a Pay link while unpaid, else a badge saying where the
 * deal stands (its meaning in the tooltip).
 */
function StatusAction({ order }: { order: Order }) {
  const t = myOrdersMessages;
  if (order.status === 'unpaid') {
    return (
      <Link
        to={paths.dashboard.payment.getHref(order._id)}
        className="btn btn-primary btn-sm"
        aria-label={t.payLabel(order.productName)}
      >
        {t.pay}
      </Link>
    );
  }
  const { label, hint } = t.statuses[order.status];
  return (
    <span className={`badge ${badges[order.status]}`} title={hint}>
      {label}
    </span>
  );
}

/**
 * My orders: the buyer's bookings, each linking to its order page. 'Pay now' while
 * unpaid; once paid, whether the money is held, went to the seller or came back; 'Sold'
 * when another buyer bought the laptop, 'Withdrawn' when the seller took it away. Any
 * booking not paid can be cancelled, once confirmed.
 */
export function MyOrdersPage() {
  const t = myOrdersMessages;
  const orders = useMyOrders();
  const cancel = useConfirmedAction({
    mutation: useCancelOrder(),
    variables: (order: Order) => order._id,
    success: () => t.cancelSuccess,
    removesRow: true,
  });

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
          {cancellable.has(order.status) && (
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm"
              aria-label={t.cancelLabel(order.productName)}
              onClick={() => cancel.ask(order)}
            >
              {t.cancel}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <ListPage
      title={t.title}
      headingRef={cancel.headingRef}
      query={orders}
      loadFailed={t.loadFailed}
      retryLabel={t.retry}
      dialogs={
        <ConfirmDialog
          {...cancel.dialogProps}
          title={cancel.item ? t.cancelTitle(cancel.item.productName) : undefined}
          message={t.cancelConfirm}
          confirmLabel={t.cancel}
          cancelLabel={t.keep}
        />
      }
    >
      {(data) => (
        <DataTable
          caption={t.caption}
          columns={columns}
          rows={data}
          rowKey={(order) => order._id}
          empty={t.empty}
          emptyAction={
            <Link to={paths.search.getHref()} className="btn btn-primary btn-sm">
              {t.browse}
            </Link>
          }
        />
      )}
    </ListPage>
  );
}
