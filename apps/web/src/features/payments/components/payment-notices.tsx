/**
 * What the payment page shows instead of the card form: the order is paid (just now
 * or before), or it can no longer be paid.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { paymentMessages } from '../messages.ts';

const t = paymentMessages;

export function PaidNotice({
  orderId,
  transactionId,
  justPaid = false,
}: {
  orderId: string;
  transactionId: string | null;
  justPaid?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The form the buyer was in is gone: bring them to the outcome.
  useEffect(() => {
    if (justPaid) ref.current?.focus();
  }, [justPaid]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={justPaid ? 'status' : undefined}
      className="grid gap-3 rounded-box border border-success/40 bg-success/10 p-6 outline-none"
    >
      <p className="flex flex-wrap items-center gap-3">
        <span className="badge badge-success">{t.paid}</span>
        <span className="text-lg font-semibold">{justPaid ? t.success : t.alreadyPaid}</span>
      </p>
      {transactionId && <p className="wrap-anywhere">{t.transactionId(transactionId)}</p>}
      <p>{t.nextStep}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.dashboard.order.getHref(orderId)} className="btn btn-neutral btn-sm">
          {t.seeOrder}
        </Link>
        <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-outline btn-sm">
          {t.backToOrders}
        </Link>
      </div>
    </div>
  );
}

export function ClosedNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="alert alert-warning flex flex-wrap">
      <span>{message}</span>
      <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-sm">
        {t.backToOrders}
      </Link>
    </div>
  );
}
