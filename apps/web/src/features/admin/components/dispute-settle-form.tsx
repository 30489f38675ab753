import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { feeCents } from '@laptops/shared/deals';
import {
  SETTLEMENT_NOTE_MAX,
  disputeOutcomes,
  partRefundProblem,
  settleDisputeInputSchema,
  type DisputeDetails,
  type DisputeOutcome,
} from '@laptops/shared/disputes';
import { formatDollars } from '@laptops/shared/money';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, FieldError, TextareaField } from '../../../components/ui/form-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSettleDispute } from '../api/settle-dispute.ts';
import { disputeConsoleMessages } from '../dispute-messages.ts';

const t = disputeConsoleMessages.settle;

type FieldName = 'outcome' | 'refundAmount' | 'note';
type FieldErrors = Partial<Record<FieldName, string>>;

function fieldErrors(entries: Iterable<readonly [PropertyKey | undefined, string]>): FieldErrors {
  const found: FieldErrors = {};
  for (const [key, message] of entries) {
    if (key === 'outcome' || key === 'refundAmount' || key === 'note') found[key] ??= message;
  }
  return found;
}

/** What the seller receives of `cents` released at the deal's fee, and the fee. */
function released(cents: number, feePercent: number) {
  const fee = feeCents(cents, Math.round(feePercent * 100));
  return { receives: cents - fee, fee };
}

/**
 * An admin settles an open dispute: refund in full, refund in part (an amount between
 * nothing and all that is held) or release to the seller, with a note both people read.
 * The split is shown as the admin types, checked here by the server's own rules, and
 * confirmed in a dialog before anything moves.
 */
export function DisputeSettleForm({ dispute }: { dispute: DisputeDetails }) {
  const settle = useSettleDispute();
  const ids = useId();
  const [outcome, setOutcome] = useState<DisputeOutcome>();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const firstOutcome = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);

  const heldCents = Math.round(dispute.money.held * 100);
  const held = formatDollars(heldCents);
  const whole = released(heldCents, dispute.money.feePercent);
  const parsed = settleDisputeInputSchema.safeParse({ outcome, refundAmount: amount, note });
  const refundCents =
    outcome === 'refund'
      ? heldCents
      : outcome === 'refund-part' && parsed.success && parsed.data.outcome === 'refund-part'
        ? Math.round(parsed.data.refundAmount * 100)
        : 0;
  const split = released(heldCents - refundCents, dispute.money.feePercent);
  const partOk = outcome === 'refund-part' && refundCents > 0 && refundCents < heldCents;

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    if (found.outcome) firstOutcome.current?.focus();
    else if (found.refundAmount) amountRef.current?.focus();
    else if (found.note) noteRef.current?.focus();
  };

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!outcome) return showErrors({ outcome: t.outcomeRequired });
    if (!parsed.success) {
      return showErrors(
        fieldErrors(parsed.error.issues.map((issue) => [issue.path[0], issue.message] as const)),
      );
    }
    const problem = outcome === 'refund-part' ? partRefundProblem(refundCents, heldCents) : null;
    if (problem) return showErrors({ refundAmount: problem });
    setErrors({});
    setConfirming(true);
  };

  const send = () => {
    if (!parsed.success) return;
    settle.mutate(
      { id: dispute._id, ...parsed.data },
      {
        // Success replaces this form with the settlement (the dispute's page says so).
        onError: (error) => {
          setConfirming(false);
          if (error instanceof ApiRequestError && error.fields) {
            showErrors(fieldErrors(Object.entries(error.fields)));
          }
          toast.error(error.message);
        },
      },
    );
  };

  const confirmText =
    outcome === 'refund'
      ? t.confirm.refund(held)
      : outcome === 'refund-part'
        ? t.confirm['refund-part'](formatDollars(refundCents), formatDollars(split.receives))
        : t.confirm.release(formatDollars(whole.receives));
  const outcomeErrorId = `${ids}-outcome-error`;

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="rounded-box border-2 border-warning bg-base-100 p-4"
    >
      <h2 id={`${ids}-heading`} className="mb-1 font-semibold">
        {t.heading}
      </h2>
      <p className="mb-4 text-sm text-base-content/80">{t.intro(held)}</p>
      <form onSubmit={review} noValidate className="grid gap-4">
        <fieldset
          aria-invalid={errors.outcome ? true : undefined}
          aria-describedby={errors.outcome ? outcomeErrorId : undefined}
        >
          <legend className="mb-2 text-sm font-medium">{t.outcome}</legend>
          <FieldError id={outcomeErrorId} error={errors.outcome} className="mb-2" />
          <div className="grid gap-2">
            {disputeOutcomes.map((value, index) => {
              const option = t.options[value];
              const hint =
                value === 'refund'
                  ? t.options.refund.hint(held)
                  : value === 'release'
                    ? t.options.release.hint(
                        formatDollars(whole.receives),
                        formatDollars(whole.fee),
                      )
                    : t.options['refund-part'].hint;
              return (
                <div
                  key={value}
                  className="flex items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary"
                >
                  <input
                    ref={index === 0 ? firstOutcome : undefined}
                    id={`${ids}-${value}`}
                    type="radio"
                    name={`${ids}-outcome`}
                    value={value}
                    className="radio radio-sm mt-0.5"
                    checked={outcome === value}
                    aria-describedby={`${ids}-${value}-hint`}
                    onChange={() => {
                      setOutcome(value);
                      setErrors({});
                    }}
                  />
                  <div className="flex flex-col gap-0.5 text-sm">
                    <label htmlFor={`${ids}-${value}`} className="cursor-pointer font-medium">
                      {option.label}
                    </label>
                    <span id={`${ids}-${value}-hint`} className="text-base-content/75">
                      {hint}
                    </span>
                  </div>
                </div>
              );
            })}
          </div>
        </fieldset>

        {outcome === 'refund-part' && (
          <Field
            label={t.amount}
            hint={
              partOk
                ? t.split(
                    formatDollars(refundCents),
                    formatDollars(split.receives),
                    formatDollars(split.fee),
                  )
                : t.amountHint(held)
            }
            error={errors.refundAmount}
            inputProps={{
              ref: amountRef,
              className: 'input w-full max-w-48 tabular-nums',
              inputMode: 'decimal',
              autoComplete: 'off',
              placeholder: '0.00',
              value: amount,
              onChange: (event) => {
                setAmount(event.currentTarget.value);
                if (errors.refundAmount) setErrors({});
              },
            }}
          />
        )}

        <TextareaField
          label={t.note}
          hint={t.noteHint(SETTLEMENT_NOTE_MAX)}
          error={errors.note}
          textareaProps={{
            ref: noteRef,
            className: 'textarea w-full',
            rows: 4,
            maxLength: SETTLEMENT_NOTE_MAX,
            value: note,
            onChange: (event) => {
              setNote(event.currentTarget.value);
              if (errors.note) setErrors({});
            },
          }}
        />

        <button type="submit" className="btn btn-primary justify-self-start">
          {t.submit}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        message={confirmText}
        confirmLabel={t.confirmLabel}
        tone="neutral"
        busy={settle.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={send}
      />
    </section>
  );
}
