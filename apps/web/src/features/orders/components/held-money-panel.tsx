import { useId } from 'react';
import type { DealMoney } from '@laptops/shared/deals';
import { formatPrice } from '../../../lib/format.ts';
import { orderPageMessages as t } from '../order-page-messages.ts';
import { expectedRelease } from './deal-amounts.ts';
import { formatReleaseTime, formatTimeLeft } from './format-when.ts';

/**
 * While a paid deal's money is held: how much, what that protects, until when and
 * what happens then, said to the buyer or to the seller.
 */
export function HeldMoneyPanel({
  viewerIs,
  money,
}: {
  viewerIs: 'buyer' | 'seller';
  money: DealMoney;
}) {
  const titleId = useId();
  const timeLeft = money.releaseDueAt ? formatTimeLeft(money.releaseDueAt) : '';
  const amount = formatPrice(money.held);
  const receive = t.afterFee(formatPrice(expectedRelease(money).receive), money.feePercent);
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-box border border-success/40 bg-success/5 p-5"
    >
      <div className="flex items-start gap-3">
        <ShieldIcon />
        <h2 id={titleId} className="text-lg font-semibold sm:text-xl">
          {t.held.title[viewerIs](amount)}
        </h2>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t.held.protectedLabel}</dt>
        <dd>{viewerIs === 'buyer' ? t.held.protected.buyer : t.held.protected.seller(receive)}</dd>
        {money.releaseDueAt && (
          <>
            <dt className="font-semibold">{t.held.untilLabel}</dt>
            <dd>
              <time dateTime={money.releaseDueAt} className="font-semibold">
                {formatReleaseTime(money.releaseDueAt)}
              </time>
              {timeLeft && <span className="text-base-content/75"> ({timeLeft})</span>}
            </dd>
            <dt className="font-semibold">{t.held.thenLabel}</dt>
            <dd>{t.held.then[viewerIs]}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function ShieldIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mt-0.5 size-7 shrink-0 text-success"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3z" />
      <path d="M9 12l2 2 4-4" />
    </svg>
  );
}
