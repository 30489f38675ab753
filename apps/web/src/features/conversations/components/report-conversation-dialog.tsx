import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import {
  CONVERSATION_REPORT_TEXT_MAX,
  conversationReportInputSchema,
  conversationReportReasons,
  type ConversationReportReason,
} from '@laptops/shared/conversation-safety';
import { FieldError, TextareaField } from '../../../components/ui/form-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useReportConversation } from '../api/report-conversation.ts';
import { safetyMessages } from '../safety-messages.ts';

type FieldErrors = Partial<Record<'reason' | 'reportText', string>>;

function fieldErrors(entries: Iterable<[PropertyKey | undefined, string]>): FieldErrors {
  const found: FieldErrors = {};
  for (const [key, message] of entries) {
    if (key === 'reason' || key === 'reportText') found[key] ??= message;
  }
  return found;
}

/**
 * Reporting a conversation: a reason to choose (details required for 'Other') and
 * details. A modal dialog; every way of closing it (Escape, backdrop, Cancel, sent)
 * calls onClose, and each opening starts empty.
 */
export function ReportConversationDialog({
  conversationId,
  otherName,
  onClose,
}: {
  conversationId: string;
  otherName: string;
  onClose: () => void;
}) {
  const t = safetyMessages.reportDialog;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const reasonRefs = useRef(new Map<ConversationReportReason, HTMLInputElement>());
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const [reason, setReason] = useState<ConversationReportReason | null>(null);
  const [reportText, setReportText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const report = useReportConversation();
  const sending = report.isPending;
  const textRequired = reason === 'other';

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    reasonRefs.current.get(conversationReportReasons[0])?.focus();
  }, []);

  const close = () => {
    if (!sending) dialogRef.current?.close();
  };

  /** Shows the errors and moves focus to the first field with one, which reads it out. */
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    if (found.reason) reasonRefs.current.get(reason ?? conversationReportReasons[0])?.focus();
    else if (found.reportText) textRef.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const input = conversationReportInputSchema.safeParse({
      reason: reason ?? undefined,
      reportText,
    });
    if (!input.success) {
      return showErrors(
        fieldErrors(input.error.issues.map((issue) => [issue.path[0], issue.message] as const)),
      );
    }
    setErrors({});
    report.mutate(
      { conversationId, input: input.data },
      {
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
      },
    );
  };

  const reasonErrorId = `${ids}-reason-error`;

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-intro`}
      aria-busy={sending || undefined}
      onCancel={(event) => {
        if (sending) event.preventDefault();
      }}
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id={`${ids}-title`} className="text-xl font-bold">
          {t.title}
        </h2>
        <p id={`${ids}-intro`} className="mt-2 mb-4 text-sm text-base-content/80">
          {t.with}: <span className="font-semibold">{otherName}</span>. {t.intro}
        </p>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <fieldset
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? reasonErrorId : undefined}
          >
            <legend className="mb-1 font-medium">{t.reason}</legend>
            <FieldError id={reasonErrorId} error={errors.reason} className="mb-2" />
            <div className="grid gap-2">
              {conversationReportReasons.map((value) => {
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
            hint={
              textRequired
                ? t.detailsHintOther(CONVERSATION_REPORT_TEXT_MAX)
                : t.detailsHint(CONVERSATION_REPORT_TEXT_MAX)
            }
            textareaProps={{
              ref: textRef,
              rows: 4,
              maxLength: CONVERSATION_REPORT_TEXT_MAX,
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
