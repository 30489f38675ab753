import type { OrderDetails } from '@laptops/shared/orders';
import { orderPageMessages as t } from '../order-page-messages.ts';

/** The other person: their name, and their phone and the meeting place while the deal is on. */
export function OrderContact({ order }: { order: OrderDetails }) {
  const other = order.viewerIs === 'buyer' ? order.seller : order.buyer;
  return (
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
  );
}
