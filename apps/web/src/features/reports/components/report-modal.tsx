import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import {
  REPORT_TEXT_MAX,
  reportInputSchema,
  reportReasons,
  type ReportReason,
} from '@laptops/shared/reports';
import { Field, FieldError, TextareaField } from '../../../components/ui/form-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useReportProduct } from '../api/report-product.ts';
import { reportMessages } from '../messages.ts';

type ReportedProduct = { _id: string; name: string };
type FieldName = 'reason' | 'reportText';
type FieldErrors = Partial<Record<FieldName, string>>;

/** The first message for each field the form shows. */
function fieldErrors(entries: Iterable<[PropertyKey | undefined, string]>): FieldErrors {
  const found: FieldErrors = {};
  for (const [key, message] of entries) {
    if (key === 'reason' || key === 'reportText') found[key] ??= message;
  }
  return found;
}

/**
 * The report modal: the laptop's name read-only, a reason to choose, and details,
 * required when the reason is 'Other'. Open while `product` is set; every way of
 * closing it (Escape, backdrop, Cancel, success) reports onClose. Each opening is for
 * that product only: it starts with nothing chosen.
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
  const reasonRefs = useRef(new Map<ReportReason, HTMLInputElement>());
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [reportText, setReportText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const report = useReportProduct();
  const sending = report.isPending;
  const textRequired = reason === 'other';

  // The chosen reason, or the first: where the arrow keys start in the group.
  const focusReason = () => reasonRefs.current.get(reason ?? reportReasons[0])?.focus();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    reasonRefs.current.get(reportReasons[0])?.focus();
    // No close() on unmount: a removed dialog leaves the top layer by itself, and a
    // close event then would tell the opener about a product it no longer shows.
  }, []);

  const close = () => {
    if (!sending) dialogRef.current?.close();
  };

  /** Shows the errors and moves focus to the first field with one, which reads it out. */
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    if (found.reason) focusReason();
    else if (found.reportText) textRef.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    // The server's own rules, checked here first so the answer comes at once.
    const input = reportInputSchema.safeParse({
      productId: product._id,
      reason: reason ?? undefined,
      reportText,
    });
    if (!input.success) {
      const found = fieldErrors(
        input.error.issues.map((issue) => [issue.path[0], issue.message] as const),
      );
      // Not the reporter's to fix (a malformed product id): said rather than silently kept.
      if (!found.reason && !found.reportText) toast.error(input.error.issues[0]?.message ?? '');
      return showErrors(found);
    }
    setErrors({});
    report.mutate(input.data, {
      onSuccess: () => {
        toast.success(t.success);
        dialogRef.current?.close();
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.fields) {
          showErrors(fieldErrors(Object.entries(error.fields)));
        }
        toast.error(error.message);
      },
    });
  };

  const reasonErrorId = `${ids}-reason-error`;

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
          <Field
            label={t.productName}
            inputProps={{
              type: 'text',
              className: 'input w-full bg-base-200',
              value: product.name,
              readOnly: true,
              'aria-readonly': 'true',
            }}
          />
          <fieldset
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? reasonErrorId : undefined}
          >
            <legend className="mb-1 font-medium">{t.reason}</legend>
            <FieldError id={reasonErrorId} error={errors.reason} className="mb-2" />
            <div className="grid gap-2">
              {reportReasons.map((value) => {
                const id = `${ids}-reason-${value}`;
                return (
                  <div key={value} className="flex items-start gap-3">
                    <input
                      ref={(input) => {
                        if (input) reasonRefs.current.set(value, input);
                        else reasonRefs.current.delete(value);
                      }}
                      id={id}
                      type="radio"
                      name={`${ids}-reason`}
                      value={value}
                      className="radio radio-sm mt-0.5"
                      checked={reason === value}
                      onChange={() => {
                        setReason(value);
                        // Details are only missing while 'Other' is the reason.
                        setErrors((shown) => ({
                          reportText: value === 'other' ? shown.reportText : undefined,
                        }));
                      }}
                      required
                      aria-describedby={
                        errors.reason ? `${id}-hint ${reasonErrorId}` : `${id}-hint`
                      }
                    />
                    <div>
                      <label htmlFor={id} className="block cursor-pointer leading-tight">
                        {t.reasons[value].label}
                      </label>
                      <p id={`${id}-hint`} className="text-sm text-base-content/70">
                        {t.reasons[value].hint}
                      </p>
                    </div>
                  </div>
                );
              })}
            </div>
          </fieldset>
          <TextareaField
            label={
              <>
                {t.reportText}{' '}
                <span className="font-normal text-base-content/70">
                  {textRequired ? t.required : t.optional}
                </span>
              </>
            }
            error={errors.reportText}
            errorBesideLabel
            hint={textRequired ? t.reportHintOther(REPORT_TEXT_MAX) : t.reportHint(REPORT_TEXT_MAX)}
            textareaProps={{
              ref: textRef,
              rows: 4,
              maxLength: REPORT_TEXT_MAX,
              className: 'textarea w-full',
              value: reportText,
              onChange: (event) => {
                setReportText(event.target.value);
                setErrors((shown) => ({ ...shown, reportText: undefined }));
              },
              required: textRequired,
            }}
          />
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
