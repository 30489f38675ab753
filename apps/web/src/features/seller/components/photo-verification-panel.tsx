import { useId, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { acceptedImageTypes } from '@laptops/shared/images';
import type { PhotoVerification } from '@laptops/shared/photo-verification';
import {
  usePhotoVerification,
  useRequestVerificationCode,
  useSendVerificationPhoto,
} from '../api/photo-verification.ts';
import { photoVerificationPanelMessages as t } from '../photo-verification-messages.ts';
import { resizePhoto } from './resize-photo.ts';
import { VerificationBadge } from './verification-badge.tsx';

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : t.loadFailed;

/**
 * A listing's photo verification, on its edit page: a code from the server, how to take
 * the photo, the upload, and the admin's answer (with the reason after a rejection, and
 * a new code to try again).
 */
export function PhotoVerificationPanel({ productId }: { productId: string }) {
  const ids = useId();
  const state = usePhotoVerification(productId);
  const requestCode = useRequestVerificationCode(productId);
  const sendPhoto = useSendVerificationPhoto(productId);
  const [error, setError] = useState<string>();

  const askForCode = () => {
    setError(undefined);
    requestCode.mutate(undefined, { onError: (failure) => setError(errorText(failure)) });
  };

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setError(undefined);
    const sending = toast.loading(t.sending);
    try {
      await sendPhoto.mutateAsync(await resizePhoto(file));
      toast.success(t.sent);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      toast.dismiss(sending);
    }
  };

  const busy = requestCode.isPending || sendPhoto.isPending;
  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="mb-8 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {t.title}
        </h2>
        {state.data && <VerificationBadge status={state.data.status} />}
      </div>
      {state.isPending && <span className="loading loading-sm loading-spinner" />}
      {state.isError && (
        <p className="mt-2 text-sm">
          {t.loadFailed}{' '}
          <button type="button" className="link" onClick={() => void state.refetch()}>
            {t.retry}
          </button>
        </p>
      )}
      {state.data && (
        <PanelBody
          ids={ids}
          state={state.data}
          busy={busy}
          onAskForCode={askForCode}
          onPhoto={(event) => void onPhoto(event)}
        />
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-error">
          {error}
        </p>
      )}
    </section>
  );
}

function PanelBody({
  ids,
  state,
  busy,
  onAskForCode,
  onPhoto,
}: {
  ids: string;
  state: PhotoVerification;
  busy: boolean;
  onAskForCode: () => void;
  onPhoto: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  switch (state.status) {
    case 'none':
    case 'rejected':
    case 'lapsed':
      return (
        <div className="mt-2 grid justify-items-start gap-3">
          {state.status === 'none' && <p className="text-base-content/80">{t.intro}</p>}
          {state.status === 'rejected' && (
            <p className="wrap-anywhere whitespace-pre-line">
              {t.rejected(state.rejectReason ?? '')} {t.tryAgain}
            </p>
          )}
          {state.status === 'lapsed' && <p>{t.lapsed}</p>}
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            onClick={onAskForCode}
          >
            {state.status === 'none' ? t.getCode : t.getNewCode}
          </button>
        </div>
      );
    case 'awaiting-photo':
      return (
        <div className="mt-3 grid justify-items-start gap-3">
          <p id={`${ids}-code-label`} className="text-sm text-base-content/75">
            {t.codeLabel}
          </p>
          <p
            aria-labelledby={`${ids}-code-label`}
            className="-mt-2 rounded-box bg-base-200 px-4 py-2 font-mono text-3xl font-bold tracking-[0.3em]"
          >
            {state.code}
          </p>
          <p>{state.instructions}</p>
          <label className={`btn btn-primary btn-sm ${busy ? 'btn-disabled' : ''}`}>
            {t.choosePhoto}
            <input
              type="file"
              accept={acceptedImageTypes.join(',')}
              className="sr-only"
              disabled={busy}
              onChange={onPhoto}
            />
          </label>
        </div>
      );
    case 'waiting-for-review':
    case 'approved':
      return (
        <div className="mt-2 grid gap-3">
          <p>{state.status === 'approved' ? t.approved : t.waiting}</p>
          {state.status === 'approved' && (
            <p className="text-sm text-base-content/75">{t.approvedRule}</p>
          )}
          {state.photoUrl && (
            <img
              src={state.photoUrl}
              alt={t.yourPhoto}
              className="max-h-48 w-auto justify-self-start rounded-box border border-base-300"
            />
          )}
        </div>
      );
  }
}
