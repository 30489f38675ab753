import { zodResolver } from '@hookform/resolvers/zod';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FieldError } from '../../../components/ui/form-field.tsx';
import { messages } from '../../../lib/messages.ts';
import { paymentMessages } from '../messages.ts';
import { CardholderFields, PayButton } from './card-form-parts.tsx';

/**
 * This module is the Stripe chunk: the payment page loads it with React.lazy only
 * when the deployment uses Stripe, so the sandbox path never downloads Stripe.js.
 */

/** What the payment page gives either card form. */
export type CardFormProps = {
  /** The order's payment intent; null until the server has answered. */
  intent: { clientSecret: string; paymentIntentId: string } | null;
  /** Prefill the name on the card and the billing email (the signed-in user's). */
  defaultName: string;
  defaultEmail: string;
  /**
   * Records a payment the provider confirmed (POST /api/payments) and shows the
   * outcome; rejects with an error whose message the form shows.
   */
  onConfirmed: (paymentIntentId: string) => Promise<void>;
};

const t = paymentMessages;

const billingSchema = z.object({
  name: z.string().trim().min(1, t.nameRequired).max(200),
  email: z
    .string()
    .trim()
    .min(1, t.emailRequired)
    .max(254)
    .pipe(z.email({ error: t.emailInvalid })),
});
type Billing = z.infer<typeof billingSchema>;

/** One Stripe.js instance per publishable key: <Elements> must keep the same one. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed download may succeed on the next visit.
    stripe.catch(() => stripeByKey.delete(publishableKey));
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe Elements' card field, with billing name and email, confirmed with confirmCardPayment. */
export function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  const stripe = stripeFor(publishableKey);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let live = true;
    stripe.then(
      (loaded) => {
        if (!loaded && live) setLoadFailed(true);
      },
      () => {
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [stripe]);

  if (loadFailed) {
    return (
      <p role="alert" className="alert alert-error">
        {t.stripeUnavailable}
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ intent, defaultName, defaultEmail, onConfirmed }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const ids = useId();
  const [cardError, setCardError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  /** The intent Stripe already confirmed: a retry after a failed record only records again. */
  const confirmed = useRef<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Billing>({
    resolver: zodResolver(billingSchema),
    defaultValues: { name: defaultName, email: defaultEmail },
  });

  // The session may arrive after the form: prefill the name and email unless the buyer
  // typed them.
  useEffect(() => {
    if (defaultName && getValues('name') === '') setValue('name', defaultName);
    if (defaultEmail && getValues('email') === '') setValue('email', defaultEmail);
  }, [defaultName, defaultEmail, getValues, setValue]);

  const ready = Boolean(stripe && elements && intent);

  // Built in the event handler (not during render), since it reads and writes a ref.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void handleSubmit(async ({ name, email }) => {
      if (!stripe || !elements || !intent) return;
      setCardError(null);
      try {
        if (confirmed.current !== intent.paymentIntentId) {
          const card = elements.getElement(CardElement);
          if (!card) return;
          const { error, paymentIntent } = await stripe.confirmCardPayment(intent.clientSecret, {
            payment_method: { card, billing_details: { name, email } },
          });
          const succeeded =
            paymentIntent?.status === 'succeeded' || error?.payment_intent?.status === 'succeeded';
          if (!succeeded) {
            // The provider's message shows in red under the form, and payment halts.
            setCardError(error?.message ?? t.notCompleted);
            return;
          }
          confirmed.current = intent.paymentIntentId;
        }
        await onConfirmed(intent.paymentIntentId);
      } catch (error) {
        setCardError(
          error instanceof Error && error.message ? error.message : messages.serverError,
        );
      }
    })(event);

  const onCardChange = (event: StripeCardElementChangeEvent) =>
    setFieldError(event.error?.message ?? null);

  const cardLabelId = `${ids}-card-label`;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-busy={isSubmitting || undefined}
      className="grid gap-4"
    >
      <div>
        <p id={cardLabelId} className="mb-1 font-medium">
          {t.card}
        </p>
        <div
          role="group"
          aria-labelledby={cardLabelId}
          aria-describedby={fieldError ? `${ids}-card-error` : undefined}
          className="input flex h-auto w-full items-center py-3"
        >
          <div className="w-full">
            <CardElement
              onChange={onCardChange}
              options={{ style: { base: { fontSize: '16px' } }, disabled: isSubmitting }}
            />
          </div>
        </div>
        <FieldError id={`${ids}-card-error`} error={fieldError ?? undefined} />
      </div>
      <CardholderFields
        name={register('name')}
        email={register('email')}
        errors={{ name: errors.name?.message, email: errors.email?.message }}
      />
      <PayButton
        disabled={!ready || isSubmitting}
        busy={isSubmitting || !intent}
        preparing={!intent}
        cardError={cardError}
      />
    </form>
  );
}
