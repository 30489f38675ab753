import { useEffect, useId, useRef } from 'react';

/** Its own texts: it loads with the pages that ask for confirmation, not with Home. */
const confirmTexts = { title: 'Please confirm', cancel: 'Cancel', close: 'Close' } as const;

type ConfirmDialogProps = {
  open: boolean;
  title?: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: both buttons are disabled and closing is held off. */
  busy?: boolean;
  /**
   * What the confirmed action is, by its colour: 'danger' (red) destroys something
   * (delete, remove, cancel a booking); 'neutral' grants something (make admin, verify).
   */
  tone?: 'danger' | 'neutral';
};

/**
 * Asks before a destructive or privileged action ('Delete this laptop?'). A native
 * <dialog> shown with showModal(), so focus stays inside. Cancel gets the focus first, so a
 * stray Enter never destroys anything; Escape, the backdrop and Cancel all call
 * onCancel. The opener closes it by setting `open` to false.
 */
export function ConfirmDialog({
  open,
  title = confirmTexts.title,
  message,
  confirmLabel,
  cancelLabel = confirmTexts.cancel,
  onConfirm,
  onCancel,
  busy = false,
  tone = 'danger',
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.open) dialog.showModal();
      cancelRef.current?.focus();
    } else if (dialog.open) {
      dialog.close();
    }
  }, [open]);

  const cancel = () => {
    if (!busy) onCancel();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      aria-busy={busy || undefined}
      onCancel={(event) => {
        // Escape: the opener decides (it sets `open`), so the dialog never closes behind its back.
        event.preventDefault();
        cancel();
      }}
      onClose={() => {
        // Closed by the browser itself (some close an insisting Escape anyway): tell the opener.
        if (open) onCancel();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <p id={messageId} className="py-4">
          {message}
        </p>
        <div className="modal-action">
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-ghost"
            onClick={cancel}
            disabled={busy}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-neutral'}`}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
      <div className="modal-backdrop">
        <button type="button" tabIndex={-1} onClick={cancel}>
          {confirmTexts.close}
        </button>
      </div>
    </dialog>
  );
}
