import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import { ApiRequestError } from '../../lib/api-client.ts';
import { FieldError, TextareaField } from './form-field.tsx';

/** The words of a report dialog; `reasons` are its radio buttons, each with a hint. */
export type ReportDialogTexts<Reason extends string> = {
  title: string;
  /** The reasons' legend: the question the reporter answers. */
  reason: string;
  reasons: Record<Reason, { label: string; hint: string }>;
  details: string;
  optional: string;
  required: string;
  detailsHint: (max: number) => string;
  /** The details' hint once 'Other' is chosen, when they are needed. */
  detailsHintOther: (max: number) => string;
  submit: string;
  cancel: string;
  close: string;
  success: string;
};

/** What the report's contract answers: a zod safeParse result, without naming zod. */
type Parsed<Input> =
  | { success: true; data: Input }
  | {
      success: false;
      error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
    };

type SendHandlers = { onSuccess: () => void; onError: (error: Error) => void };

type FieldErrors = Partial<Record<'reason' | 'reportText', string>>;

/** The first message for each field the form shows. */
function fieldErrors(entries: Iterable<readonly [PropertyKey | undefined, string]>): FieldErrors {
  const found: FieldErrors = {};
  for (const [key, message] of entries) {
    if (key === 'reason' || key === 'reportText') found[key] ??= message;
  }
  return found;
}

type ReportDialogProps<Reason extends string, Input> = {
  texts: ReportDialogTexts<Reason>;
  /** The reasons in the order they are offered; 'other' needs details. */
  reasons: readonly Reason[];
  /** The most characters the details may have. */
  textMax: number;
  /** Under the title, and what the dialog is described by: who or what is reported. */
  intro?: ReactNode;
  /** First in the form, above the reasons: the reported thing, read-only. */
  leading?: ReactNode;
  /** The server's own rules (its zod contract), checked here first so the answer comes at once. */
  parse: (fields: { reason: Reason | undefined; reportText: string }) => Parsed<Input>;
  /** Sends the checked report: the caller's mutation, given these handlers. */
  send: (input: Input, handlers: SendHandlers) => void;
  sending: boolean;
  onClose: () => void;
};

/**
 * A modal dialog reporting something to the admins: a reason to choose, and details,
 * required when the reason is 'Other'. It opens when drawn, with the keyboard on the
 * first reason; every way of closing it (Escape, backdrop, Cancel, sent) calls onClose,
 * and the caller draws it afresh for each opening, so each starts empty.
 */
export function ReportDialog<Reason extends string, Input>({
  texts: t,
  reasons,
  textMax,
  intro,
  leading,
  parse,
  send,
  sending,
  onClose,
}: ReportDialogProps<Reason, Input>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const reasonRefs = useRef(new Map<Reason, HTMLInputElement>());
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const [reason, setReason] = useState<Reason | null>(null);
  const [reportText, setReportText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const textRequired = reason === 'other';
  const firstReason = reasons[0];

  // The chosen reason, or the first: where the arrow keys start in the group.
  const focusReason = () => {
    const target = reason ?? firstReason;
    if (target !== undefined) reasonRefs.current.get(target)?.focus();
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // The first reason: the refs are set in the order the reasons are drawn.
    reasonRefs.current.values().next().value?.focus();
    // No close() on unmount: a removed dialog leaves the top layer by itself, and a
    // close event then would tell the opener about something it no longer shows.
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
    const input = parse({ reason: reason ?? undefined, reportText });
    if (!input.success) {
      const found = fieldErrors(
        input.error.issues.map((issue) => [issue.path[0], issue.message] as const),
      );
      // Not the reporter's to fix (a malformed id): said rather than silently kept.
      if (!found.reason && !found.reportText) toast.error(input.error.issues[0]?.message ?? '');
      return showErrors(found);
    }
    setErrors({});
    send(input.data, {
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
      aria-describedby={intro ? `${ids}-intro` : undefined}
      aria-busy={sending || undefined}
      onCancel={(event) => {
        // Escape while the report is being sent: wait for the answer.
        if (sending) event.preventDefault();
      }}
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id={`${ids}-title`} className={intro ? 'text-xl font-bold' : 'mb-4 text-xl font-bold'}>
          {t.title}
        </h2>
        {intro && (
          <p id={`${ids}-intro`} className="mt-2 mb-4 text-sm text-base-content/80">
            {intro}
          </p>
        )}
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {leading}
          <fieldset
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? reasonErrorId : undefined}
          >
            <legend className="mb-1 font-medium">{t.reason}</legend>
            <FieldError id={reasonErrorId} error={errors.reason} className="mb-2" />
            <div className="grid gap-2">
              {reasons.map((value) => {
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
                {t.details}{' '}
                <span className="font-normal text-base-content/70">
                  {textRequired ? t.required : t.optional}
                </span>
              </>
            }
            error={errors.reportText}
            errorBesideLabel
            hint={textRequired ? t.detailsHintOther(textMax) : t.detailsHint(textMax)}
            textareaProps={{
              ref: textRef,
              rows: 4,
              maxLength: textMax,
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
