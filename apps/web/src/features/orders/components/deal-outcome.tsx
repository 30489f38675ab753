import { useId } from 'react';
import type { OrderDetails } from '@laptops/shared/orders';
import { formatPrice } from '../../../lib/format.ts';
import { orderPageMessages as t } from '../order-page-messages.ts';
import { formatWhen } from './format-when.ts';

type Outcome = { title: string; text: string; tone: 'success' | 'warning' };

/** How a paid deal ended, for the one looking; nothing while it is still on. */
export function dealOutcome(order: OrderDetails): Outcome | null {
  const { money, viewerIs } = order;
  if (!money) return null;
  const o = t.outcome;
  if (order.status === 'completed' && money.completedAt) {
    const on = formatWhen(money.completedAt);
    const how = money.releasedBy ? o.how[viewerIs][money.releasedBy] : '.';
    const text =
      viewerIs === 'buyer'
        ? o.completed.buyer(formatPrice(money.charged), order.seller.name, on)
        : o.completed.seller(formatPrice(money.sellerReceived), on);
    return { title: o.completedTitle[viewerIs], text: text + how, tone: 'success' };
  }
  if (order.status === 'refunded' && money.refunded > 0) {
    return {
      title: o.refundedTitle,
      text: o.refunded[viewerIs](formatPrice(money.refunded)),
      tone: 'warning',
    };
  }
  if (order.status === 'partly-refunded') {
    const refunded = formatPrice(money.refunded);
    return {
      title: o.partlyTitle,
      text:
        viewerIs === 'buyer'
          ? o.partly.buyer(refunded, formatPrice(money.charged - money.refunded))
          : o.partly.seller(refunded, formatPrice(money.sellerReceived)),
      tone: 'warning',
    };
  }
  return null;
}

/** A finished deal's panel: how it ended, how much went where and when. */
export function DealOutcomePanel({ outcome }: { outcome: Outcome }) {
  const titleId = useId();
  const tone =
    outcome.tone === 'success'
      ? 'border-success/40 bg-success/5'
      : 'border-warning/50 bg-warning/10';
  return (
    <section aria-labelledby={titleId} className={`rounded-box border p-5 ${tone}`}>
      <div className="flex items-start gap-3">
        <OutcomeIcon tone={outcome.tone} />
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold sm:text-xl">
            {outcome.title}
          </h2>
          <p className="mt-1">{outcome.text}</p>
        </div>
      </div>
    </section>
  );
}

/** A tick for money released, an arrow going back for a refund. */
function OutcomeIcon({ tone }: { tone: Outcome['tone'] }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`mt-0.5 size-7 shrink-0 ${tone === 'success' ? 'text-success' : 'text-warning'}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {tone === 'success' ? (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M8 12l3 3 5-6" />
        </>
      ) : (
        <path d="M9 14L4 9l5-5M4 9h10a6 6 0 010 12h-3" />
      )}
    </svg>
  );
}
