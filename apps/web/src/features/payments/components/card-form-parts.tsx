import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/form-field.tsx';
import { paymentMessages as t } from '../messages.ts';

/** Name on card and email, under the card's own fields in both card forms. */
export function CardholderFields(props: {
  name: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  errors: { name?: string; email?: string };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t.nameOnCard}
        error={props.errors.name}
        inputProps={{
          type: 'text',
          autoComplete: 'cc-name',
          className: 'input w-full',
          ...props.name,
        }}
      />
      <Field
        label={t.email}
        error={props.errors.email}
        inputProps={{
          type: 'email',
          autoComplete: 'email',
          className: 'input w-full',
          ...props.email,
        }}
      />
    </div>
  );
}

/**
 * Pay, with a spinner while the payment is being prepared or sent, and under it what
 * is happening: still preparing, or why the card was refused.
 */
export function PayButton(props: {
  disabled: boolean;
  busy: boolean;
  preparing: boolean;
  cardError: string | null;
}) {
  return (
    <>
      <button type="submit" className="btn btn-primary" disabled={props.disabled}>
        {props.busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t.pay}
      </button>
      {props.preparing && <p className="text-center text-sm text-base-content/70">{t.preparing}</p>}
      {props.cardError && (
        <p role="alert" className="text-error">
          {props.cardError}
        </p>
      )}
    </>
  );
}
