/**
 * The card form of the test-mode processor (the sandbox), with its own checks of
 * the card number, expiry and CVC.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/ui/form-field.tsx';
import { messages } from '../../../lib/messages.ts';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment.ts';
import { paymentMessages } from '../messages.ts';
import { CardholderFields, PayButton } from './card-form-parts.tsx';
import type { CardFormProps } from './stripe-card-form.tsx';

const t = paymentMessages;

/** MM/YY (or MM/YYYY, or MMYY) to the month and the four-digit year. */
function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2})$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year: year < 100 ? 2000 + year : year };
}

const sandboxCardSchema = z.object({
  cardNumber: z
    .string()
    .trim()
    .min(1, t.cardNumberRequired)
    .transform((text) => text.replace(/[\s-]/g, ''))
    .refine((digits) => /^\d{12,19}$/.test(digits), t.cardNumberInvalid),
  expiry: z
    .string()
    .trim()
    .min(1, t.expiryRequired)
    .transform((text, context) => {
      const expiry = parseExpiry(text);
      if (!expiry) {
        context.addIssue({ code: 'custom', message: t.expiryInvalid });
        return z.NEVER;
      }
      return expiry;
    }),
  cvc: z
    .string()
    .trim()
    .min(1, t.cvcRequired)
    .regex(/^\d{3,4}$/, t.cvcInvalid),
  name: z.string().trim().min(1, t.nameRequired).max(200),
  email: z
    .string()
    .trim()
    .min(1, t.emailRequired)
    .max(254)
    .pipe(z.email({ error: t.emailInvalid })),
});
type SandboxCardInput = z.input<typeof sandboxCardSchema>;
type SandboxCardOutput = z.output<typeof sandboxCardSchema>;

/**
 * The test-mode processor's card form: Stripe's test cards, confirmed with
 * POST /api/sandbox/payment_intents/:id/confirm. Nothing about the card is kept.
 */
export function SandboxCardForm({ intent, defaultName, defaultEmail, onConfirmed }: CardFormProps) {
  const confirmPayment = useConfirmSandboxPayment();
  const [cardError, setCardError] = useState<string | null>(null);
  /** The intent already confirmed: a retry after a failed record only records again. */
  const confirmed = useRef<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SandboxCardInput, unknown, SandboxCardOutput>({
    resolver: zodResolver(sandboxCardSchema),
    defaultValues: {
      cardNumber: '',
      expiry: '',
      cvc: '',
      name: defaultName,
      email: defaultEmail,
    },
  });

  // The session may arrive after the form: prefill the name and email unless the buyer
  // typed them.
  useEffect(() => {
    if (defaultName && getValues('name') === '') setValue('name', defaultName);
    if (defaultEmail && getValues('email') === '') setValue('email', defaultEmail);
  }, [defaultName, defaultEmail, getValues, setValue]);

  // Built in the event handler (not during render), since it reads and writes a ref.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void handleSubmit(async (values) => {
      if (!intent) return;
      setCardError(null);
      try {
        if (confirmed.current !== intent.paymentIntentId) {
          const { paymentIntent } = await confirmPayment.mutateAsync({
            paymentIntentId: intent.paymentIntentId,
            client_secret: intent.clientSecret,
            card: {
              number: values.cardNumber,
              exp_month: values.expiry.month,
              exp_year: values.expiry.year,
              cvc: values.cvc,
            },
            billing_details: { name: values.name, email: values.email },
          });
          if (paymentIntent.status !== 'succeeded') {
            setCardError(t.notCompleted);
            return;
          }
          confirmed.current = intent.paymentIntentId;
        }
        await onConfirmed(intent.paymentIntentId);
      } catch (error) {
        // The card error shows in red under the form, and payment halts.
        setCardError(
          error instanceof Error && error.message ? error.message : messages.serverError,
        );
      }
    })(event);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-busy={isSubmitting || undefined}
      className="grid gap-4"
    >
      <div className="rounded-box bg-warning/10 p-3 text-sm">
        <p>{t.testHint}</p>
        <p className="text-base-content/75">{t.testNote}</p>
      </div>
      <Field
        label={t.cardNumber}
        error={errors.cardNumber?.message}
        inputProps={{
          type: 'text',
          inputMode: 'numeric',
          autoComplete: 'cc-number',
          maxLength: 23,
          placeholder: '4242 4242 4242 4242',
          className: 'input w-full',
          ...register('cardNumber'),
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t.expiry}
          error={errors.expiry?.message}
          inputProps={{
            type: 'text',
            inputMode: 'numeric',
            autoComplete: 'cc-exp',
            maxLength: 7,
            placeholder: 'MM/YY',
            className: 'input w-full',
            ...register('expiry'),
          }}
        />
        <Field
          label={t.cvc}
          error={errors.cvc?.message}
          inputProps={{
            type: 'text',
            inputMode: 'numeric',
            autoComplete: 'cc-csc',
            maxLength: 4,
            className: 'input w-full',
            ...register('cvc'),
          }}
        />
      </div>
      <CardholderFields
        name={register('name')}
        email={register('email')}
        errors={{ name: errors.name?.message, email: errors.email?.message }}
      />
      <PayButton
        disabled={!intent || isSubmitting}
        busy={isSubmitting || !intent}
        preparing={!intent}
        cardError={cardError}
      />
    </form>
  );
}
