import { useEffect, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useParams } from 'react-router';
import type { OrderDetails, OrderPageStatus } from '@laptops/shared/orders';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RecordLoadError } from '../../../components/ui/record-load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useHeadingFocusAfterClose } from '../../../components/ui/use-heading-focus.ts';
import { paths } from '../../../config/paths.ts';
import { DisputePanel } from '../../../features/disputes/components/dispute-panel.tsx';
import { useCancelOrder } from '../../../features/orders/api/cancel-order.ts';
import { useOrder } from '../../../features/orders/api/get-order.ts';
import { ConfirmReceived } from '../../../features/orders/components/confirm-received.tsx';
import { expectedRelease } from '../../../features/orders/components/deal-amounts.ts';
import {
  DealOutcomePanel,
  dealOutcome,
} from '../../../features/orders/components/deal-outcome.tsx';
import { HandoverCodeCard } from '../../../features/orders/components/handover-code-card.tsx';
import { HandoverCodeForm } from '../../../features/orders/components/handover-code-form.tsx';
import { HeldMoneyPanel } from '../../../features/orders/components/held-money-panel.tsx';
import { MeetingChecklist } from '../../../features/orders/components/meeting-checklist.tsx';
import { OrderContact } from '../../../features/orders/components/order-contact.tsx';
import { OrderReceipt } from '../../../features/orders/components/order-receipt.tsx';
import { SellerCancelSale } from '../../../features/orders/components/seller-cancel-sale.tsx';
import { orderPageMessages as t } from '../../../features/orders/order-page-messages.ts';
import { OrderReviewsPanel } from '../../../features/reviews/components/order-reviews.tsx';

const statusBadge: Record<OrderPageStatus, string> = {
  booked: 'badge-info',
  paid: 'badge-info',
  disputed: 'badge-error',
  completed: 'badge-success',
  'partly-refunded': 'badge-warning',
  cancelled: 'badge-ghost',
  refunded: 'badge-warning',
  'sold-to-another': 'badge-neutral',
  withdrawn: 'badge-neutral',
};

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
  // After the viewer's own handover, confirmation or cancellation its buttons are gone:
  // the focus goes to the heading, once their dialog has closed.
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) headingRef.current?.focus();
  }, [focusRequests, headingRef]);
  const focusHeading = () => setFocusRequests((count) => count + 1);

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

  const { money } = order;
  const held = order.status === 'paid' && money !== null && money.held > 0;
  const outcome = dealOutcome(order);

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

      {held && money ? (
        <HeldMoneyPanel viewerIs={order.viewerIs} money={money} />
      ) : outcome ? (
        <DealOutcomePanel outcome={outcome} />
      ) : (
        <div className="flex flex-col gap-1">
          <p>{t.explain[order.viewerIs][order.status]}</p>
          {order.refund && <p className="text-base-content/80">{order.refund.why}</p>}
        </div>
      )}

      {held && money && order.viewerIs === 'buyer' && (
        <div className="grid items-start gap-4 md:grid-cols-2">
          <MeetingChecklist orderId={order._id} />
          {/* Beside the long checklist on a wide screen, the code stays in view. */}
          <div className="flex flex-col gap-4 md:sticky md:top-20">
            {money.handoverCode && <HandoverCodeCard code={money.handoverCode} />}
            {order.canConfirmReceived && (
              <ConfirmReceived
                orderId={order._id}
                amount={money.held}
                sellerName={order.seller.name}
                onDone={focusHeading}
              />
            )}
          </div>
        </div>
      )}

      {held && money && order.viewerIs === 'seller' && (
        <div className="grid items-start gap-4 md:grid-cols-[3fr_2fr]">
          {order.canEnterHandoverCode && (
            <HandoverCodeForm
              orderId={order._id}
              receive={expectedRelease(money).receive}
              onDone={focusHeading}
            />
          )}
          {order.canSellerCancel && (
            <SellerCancelSale
              orderId={order._id}
              productName={order.product.name}
              amount={money.held}
              onDone={focusHeading}
            />
          )}
        </div>
      )}

      <div className="grid gap-4 md:grid-cols-2">
        <OrderReceipt order={order} />
        <OrderContact order={order} />
      </div>

      {/* Once the money is released, each side may review the other. */}
      {(order.status === 'completed' || order.status === 'partly-refunded') && (
        <OrderReviewsPanel orderId={order._id} />
      )}

      <DisputePanel order={order} />

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
