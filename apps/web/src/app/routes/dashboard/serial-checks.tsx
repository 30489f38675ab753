import { useId, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'react-router';
import type { FlaggedListing, SerialFlag } from '@laptops/shared/serial-checks';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { paths } from '../../../config/paths.ts';
import {
  useDismissSerialFlag,
  useSerialFlags,
  useTakeDownSerialListing,
} from '../../../features/admin/api/serial-checks.ts';
import {
  MarkStolenForm,
  StolenSerialList,
} from '../../../features/admin/components/stolen-serials.tsx';
import { formatWhen } from '../../../features/admin/format-when.ts';
import { serialCheckMessages as t } from '../../../features/admin/serial-check-messages.ts';

const stateBadge: Record<FlaggedListing['state'], string> = {
  'for-sale': 'badge-success',
  sold: 'badge-ghost',
  'taken-down': 'badge-error',
};

/**
 * /dashboard/serial-checks: the serials listed by more than one seller or reported
 * stolen, each with the listings carrying it (an admin takes one down or dismisses the
 * flag); marking a serial stolen; and the marks, which can be lifted.
 */
export function SerialChecksPage() {
  const flags = useSerialFlags();
  return (
    <ListPage
      title={t.title}
      controls={<p className="mb-6 max-w-prose text-base-content/80">{t.intro}</p>}
      query={flags}
      loadFailed={t.loadFailed}
      retryLabel={t.retry}
    >
      {(data) => (
        <div className="grid gap-8">
          <section aria-labelledby="serial-flags">
            <h2 id="serial-flags" className="mb-3 text-xl font-semibold">
              {t.flagsTitle}
            </h2>
            {data.length === 0 ? (
              <p className="text-base-content/80">{t.flagsEmpty}</p>
            ) : (
              <ul aria-label={t.flagsCaption} className="grid gap-4">
                {data.map((flag) => (
                  <li key={flag.key}>
                    <FlagCard flag={flag} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <MarkStolenForm />
          <StolenSerialList />
        </div>
      )}
    </ListPage>
  );
}

function FlagCard({ flag }: { flag: SerialFlag }) {
  const titleId = useId();
  const dismiss = useDismissSerialFlag();
  const takeDown = useTakeDownSerialListing();
  const [confirming, setConfirming] = useState<FlaggedListing>();
  const busy = dismiss.isPending || takeDown.isPending;

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          <span className={`badge ${flag.reason === 'stolen' ? 'badge-error' : 'badge-warning'}`}>
            {flag.reason === 'stolen' ? t.reasons.stolen : t.reasons.shared(flag.sellers)}
          </span>
        </h3>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={t.dismissLabel}
          disabled={busy}
          onClick={() =>
            dismiss.mutate(flag.key, {
              onSuccess: () => toast.success(t.dismissed),
              onError: (failure) => toast.error(failure.message),
            })
          }
        >
          {t.dismiss}
        </button>
      </div>
      <p className="mt-2 text-sm text-base-content/75">
        {flag.reason === 'stolen' ? t.stolenHelp : t.sharedHelp}
      </p>
      <ul className="mt-3 grid gap-2">
        {flag.listings.map((listing) => (
          <li
            key={listing.productId}
            className="flex flex-wrap items-center gap-3 rounded-box bg-base-200/60 p-3"
          >
            <img
              src={listing.thumbnail}
              alt=""
              width={64}
              height={48}
              loading="lazy"
              decoding="async"
              className="h-12 w-16 shrink-0 rounded bg-base-200 object-cover"
            />
            <div className="min-w-40 flex-1 text-sm">
              {listing.state === 'taken-down' ? (
                <p className="font-medium wrap-anywhere">{listing.productName}</p>
              ) : (
                <Link
                  to={paths.laptop.getHref(listing.productId)}
                  className="link font-medium wrap-anywhere"
                >
                  {listing.productName}
                </Link>
              )}
              <p className="text-base-content/70">
                {t.listedBy(listing.sellerName, formatWhen(listing.dateOfPost))}
              </p>
              <p className="mt-1 flex flex-wrap gap-1">
                <span className={`badge badge-sm whitespace-nowrap ${stateBadge[listing.state]}`}>
                  {t.states[listing.state]}
                </span>
                <span className="badge badge-sm badge-outline whitespace-nowrap">
                  {listing.fromDevice ? t.fromDevice : t.typed}
                </span>
              </p>
            </div>
            {listing.state === 'for-sale' && (
              <button
                type="button"
                className="btn ml-auto btn-outline btn-sm btn-error"
                aria-label={t.takeDownLabel(listing.productName)}
                disabled={busy}
                onClick={() => setConfirming(listing)}
              >
                {t.takeDown}
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== undefined}
        title={t.takeDownTitle}
        message={confirming ? t.takeDownText(confirming.productName) : ''}
        confirmLabel={t.takeDown}
        cancelLabel={t.cancel}
        busy={takeDown.isPending}
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => {
          if (!confirming) return;
          takeDown.mutate(
            { key: flag.key, productId: confirming.productId },
            {
              onSuccess: () => toast.success(t.takenDown),
              onError: (failure) => toast.error(failure.message),
              onSettled: () => setConfirming(undefined),
            },
          );
        }}
      />
    </article>
  );
}
