import { Fragment } from 'react';
import { Link } from 'react-router';
import { disputeReasonText, type DisputeDetails } from '@laptops/shared/disputes';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { disputeConsoleMessages } from '../dispute-messages.ts';
import { formatWhen } from '../format-when.ts';
import { PhotoThumbnails } from '../../../components/ui/photo-thumbnails.tsx';

const t = disputeConsoleMessages.detail;
const box = 'rounded-box border border-base-300 bg-base-100 p-4';
const facts = 'grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm';

/** The deal a dispute is about: the laptop, its people, and where its money is. */
export function DisputeDeal({ dispute }: { dispute: DisputeDetails }) {
  const { money } = dispute;
  return (
    <section aria-labelledby="dispute-deal" className={box}>
      <div className="mb-3 flex items-center gap-3">
        <img
          src={dispute.laptop.thumbnail}
          alt=""
          width={80}
          height={60}
          className="aspect-[4/3] w-20 shrink-0 rounded-box bg-base-200 object-cover"
        />
        <div className="min-w-0">
          <h2 id="dispute-deal" className="font-semibold">
            {t.deal}
          </h2>
          <Link to={paths.laptop.getHref(dispute.laptop._id)} className="link text-sm">
            {t.laptopPage}
          </Link>
        </div>
      </div>
      <dl className={facts}>
        <dt className="text-base-content/70">{t.price}</dt>
        <dd className="font-medium">{formatPrice(dispute.price)}</dd>
        <dt className="text-base-content/70">{t.buyer}</dt>
        <dd className="wrap-anywhere">
          {dispute.buyer.name}
          <br />
          <span className="text-base-content/70">{dispute.buyer.email}</span>
        </dd>
        <dt className="text-base-content/70">{t.seller}</dt>
        <dd className="wrap-anywhere">
          {dispute.seller.name}
          <br />
          <span className="text-base-content/70">{dispute.seller.email}</span>
        </dd>
      </dl>
      <h3 className="mt-4 mb-2 text-sm font-semibold">{t.money}</h3>
      <dl className={`${facts} tabular-nums`}>
        <dt className="text-base-content/70">{t.charged}</dt>
        <dd>{formatPrice(money.charged)}</dd>
        <dt className="text-base-content/70">{t.held}</dt>
        <dd className="font-semibold">{formatPrice(money.held)}</dd>
        {money.refunded > 0 && (
          <>
            <dt className="text-base-content/70">{t.refunded}</dt>
            <dd>{formatPrice(money.refunded)}</dd>
          </>
        )}
        {(money.sellerReceived > 0 || money.fee > 0) && (
          <>
            <dt className="text-base-content/70">{t.sellerReceived}</dt>
            <dd>{formatPrice(money.sellerReceived)}</dd>
            <dt className="text-base-content/70">{t.fee(money.feePercent)}</dt>
            <dd>{formatPrice(money.fee)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** What the buyer said and showed. */
export function DisputeComplaint({ dispute }: { dispute: DisputeDetails }) {
  return (
    <section aria-labelledby="dispute-complaint" className={box}>
      <h2 id="dispute-complaint" className="mb-3 font-semibold">
        {t.complaint}
      </h2>
      <dl className={facts}>
        <dt className="text-base-content/70">{t.reason}</dt>
        <dd className="font-medium">{disputeReasonText[dispute.reason]}</dd>
        <dt className="text-base-content/70">{t.details}</dt>
        <dd className="whitespace-pre-line wrap-anywhere">{dispute.details}</dd>
      </dl>
      <h3 className="mt-4 mb-2 text-sm font-semibold">{t.evidence}</h3>
      {dispute.photos.length === 0 ? (
        <p className="text-sm text-base-content/70">{t.noEvidence}</p>
      ) : (
        <PhotoThumbnails photos={dispute.photos} altFor={t.evidenceLink} large />
      )}
    </section>
  );
}

/** What happened when: booked, paid, the dispute, the thread since, the settlement. */
export function DisputeTimeline({ dispute }: { dispute: DisputeDetails }) {
  return (
    <section aria-labelledby="dispute-timeline" className={box}>
      <h2 id="dispute-timeline" className="mb-3 font-semibold">
        {t.timeline}
      </h2>
      <ol className="flex flex-col gap-2 border-l-2 border-base-300 pl-4 text-sm">
        {dispute.timeline.map((step) => (
          <Fragment key={step.event}>
            <li className="flex flex-col">
              <span className="font-medium">{t.events[step.event]}</span>
              <time dateTime={step.at} className="text-base-content/70">
                {formatWhen(step.at)}
              </time>
            </li>
            {step.event === 'dispute-opened' && (
              <li className="text-base-content/80">
                {t.messages(dispute.messages.total, dispute.messages.sinceOpened)}
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </section>
  );
}

/** How it was settled: the decision, by whom and when, and the note both people read. */
export function DisputeSettlement({ dispute }: { dispute: DisputeDetails }) {
  const settled = dispute.settled;
  if (!settled) return null;
  return (
    <section aria-labelledby="dispute-settled" className={`${box} border-success`}>
      <h2 id="dispute-settled" className="mb-1 font-semibold">
        {t.settled}: {disputeConsoleMessages.outcomes[settled.outcome]}
      </h2>
      <p className="mb-3 text-sm text-base-content/70">
        {t.settledBy(settled.by, formatWhen(settled.at))}
      </p>
      <h3 className="text-sm font-semibold">{t.note}</h3>
      <p className="text-sm whitespace-pre-line wrap-anywhere">{settled.note}</p>
    </section>
  );
}
