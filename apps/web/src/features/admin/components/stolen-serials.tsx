import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { stolenSerialInputSchema } from '@laptops/shared/serial-checks';
import { Field } from '../../../components/ui/form-field.tsx';
import {
  useMarkSerialStolen,
  useStolenSerials,
  useUnmarkSerialStolen,
} from '../api/serial-checks.ts';
import { formatWhen } from '../format-when.ts';
import { serialCheckMessages as t } from '../serial-check-messages.ts';

/**
 * Marking a serial stolen: the admin types it (it is hashed on the server and never
 * kept), with a note for admins. Listings carrying it are taken off sale there.
 */
export function MarkStolenForm() {
  const headingId = useId();
  const mark = useMarkSerialStolen();
  const [serial, setSerial] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ serial?: string; note?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = stolenSerialInputSchema.safeParse({ serial, note });
    if (!input.success) {
      const issues = input.error.issues;
      setErrors({
        serial: issues.find((issue) => issue.path[0] === 'serial')?.message,
        note: issues.find((issue) => issue.path[0] === 'note')?.message,
      });
      return;
    }
    mark.mutate(input.data, {
      onSuccess: (marked) => {
        toast.success(t.marked(marked.takenDown));
        setSerial('');
        setNote('');
      },
      onError: (failure) => setErrors({ serial: failure.message }),
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t.markTitle}
      </h2>
      <p className="mt-1 max-w-prose text-sm text-base-content/75">{t.markIntro}</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          label={t.serial}
          error={errors.serial}
          inputProps={{
            name: 'serial',
            className: 'input w-full font-mono',
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
            value: serial,
            onChange: (event) => {
              setSerial(event.currentTarget.value);
              setErrors({});
            },
          }}
        />
        <Field
          label={t.note}
          hint={t.noteHint}
          error={errors.note}
          inputProps={{
            name: 'note',
            className: 'input w-full',
            maxLength: 300,
            value: note,
            onChange: (event) => setNote(event.currentTarget.value),
          }}
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-error btn-sm" disabled={mark.isPending}>
            {t.mark}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The serials marked stolen: the note, who and when, how many listings carried it. */
export function StolenSerialList() {
  const headingId = useId();
  const marks = useStolenSerials();
  const unmark = useUnmarkSerialStolen();

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold">
        {t.stolenTitle}
      </h2>
      {marks.isPending ? (
        <span className="loading loading-spinner" aria-label="Loading" />
      ) : marks.isError ? (
        <p role="alert" className="text-error">
          {t.loadFailed} {marks.error.message}
        </p>
      ) : marks.data.length === 0 ? (
        <p className="text-base-content/80">{t.stolenEmpty}</p>
      ) : (
        <ul aria-label={t.stolenCaption} className="grid gap-2">
          {marks.data.map((mark) => (
            <li
              key={mark._id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-3"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium wrap-anywhere">{mark.note || t.noNote}</p>
                <p className="text-base-content/70">
                  {t.markedBy(mark.markedBy, formatWhen(mark.markedAt))} ·{' '}
                  {t.listings(mark.listings)}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-label={t.unmarkLabel(mark.note || t.noNote)}
                disabled={unmark.isPending}
                onClick={() =>
                  unmark.mutate(mark._id, {
                    onSuccess: () => toast.success(t.unmarked),
                    onError: (failure) => toast.error(failure.message),
                  })
                }
              >
                {t.unmark}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
