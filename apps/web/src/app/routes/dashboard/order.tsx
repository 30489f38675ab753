import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useParams } from 'react-router';
import type { OrderDetails, OrderPageStatus } from '@laptops/shared/orders';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RecordLoadError } from '../../../components/ui/record-load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useHeadingFocusAfterClose } from '../../../components/ui/use-heading-focus.ts';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useCancelOrder } from '../../../features/orders/api/cancel-order.ts';
import { useOrder } from '../../../features/orders/api/get-order.ts';
import { orderPageMessages as t } from '../../../features/orders/order-page-messages.ts';

const statusBadge: Record<OrderPageStatus, string> = {
  booked: 'badge-info',
  paid: 'badge-success',
  disputed: 'badge-error',
  completed: 'badge-success',
  'partly-refunded': 'badge-warning',
  cancelled: 'badge-ghost',
  refunded: 'badge-warning',
  'sold-to-another': 'badge-neutral',
  withdrawn: 'badge-neutral',
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : t.notYet);

/**
 * /dashboard/orders/:id: one booking, for its buyer and for the laptop's seller: where
 * it stands, the receipt, how to reach each other and what to do next.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);

  if (order.isPending) return <Spinner />;
  if (order.isError) {
    return (
      <RecordLoadError
        error={order.error}
        texts={t}
        retry={{ label: t.retry, onRetry: () => void order.refetch() }}
      />
    );
  }
  return <OrderDetailsView order={order.data} />;
}

function OrderDetailsView({ order }: { order: OrderDetails }) {
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  const { headingRef, focusHeadingOnClose } = useHeadingFocusAfterClose(confirming);
  const other = order.viewerIs === 'buyer' ? order.seller : order.buyer;

  const onConfirmCancel = () =>
    cancel.mutate(order._id, {
      onSuccess: () => {
        toast.success(t.cancelled);
        focusHeadingOnClose();
        setConfirming(false);
      },
      onError: (error) => {
        toast.error(error.message);
        setConfirming(false);
      },
    });

  return (
    <section className="flex w-full max-w-4xl flex-col gap-6">
      <div className="flex items-start gap-4">
        <img
          src={order.product.thumbnail}
          alt=""
          width={128}
          height={96}
          className="aspect-[4/3] w-24 shrink-0 rounded-box bg-base-200 object-cover sm:w-32"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-bold wrap-anywhere outline-none sm:text-3xl"
          >
            {t.title(order.product.name)}
          </h1>
          <p>
            <span className={`badge ${statusBadge[order.status]}`}>{t.status[order.status]}</span>
          </p>
          <Link to={paths.laptop.getHref(order.product._id)} className="link text-sm">
            {t.laptopPage}
          </Link>
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <p>{t.explain[order.viewerIs][order.status]}</p>
        {order.refund && <p className="text-base-content/80">{order.refund.why}</p>}
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
          <h2 className="mb-3 text-lg font-semibold">{t.receipt}</h2>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-base-content/75">{t.amount}</dt>
            <dd className="font-semibold">{formatPrice(order.price)}</dd>
            <dt className="text-base-content/75">{t.bookedOn}</dt>
            <dd>{when(order.bookedAt)}</dd>
            <dt className="text-base-content/75">{t.paidOn}</dt>
            <dd>{when(order.paidAt)}</dd>
            {order.transactionId && (
              <>
                <dt className="text-base-content/75">{t.transactionId}</dt>
                <dd className="font-mono text-xs break-all">{order.transactionId}</dd>
              </>
            )}
            {order.cancelledAt && (
              <>
                <dt className="text-base-content/75">{t.cancelledOn}</dt>
                <dd>{when(order.cancelledAt)}</dd>
              </>
            )}
            {order.refund && (
              <>
                <dt className="text-base-content/75">{t.refundedOn}</dt>
                <dd>
                  {when(order.refund.at)} ({formatPrice(order.refund.amount)})
                </dd>
              </>
            )}
          </dl>
        </div>
        <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
          <h2 className="mb-3 text-lg font-semibold">{t.contact[order.viewerIs]}</h2>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-base-content/75">{t.name}</dt>
            <dd className="wrap-anywhere">{other.name}</dd>
            {other.phone && (
              <>
                <dt className="text-base-content/75">{t.phone}</dt>
                <dd>
                  <a
                    href={`tel:${other.phone.replace(/[^\d+]/g, '')}`}
                    className="link"
                    aria-label={`${t.call(other.name)}: ${other.phone}`}
                  >
                    {other.phone}
                  </a>
                </dd>
              </>
            )}
            {order.meetingLocation && (
              <>
                <dt className="text-base-content/75">{t.meetingPlace}</dt>
                <dd className="wrap-anywhere">{order.meetingLocation}</dd>
              </>
            )}
          </dl>
          {!other.phone && <p className="mt-3 text-sm text-base-content/75">{t.contactHidden}</p>}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        {order.canPay && (
          <Link to={paths.dashboard.payment.getHref(order._id)} className="btn btn-primary">
            {t.payNow}
          </Link>
        )}
        {order.canCancel && (
          <button
            type="button"
            className="btn btn-error btn-outline"
            onClick={() => setConfirming(true)}
          >
            {t.cancelBooking}
          </button>
        )}
        <Link
          to={
            order.viewerIs === 'buyer'
              ? paths.dashboard.myOrders.getHref()
              : paths.dashboard.myBuyers.getHref()
          }
          className="link ml-auto"
        >
          {order.viewerIs === 'buyer' ? t.backToOrders : t.backToBuyers}
        </Link>
      </div>

      <ConfirmDialog
        open={confirming}
        title={t.cancelTitle(order.product.name)}
        message={t.cancelConfirm}
        confirmLabel={t.cancelBooking}
        cancelLabel={t.keepBooking}
        onConfirm={onConfirmCancel}
        onCancel={() => setConfirming(false)}
        busy={cancel.isPending}
      />
    </section>
  );
}
