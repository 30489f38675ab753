import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useReportProduct } from '../api/report-product.ts';
import { reportMessages } from '../messages.ts';

export const REPORT_TEXT_MAX = 2000;

type ReportedProduct = { _id: string; name: string };

/**
 * SPEC.md "Report modal 'Report TO Admin'": the product's name read-only, a free
 * text (no validation) and 'report'. Open while `product` is set; every way of
 * closing it (Escape, backdrop, Cancel, success) reports onClose. Each opening
 * is for that product only: its text starts empty.
 */
export function ReportModal({
  product,
  onClose,
}: {
  product: ReportedProduct | null;
  onClose: () => void;
}) {
  if (!product) return null;
  return <ReportDialog key={product._id} product={product} onClose={onClose} />;
}

function ReportDialog({ product, onClose }: { product: ReportedProduct; onClose: () => void }) {
  const t = reportMessages;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const [reportText, setReportText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const report = useReportProduct();
  const sending = report.isPending;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    textRef.current?.focus();
    // No close() on unmount: a removed dialog leaves the top layer by itself, and a
    // close event then would tell the opener about a product it no longer shows.
  }, []);

  const close = () => {
    if (!sending) dialogRef.current?.close();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setTextError(null);
    report.mutate(
      { productId: product._id, reportText },
      {
        onSuccess: () => {
          toast.success(t.success);
          dialogRef.current?.close();
        },
        onError: (error) => {
          const fieldMessage =
            error instanceof ApiRequestError ? error.fields?.reportText : undefined;
          if (fieldMessage) {
            setTextError(fieldMessage);
            textRef.current?.focus();
          }
          toast.error(error.message);
        },
      },
    );
  };

  const nameId = `${ids}-name`;
  const textId = `${ids}-text`;

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={`${ids}-title`}
      aria-busy={sending || undefined}
      onCancel={(event) => {
        // Escape while the report is being sent: wait for the answer.
        if (sending) event.preventDefault();
      }}
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id={`${ids}-title`} className="mb-4 text-xl font-bold">
          {t.title}
        </h2>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div>
            <label htmlFor={nameId} className="mb-1 block font-medium">
              {t.productName}
            </label>
            <input
              id={nameId}
              type="text"
              className="input w-full"
              value={product.name}
              readOnly
              aria-readonly="true"
            />
          </div>
          <div>
            <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3">
              <label htmlFor={textId} className="font-medium">
                {t.reportText}
              </label>
              {textError && (
                <p id={`${textId}-error`} className="text-sm text-error">
                  {textError}
                </p>
              )}
            </div>
            <textarea
              ref={textRef}
              id={textId}
              rows={5}
              maxLength={REPORT_TEXT_MAX}
              className="textarea w-full"
              value={reportText}
              onChange={(event) => setReportText(event.target.value)}
              aria-invalid={textError ? true : undefined}
              aria-describedby={textError ? `${textId}-hint ${textId}-error` : `${textId}-hint`}
            />
            <p id={`${textId}-hint`} className="mt-1 text-sm text-base-content/70">
              {t.reportHint}
            </p>
          </div>
          <div className="modal-action mt-2">
            <button type="button" className="btn btn-ghost" onClick={close} disabled={sending}>
              {t.cancel}
            </button>
            <button type="submit" className="btn btn-error" disabled={sending}>
              {sending && (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              )}
              {t.submit}
            </button>
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} disabled={sending}>
          {t.close}
        </button>
      </form>
    </dialog>
  );
}
