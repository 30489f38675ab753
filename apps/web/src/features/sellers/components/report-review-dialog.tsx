import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast/headless';
import type { SellerReview } from '@laptops/shared/sellers';
import { paths } from '../../../config/paths.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { REVIEW_REPORT_REASON, useReportReview } from '../api/report-review.ts';
import { sellerPageMessages as t } from '../messages.ts';

const { min, max } = REVIEW_REPORT_REASON;

/**
 * A modal asking why a review breaks the rules, sent to the admins. Opens when drawn;
 * every way of closing it (Escape, Cancel, sent) calls onClose. A guest is asked to
 * log in (the route answers 401).
 */
export function ReportReviewDialog({
  review,
  onClose,
}: {
  review: SellerReview;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [signIn, setSignIn] = useState(false);
  const report = useReportReview(review.id);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The keyboard starts in the one field.
    textRef.current?.focus();
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (report.isPending) return;
    const text = reason.trim();
    if (text.length < min || text.length > max) {
      setError(text.length < min ? t.reportTooShort(min) : t.reportTooLong(max));
      textRef.current?.focus();
      return;
    }
    setError(undefined);
    report.mutate(text, {
      onSuccess: () => {
        toast.success(t.reportThanks);
        dialogRef.current?.close();
      },
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.status === 401) setSignIn(true);
        else setError(failure.message);
      },
    });
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-intro`}
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id={`${ids}-title`} className="text-lg font-bold">
          {t.reportTitle}
        </h2>
        <p id={`${ids}-intro`} className="mt-2 text-sm text-base-content/80">
          {t.reportIntro}
        </p>
        {signIn ? (
          <div role="alert" className="mt-4 flex flex-col gap-3">
            <p>{t.reportSignIn}</p>
            <div className="modal-action">
              <button type="button" className="btn" onClick={() => dialogRef.current?.close()}>
                {t.reportCancel}
              </button>
              <Link to={paths.login.getHref()} className="btn btn-primary">
                {t.logIn}
              </Link>
            </div>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-4">
            <label htmlFor={`${ids}-reason`} className="mb-1 block text-sm font-semibold">
              {t.reportReason}
            </label>
            <textarea
              id={`${ids}-reason`}
              className={`textarea w-full ${error ? 'textarea-error' : ''}`}
              rows={4}
              maxLength={max + 50}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
              ref={textRef}
            />
            <p id={`${ids}-hint`} className="mt-1 text-sm text-base-content/75">
              {t.reportHint(min, max)}
            </p>
            {error && (
              <p id={`${ids}-error`} className="mt-1 text-sm text-error">
                {error}
              </p>
            )}
            <div className="modal-action">
              <button type="button" className="btn" onClick={() => dialogRef.current?.close()}>
                {t.reportCancel}
              </button>
              <button type="submit" className="btn btn-primary" disabled={report.isPending}>
                {t.reportSend}
              </button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  );
}
