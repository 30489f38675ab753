import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast/headless';
import {
  photoVerificationDecisionSchema,
  VERIFICATION_REJECT_REASON_MAX,
  type PhotoVerificationQueueItem,
} from '@laptops/shared/photo-verification';
import { TextareaField } from '../../../components/ui/form-field.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { paths } from '../../../config/paths.ts';
import {
  useDecidePhotoVerification,
  usePhotoVerifications,
} from '../../../features/admin/api/photo-verifications.ts';
import {
  ADMIN_PAGE_SIZE,
  PagedCards,
} from '../../../features/admin/components/user-list-controls.tsx';
import { formatWhen } from '../../../features/admin/format-when.ts';
import { photoVerificationQueueMessages as t } from '../../../features/admin/photo-verification-messages.ts';

/**
 * /dashboard/photo-verifications: sellers' verification photos, the oldest first, each
 * shown large beside the code it should show and the listing's photos; an admin
 * approves it or rejects it with a reason the seller reads.
 */
export function PhotoVerificationsPage() {
  const [page, setPage] = useState(1);
  const queue = usePhotoVerifications({ page, limit: ADMIN_PAGE_SIZE });

  return (
    <ListPage
      title={t.title}
      controls={<p className="mb-4 max-w-prose text-base-content/80">{t.intro}</p>}
      query={queue}
      loadFailed={t.loadFailed}
      retryLabel={t.retry}
    >
      {(data) =>
        data.rows.length === 0 ? (
          <p className="text-base-content/80">{t.empty}</p>
        ) : (
          <PagedCards
            rows={data.rows}
            rowKey={(item) => item.verificationId}
            card={(item) => <VerificationCard item={item} />}
            caption={t.caption}
            gap="gap-6"
            page={page}
            limit={ADMIN_PAGE_SIZE}
            total={data.total}
            onPageChange={setPage}
            busy={queue.isPlaceholderData}
          />
        )
      }
    </ListPage>
  );
}

function VerificationCard({ item }: { item: PhotoVerificationQueueItem }) {
  const ids = useId();
  const decide = useDecidePhotoVerification();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const name = item.product.name;

  const approve = () =>
    decide.mutate(
      { verificationId: item.verificationId, decision: 'approve' },
      {
        onSuccess: () => toast.success(t.approved),
        onError: (failure) => toast.error(failure.message),
      },
    );

  const submitReject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = photoVerificationDecisionSchema.safeParse({ decision: 'reject', reason });
    if (!input.success) {
      setError(input.error.issues[0]?.message);
      return;
    }
    decide.mutate(
      { verificationId: item.verificationId, ...input.data },
      {
        onSuccess: () => toast.success(t.rejected),
        onError: (failure) => toast.error(failure.message),
      },
    );
  };

  return (
    <article
      aria-labelledby={`${ids}-title`}
      className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${ids}-title`} className="text-lg font-semibold wrap-anywhere">
          {name}
        </h2>
        <Link to={paths.laptop.getHref(item.product._id)} className="link text-sm">
          {t.openListing}
        </Link>
      </div>
      <p className="text-sm text-base-content/70 wrap-anywhere">
        {t.sentBy(item.seller.name, item.seller.email, formatWhen(item.submittedAt))}
        {item.product.model && (
          <>
            <br />
            {t.model(item.product.model)}
          </>
        )}
      </p>

      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <figure className="grid gap-2">
          <figcaption className="text-sm font-medium">{t.photoLabel}</figcaption>
          <a href={item.photoUrl} target="_blank" rel="noreferrer">
            <img
              src={item.photoUrl}
              alt={t.photoAlt(name)}
              className="max-h-[32rem] w-full rounded-box border border-base-300 bg-base-200 object-contain"
            />
          </a>
        </figure>
        <div className="grid content-start gap-4">
          <div>
            <p id={`${ids}-code`} className="text-sm font-medium">
              {t.codeLabel}
            </p>
            <p
              aria-labelledby={`${ids}-code`}
              className="mt-1 inline-block rounded-box bg-base-200 px-4 py-2 font-mono text-3xl font-bold tracking-[0.3em]"
            >
              {item.code}
            </p>
          </div>
          <div>
            <p className="text-sm font-medium">{t.listingPhotos}</p>
            <ul className="mt-1 grid grid-cols-3 gap-2">
              {item.product.photos.map((url, index) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer">
                    <img
                      src={url}
                      alt={t.listingPhotoAlt(name, index + 1)}
                      loading="lazy"
                      className="aspect-[4/3] w-full rounded-box border border-base-300 bg-base-200 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>

      {rejecting ? (
        <form onSubmit={submitReject} noValidate className="mt-4 grid gap-3">
          <TextareaField
            label={t.rejectReason}
            error={error}
            textareaProps={{
              className: 'textarea w-full',
              rows: 2,
              maxLength: VERIFICATION_REJECT_REASON_MAX,
              value: reason,
              autoFocus: true,
              onChange: (event) => {
                setReason(event.currentTarget.value);
                if (error) setError(undefined);
              },
            }}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-sm btn-error" disabled={decide.isPending}>
              {t.rejectConfirm}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setRejecting(false)}
            >
              {t.cancel}
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-success"
            aria-label={t.approveLabel(name)}
            disabled={decide.isPending}
            onClick={approve}
          >
            {t.approve}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm btn-error"
            aria-label={t.rejectLabel(name)}
            disabled={decide.isPending}
            onClick={() => setRejecting(true)}
          >
            {t.reject}
          </button>
        </div>
      )}
    </article>
  );
}
