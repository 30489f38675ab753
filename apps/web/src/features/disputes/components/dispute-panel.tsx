import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'react-router';
import { disputeReasonText, type OrderDispute } from '@laptops/shared/disputes';
import type { OrderDetails } from '@laptops/shared/orders';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { disputeMessages as t } from '../messages.ts';
import { DisputeForm } from './dispute-form.tsx';
import { PhotoThumbnails } from '../../../components/ui/photo-thumbnails.tsx';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

/**
 * A paid deal's dispute on its order page: for the buyer while the money is held, the
 * way to open one; once opened, for both people, what the buyer said and showed, and
 * how an admin settled it.
 */
export function DisputePanel({ order }: { order: OrderDetails }) {
  // The buyer who opens a dispute here sees the form replaced by the dispute (the
  // order's answer arrives before the form's own callbacks, which then no longer run).
  const [offeredHere] = useState(() => order.canOpenDispute);
  if (order.dispute) {
    return (
      <DisputeCard
        order={order}
        dispute={order.dispute}
        justOpened={offeredHere && order.viewerIs === 'buyer'}
      />
    );
  }
  if (!order.canOpenDispute) return null;
  return <OpenDispute orderId={order._id} />;
}

const card = 'rounded-box border border-base-300 bg-base-100 p-5 shadow-sm';

function OpenDispute({ orderId }: { orderId: string }) {
  const [writing, setWriting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (writing) heading.current?.focus();
    else if (returnFocus.current) button.current?.focus();
  }, [writing]);

  if (!writing) {
    return (
      <section className={card} aria-labelledby="dispute-problem">
        <h2 id="dispute-problem" className="mb-2 text-lg font-semibold">
          {t.problemHeading}
        </h2>
        <p className="mb-4 text-sm text-base-content/80">{t.problemText}</p>
        <button
          ref={button}
          type="button"
          className="btn btn-outline btn-error"
          onClick={() => setWriting(true)}
        >
          {t.open}
        </button>
      </section>
    );
  }
  return (
    <section className={card} aria-labelledby="dispute-form">
      <h2
        ref={heading}
        id="dispute-form"
        tabIndex={-1}
        className="mb-2 text-lg font-semibold outline-none"
      >
        {t.formHeading}
      </h2>
      <p className="mb-4 text-sm text-base-content/80">{t.problemText}</p>
      <DisputeForm
        orderId={orderId}
        onCancel={() => {
          returnFocus.current = true;
          setWriting(false);
        }}
      />
    </section>
  );
}

function DisputeCard({
  order,
  dispute,
  justOpened,
}: {
  order: OrderDetails;
  dispute: OrderDispute;
  justOpened: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!justOpened) return;
    // The form the buyer was in is gone: its result takes the focus.
    heading.current?.focus();
    toast.success(t.opened);
  }, [justOpened]);
  const settled = dispute.settled;
  const money = order.money;

  return (
    <section className={card} aria-labelledby="dispute-heading">
      <h2
        ref={heading}
        id="dispute-heading"
        tabIndex={-1}
        className="mb-3 text-lg font-semibold outline-none"
      >
        {t.heading}
      </h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2">
        <dt className="text-base-content/75">{t.reasonLabel}</dt>
        <dd className="mb-2 font-medium sm:mb-0">{disputeReasonText[dispute.reason]}</dd>
        <dt className="text-base-content/75">{t.detailsLabel}</dt>
        <dd className="mb-2 whitespace-pre-line wrap-anywhere sm:mb-0">{dispute.details}</dd>
        <dt className="text-base-content/75">{t.openedOn}</dt>
        <dd className="mb-2 sm:mb-0">{when(dispute.openedAt)}</dd>
        {settled && (
          <>
            <dt className="text-base-content/75">{t.settledOn}</dt>
            <dd className="mb-2 sm:mb-0">{when(settled.at)}</dd>
            <dt className="text-base-content/75">{t.outcome}</dt>
            <dd className="mb-2 font-medium sm:mb-0">{t.outcomes[settled.outcome]}</dd>
            {settled.refunded > 0 && (
              <>
                <dt className="text-base-content/75">{t.refundedToBuyer}</dt>
                <dd className="mb-2 sm:mb-0">{formatPrice(settled.refunded)}</dd>
              </>
            )}
            {settled.outcome !== 'refund' && money && (
              <>
                <dt className="text-base-content/75">{t.releasedToSeller}</dt>
                <dd className="mb-2 sm:mb-0">
                  {formatPrice(money.sellerReceived)}
                  {money.fee > 0 && ` (${t.feeNote(formatPrice(money.fee))})`}
                </dd>
              </>
            )}
            <dt className="text-base-content/75">{t.note}</dt>
            <dd className="whitespace-pre-line wrap-anywhere">{settled.note}</dd>
          </>
        )}
      </dl>
      {dispute.photos.length > 0 && (
        <>
          <h3 className="mt-4 mb-2 text-sm font-semibold">{t.evidence}</h3>
          <PhotoThumbnails photos={dispute.photos} altFor={t.evidenceLink} />
        </>
      )}
      {!settled && (
        <div className="mt-4 flex flex-col items-start gap-2">
          <p className="text-sm text-base-content/80">{t.waiting[order.viewerIs]}</p>
          <Link to={paths.dashboard.messages.getHref()} className="link text-sm">
            {t.conversation}
          </Link>
        </div>
      )}
      {settled && settled.refunded > 0 && order.viewerIs === 'buyer' && (
        <p className="mt-4 text-sm text-base-content/80">{t.refundOnItsWay}</p>
      )}
    </section>
  );
}
