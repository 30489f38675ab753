import type { ReactNode } from 'react';
import type { OrderDetails } from '@laptops/shared/orders';
import { formatPrice } from '../../../lib/format.ts';
import { orderPageMessages as t } from '../order-page-messages.ts';
import { expectedRelease } from './deal-amounts.ts';
import { formatWhen } from './format-when.ts';

const when = (iso: string | null) => (iso ? formatWhen(iso) : t.notYet);

/**
 * The receipt: the price and the dates; for the seller, the platform's fee and what
 * they receive (what they will receive while the money is held); for both, what was
 * refunded.
 */
export function OrderReceipt({ order }: { order: OrderDetails }) {
  const { money } = order;
  const rows: [string, ReactNode, string?][] = [
    [t.amount, formatPrice(order.price), 'font-semibold'],
  ];
  if (money && order.viewerIs === 'seller') {
    const released = money.sellerReceived > 0 || money.completedAt !== null;
    const { fee, receive } = released
      ? { fee: money.fee, receive: money.sellerReceived }
      : expectedRelease(money);
    // A sale refunded in full releases nothing: there is no fee to speak of.
    if (released || money.held > 0) {
      rows.push([
        t.platformFee(money.feePercent),
        money.feePercent > 0 ? `−${formatPrice(fee)}` : t.noFee,
      ]);
      rows.push([released ? t.youReceived : t.youReceive, formatPrice(receive), 'font-semibold']);
    }
  }
  if (money && money.refunded > 0) rows.push([t.refunded, formatPrice(money.refunded)]);
  rows.push([t.bookedOn, when(order.bookedAt)], [t.paidOn, when(order.paidAt)]);
  if (money?.completedAt) rows.push([t.completedOn, when(money.completedAt)]);
  if (order.transactionId) {
    rows.push([t.transactionId, order.transactionId, 'font-mono text-xs break-all']);
  }
  if (order.cancelledAt) rows.push([t.cancelledOn, when(order.cancelledAt)]);
  if (order.refund) {
    rows.push([t.refundedOn, `${when(order.refund.at)} (${formatPrice(order.refund.amount)})`]);
  }

  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 className="mb-3 text-lg font-semibold">{t.receipt}</h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value, className]) => (
          <div key={label} className="contents">
            <dt className="text-base-content/75">{label}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
