import { useState, type ReactNode } from 'react';
import type { Order } from '@laptops/shared/orders';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useRecordPayment } from '../../../features/payments/api/record-payment.ts';
import { PaymentForm } from '../../../features/payments/components/payment-form.tsx';
import {
  ClosedNotice,
  PaidNotice,
} from '../../../features/payments/components/payment-notices.tsx';
import { paymentMessages } from '../../../features/payments/messages.ts';

const t = paymentMessages;

type Outcome = { kind: 'paid'; transactionId: string } | { kind: 'refunded'; message: string };

/**
 * The payment page (/dashboard/payment/:id): 'Payment for' the product,
 * 'Please pay $' the price, and the card form. The route's loader fetches the
 * order. A paid order shows its transaction id; one sold to another buyer or
 * withdrawn by the seller says so; only an unpaid one offers the form.
 */
export function PaymentPage({ order }: { order: Order }) {
  // Another order is another payment: nothing of this one's state carries over.
  return <PaymentScreen key={order._id} order={order} />;
}

function PaymentScreen({ order }: { order: Order }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const record = useRecordPayment();

  const onConfirmed = async (paymentIntentId: string) => {
    try {
      await record.mutateAsync({ orderId: order._id, transactionId: paymentIntentId });
    } catch (error) {
      // Paid, but it could no longer buy the laptop (sold or withdrawn meanwhile, say):
      // the server refunded it and says why.
      if (error instanceof ApiRequestError && error.code === 'PAYMENT_REFUNDED') {
        setOutcome({ kind: 'refunded', message: error.message || t.refunded });
        return;
      }
      throw error;
    }
    setOutcome({ kind: 'paid', transactionId: paymentIntentId });
  };

  let content: ReactNode | undefined;
  if (order.paid || order.status === 'paid') {
    content = <PaidNotice orderId={order._id} transactionId={order.transactionId} />;
  } else if (outcome?.kind === 'paid') {
    content = <PaidNotice orderId={order._id} transactionId={outcome.transactionId} justPaid />;
  } else if (outcome?.kind === 'refunded') {
    content = <ClosedNotice message={outcome.message} />;
  } else if (order.status === 'sold-to-another') {
    content = <ClosedNotice message={t.soldToAnother} />;
  } else if (order.status === 'withdrawn') {
    content = <ClosedNotice message={t.withdrawn} />;
  }
  const payable = content === undefined;
  if (payable) content = <PaymentForm orderId={order._id} onConfirmed={onConfirmed} />;

  return (
    // Left-aligned as every dashboard page is; on a wide screen the deal sits beside
    // the card form instead of above it.
    <section className="grid gap-x-8 lg:grid-cols-[minmax(0,42rem)_minmax(16rem,1fr)]">
      <div className="lg:col-span-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.heading(order.productName)}</h1>
        <p className="mt-2 text-lg">
          {payable ? t.pleasePay(formatPrice(order.price)) : t.amount(formatPrice(order.price))}
        </p>
      </div>
      {/* The deal, as a checkout's summary shows it: what, how much, where, and that the
          money waits for the handover. */}
      <aside className="mt-4 mb-6 flex h-fit flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 text-sm lg:order-2">
        <div className="flex items-center gap-3">
          <img
            src={order.thumbnail}
            alt=""
            width={64}
            height={48}
            className="h-12 w-16 shrink-0 rounded-md bg-base-200 object-cover"
          />
          <p className="min-w-0">
            <span className="block font-semibold wrap-anywhere">{order.productName}</span>
            {formatPrice(order.price)}
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-base-content/75">{t.seller}</dt>
          <dd>{order.sellerName}</dd>
          <dt className="text-base-content/75">{t.meetingLocation}</dt>
          <dd>{order.sellerLocation}</dd>
          <dt className="text-base-content/75">{t.yourPhone}</dt>
          <dd>{order.sellerMobileNumber}</dd>
        </dl>
        {payable && <p className="rounded-box bg-success/10 p-3">{t.held}</p>}
      </aside>
      <div className="lg:order-1 lg:mt-4">{content}</div>
    </section>
  );
}
