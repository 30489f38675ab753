import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import {
  DISPUTE_DETAILS_MAX,
  DISPUTE_PHOTOS_MAX,
  disputeReasonText,
  disputeReasons,
  openDisputeInputSchema,
  type DisputeReason,
} from '@laptops/shared/disputes';
import { acceptedImageTypes } from '@laptops/shared/images';
import { FieldError, TextareaField } from '../../../components/ui/form-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useOpenDispute } from '../api/open-dispute.ts';
import { disputeMessages as t } from '../messages.ts';

type Photo = { url: string; preview: string };
type Field = 'reason' | 'details' | 'photos';
type FieldErrors = Partial<Record<Field, string>>;

/** The first message for each field the form shows. */
function fieldErrors(entries: Iterable<readonly [PropertyKey | undefined, string]>): FieldErrors {
  const found: FieldErrors = {};
  for (const [key, message] of entries) {
    if (key === 'reason' || key === 'details' || key === 'photos') found[key] ??= message;
  }
  return found;
}

/**
 * The buyer's dispute: what went wrong (one of the reasons), what happened, and up to
 * four photos, each uploaded as it is chosen. Checked here with the server's own
 * contract first; a refusal's field messages show under their fields.
 */
export function DisputeForm({ orderId, onCancel }: { orderId: string; onCancel: () => void }) {
  const open = useOpenDispute();
  const ids = useId();
  const [reason, setReason] = useState<DisputeReason>();
  const [details, setDetails] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState<number>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const firstReason = useRef<HTMLInputElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    if (found.reason) firstReason.current?.focus();
    else if (found.details) detailsRef.current?.focus();
    else if (found.photos) fileInput.current?.focus();
  };

  const addPhoto = async (file: File | undefined) => {
    if (!file) return;
    setErrors((shown) => ({ ...shown, photos: undefined }));
    setUploading(0);
    try {
      const url = await uploadImage(file, setUploading);
      setPhotos((chosen) => [...chosen, { url, preview: URL.createObjectURL(file) }]);
    } catch (error) {
      setErrors((shown) => ({
        ...shown,
        photos: error instanceof Error ? error.message : t.photoFailed,
      }));
    } finally {
      setUploading(undefined);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const removePhoto = (index: number) => {
    setPhotos((chosen) => {
      const gone = chosen[index];
      if (gone) URL.revokeObjectURL(gone.preview);
      return chosen.filter((_, i) => i !== index);
    });
    fileInput.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (open.isPending || uploading !== undefined) return;
    const input = openDisputeInputSchema.safeParse({
      reason,
      details,
      photos: photos.map((photo) => photo.url),
    });
    if (!input.success) {
      return showErrors(
        fieldErrors(input.error.issues.map((issue) => [issue.path[0], issue.message] as const)),
      );
    }
    setErrors({});
    open.mutate(
      { orderId, ...input.data },
      {
        // Success replaces this form with the dispute (DisputePanel says so).
        onError: (error) => {
          if (error instanceof ApiRequestError && error.fields) {
            showErrors(fieldErrors(Object.entries(error.fields)));
          }
          toast.error(error.message);
        },
      },
    );
  };

  const reasonErrorId = `${ids}-reason-error`;
  const photosHintId = `${ids}-photos-hint`;
  const photosErrorId = `${ids}-photos-error`;
  const full = photos.length >= DISPUTE_PHOTOS_MAX;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-5"
      aria-busy={open.isPending || undefined}
    >
      <fieldset
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? reasonErrorId : undefined}
      >
        <legend className="mb-2 font-medium">{t.reason}</legend>
        <FieldError id={reasonErrorId} error={errors.reason} className="mb-2" />
        <div className="grid gap-2 sm:grid-cols-2">
          {disputeReasons.map((value, index) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary"
            >
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name={`${ids}-reason`}
                value={value}
                className="radio radio-sm mt-0.5"
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setErrors((shown) => ({ ...shown, reason: undefined }));
                }}
              />
              <span className="text-sm">{disputeReasonText[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <TextareaField
        label={t.details}
        hint={t.detailsHint(DISPUTE_DETAILS_MAX)}
        error={errors.details}
        textareaProps={{
          ref: detailsRef,
          className: 'textarea w-full',
          rows: 5,
          maxLength: DISPUTE_DETAILS_MAX,
          value: details,
          onChange: (event) => {
            setDetails(event.currentTarget.value);
            if (errors.details) setErrors((shown) => ({ ...shown, details: undefined }));
          },
        }}
      />

      <div>
        <p className="mb-1 font-medium" id={`${ids}-photos-label`}>
          {t.photos}
        </p>
        <p id={photosHintId} className="text-sm text-base-content/70">
          {t.photosHint(DISPUTE_PHOTOS_MAX)}
        </p>
        {photos.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-3" aria-labelledby={`${ids}-photos-label`}>
            {photos.map((photo, index) => (
              <li key={photo.url} className="flex flex-col items-center gap-1">
                <img
                  src={photo.preview}
                  alt={t.photoAlt(index + 1)}
                  className="size-20 rounded-box border border-base-300 object-cover"
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => removePhoto(index)}
                >
                  {t.removePhoto(index + 1)}
                </button>
              </li>
            ))}
          </ul>
        )}
        <FieldError id={photosErrorId} error={errors.photos} />
        {!full && (
          <div className="mt-3">
            <input
              ref={fileInput}
              id={`${ids}-photo`}
              type="file"
              accept={acceptedImageTypes.join(',')}
              className="peer sr-only"
              aria-describedby={[photosHintId, errors.photos ? photosErrorId : '']
                .filter(Boolean)
                .join(' ')}
              onChange={(event) => void addPhoto(event.currentTarget.files?.[0])}
              disabled={uploading !== undefined}
            />
            <label
              htmlFor={`${ids}-photo`}
              className="btn btn-outline btn-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary"
            >
              {uploading === undefined ? t.addPhoto : t.uploading(Math.round(uploading * 100))}
            </label>
          </div>
        )}
      </div>

      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          className="btn btn-error"
          aria-disabled={open.isPending || uploading !== undefined || undefined}
        >
          {open.isPending && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          {open.isPending ? t.submitting : t.submit}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={onCancel}
          disabled={open.isPending}
        >
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
