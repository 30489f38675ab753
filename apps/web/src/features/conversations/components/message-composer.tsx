import { useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGE_MAX } from '@laptops/shared/conversations';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useSendMessage } from '../api/send-message.ts';
import { conversationMessages as t } from '../messages.ts';

type Photo = { url: string; preview: string };

/**
 * The box to write in, with a photo to add. Its state is its own, so what is typed
 * draws only this box, never the thread above.
 */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const send = useSendMessage();
  const [body, setBody] = useState('');
  const [photo, setPhoto] = useState<Photo>();
  const [uploading, setUploading] = useState<number>();
  const [uploadError, setUploadError] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const boxId = useId();

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    setUploadError('');
    setUploading(0);
    try {
      const url = await uploadImage(file, setUploading);
      setPhoto({ url, preview: URL.createObjectURL(file) });
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : t.photoFailed);
    } finally {
      setUploading(undefined);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const removePhoto = () => {
    if (photo) URL.revokeObjectURL(photo.preview);
    setPhoto(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ((body.trim() === '' && !photo) || send.isPending || uploading !== undefined) return;
    send.mutate(
      { id: conversationId, body, ...(photo ? { image: photo.url } : {}) },
      {
        onSuccess: () => {
          setBody('');
          removePhoto();
        },
      },
    );
  };

  const error = uploadError || (send.isError ? send.error.message : '');
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={boxId} className="text-sm font-medium">
        {t.messageLabel}
      </label>
      <textarea
        id={boxId}
        className="textarea w-full"
        rows={3}
        maxLength={MESSAGE_MAX}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        aria-describedby={`${boxId}-hint ${boxId}-error`}
      />
      <p id={`${boxId}-hint`} className="text-sm text-base-content/70">
        {t.messageHint}
      </p>
      {photo && (
        <div className="flex items-center gap-3">
          <img
            src={photo.preview}
            alt={t.photoChosen}
            className="h-16 w-16 rounded-box border border-base-300 object-cover"
          />
          <button type="button" className="btn btn-ghost btn-sm" onClick={removePhoto}>
            {t.removePhoto}
          </button>
        </div>
      )}
      <p id={`${boxId}-error`} role="alert" className="text-sm text-error empty:hidden">
        {error}
      </p>
      <div className="flex items-center justify-between gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="peer sr-only"
          id={`${boxId}-photo`}
          onChange={(event) => void choosePhoto(event.currentTarget.files?.[0])}
          disabled={uploading !== undefined}
        />
        <label
          htmlFor={`${boxId}-photo`}
          className="btn btn-ghost btn-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary"
        >
          {uploading === undefined
            ? photo
              ? t.replacePhoto
              : t.addPhoto
            : t.uploading(Math.round(uploading * 100))}
        </label>
        <button
          type="submit"
          className="btn btn-primary"
          aria-disabled={send.isPending || uploading !== undefined || undefined}
        >
          {send.isPending ? t.sending : t.send}
        </button>
      </div>
    </form>
  );
}
