import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { handoverCodeSchema } from '@laptops/shared/deals';
import { Field } from '../../../components/ui/form-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useEnterHandoverCode } from '../api/enter-handover-code.ts';
import { orderPageMessages as t } from '../order-page-messages.ts';

/** What the server says on the field itself: a wrong code, too many tries. */
const fieldRefusals = new Set([422, 429]);

/**
 * The seller types the 6 digits the buyer shows them (spaces allowed: "123 456"), and
 * the held money is released. A wrong code, or too many tries, is said on the field.
 */
export function HandoverCodeForm({
  orderId,
  receive,
  onDone,
}: {
  orderId: string;
  /** What the seller receives after the fee, in dollars. */
  receive: number;
  onDone: () => void;
}) {
  const enter = useEnterHandoverCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();

  const refuse = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    if (typed === '') return refuse(t.codeForm.required);
    const checked = handoverCodeSchema.safeParse(typed);
    if (!checked.success) return refuse(checked.error.issues[0]?.message ?? t.codeForm.required);
    try {
      await enter.mutateAsync({ orderId, code: checked.data });
      toast.success(t.codeForm.done(formatPrice(receive)));
      onDone();
    } catch (failure) {
      if (failure instanceof ApiRequestError && fieldRefusals.has(failure.status)) {
        refuse(failure.message);
      } else {
        toast.error(failure instanceof Error ? failure.message : String(failure));
      }
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-box border-2 border-primary/40 bg-base-100 p-5 shadow-sm"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {t.codeForm.title}
      </h2>
      <p className="mt-1 text-sm text-base-content/80">{t.codeForm.text}</p>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex flex-col gap-4"
      >
        <Field
          label={t.codeForm.label}
          hint={t.codeForm.hint}
          error={error}
          inputProps={{
            ref: inputRef,
            type: 'text',
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            spellCheck: false,
            value: code,
            onChange: (event) => {
              setCode(event.target.value);
              setError(undefined);
            },
            className:
              'input input-lg w-full max-w-60 text-center font-mono text-2xl tracking-[0.3em]',
          }}
        />
        <div>
          <button
            type="submit"
            className="btn btn-primary w-full sm:w-auto"
            disabled={enter.isPending}
          >
            {enter.isPending && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            {t.codeForm.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
