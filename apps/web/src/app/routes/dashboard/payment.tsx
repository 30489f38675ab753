import { zodResolver } from '@hookform/resolvers/zod';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import type { Order } from '@laptops/shared/orders';
import { Field } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useSession } from '../../../lib/get-session.ts';
import { messages } from '../../../lib/messages.ts';
import { useConfirmSandboxPayment } from '../../../features/payments/api/confirm-sandbox-payment.ts';
import { usePaymentConfig } from '../../../features/payments/api/get-payment-config.ts';
import { usePaymentIntent } from '../../../features/payments/api/create-payment-intent.ts';
import { useRecordPayment } from '../../../features/payments/api/record-payment.ts';
import type { CardFormProps } from '../../../features/payments/components/stripe-card-form.tsx';
import { paymentMessages } from '../../../features/payments/messages.ts';

const t = paymentMessages;

/** Its own chunk: Stripe.js is only downloaded when the deployment uses Stripe. */
const StripeCardForm = lazy(() =>
  import('../../../features/payments/components/stripe-card-form.tsx').then(
    (module) => ({ default: module.StripeCardForm }),
    () => ({
      default: function StripeUnavailable() {
        return (
          <p role="alert" className="alert alert-error">
            {t.stripeUnavailable}
          </p>
        );
      },
    }),
  ),
);

type Outcome = { kind: 'paid'; transactionId: string } | { kind: 'refunded'; message: string };

/**
 * The payment page (/dashboard/payment/:id): 'Payment for' the product,
 * 'Please pay $' the price, and the card form. The route's loader fetches the
 * order. A paid order shows its transaction id; one sold to another buyer or
 * withdrawn by the seller says so; only an unpaid one offers the form.
 */
export function PaymentPage({ order }: { order: Order }) {
  // Another order is another payment: nothing of this one's state carries over.
  return <PaymentScreen key={order._id} order={order} />;
}

function PaymentScreen({ order }: { order: Order }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const record = useRecordPayment();

  const onConfirmed = async (paymentIntentId: string) => {
    try {
      await record.mutateAsync({ orderId: order._id, transactionId: paymentIntentId });
    } catch (error) {
      // Paid, but it could no longer buy the laptop (sold or withdrawn meanwhile, say):
      // the server refunded it and says why.
      if (error instanceof ApiRequestError && error.code === 'PAYMENT_REFUNDED') {
        setOutcome({ kind: 'refunded', message: error.message || t.refunded });
        return;
      }
      throw error;
    }
    setOutcome({ kind: 'paid', transactionId: paymentIntentId });
  };

  let content: ReactNode | undefined;
  if (order.paid || order.status === 'paid') {
    content = <PaidNotice orderId={order._id} transactionId={order.transactionId} />;
  } else if (outcome?.kind === 'paid') {
    content = <PaidNotice orderId={order._id} transactionId={outcome.transactionId} justPaid />;
  } else if (outcome?.kind === 'refunded') {
    content = <ClosedNotice message={outcome.message} />;
  } else if (order.status === 'sold-to-another') {
    content = <ClosedNotice message={t.soldToAnother} />;
  } else if (order.status === 'withdrawn') {
    content = <ClosedNotice message={t.withdrawn} />;
  }
  const payable = content === undefined;
  if (payable) content = <PaymentForm orderId={order._id} onConfirmed={onConfirmed} />;

  return (
    <section className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold sm:text-3xl">{t.heading(order.productName)}</h1>
      <p className="mt-2 text-lg">
        {payable ? t.pleasePay(formatPrice(order.price)) : t.amount(formatPrice(order.price))}
      </p>
      <dl className="mt-4 mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/75">{t.seller}</dt>
        <dd>
          {order.sellerName} (
          <a href={`mailto:${order.sellerEmail}`} className="link link-hover">
            {order.sellerEmail}
          </a>
          )
        </dd>
        <dt className="text-base-content/75">{t.meetingLocation}</dt>
        <dd>{order.sellerLocation}</dd>
        <dt className="text-base-content/75">{t.yourPhone}</dt>
        <dd>{order.sellerMobileNumber}</dd>
      </dl>
      {content}
    </section>
  );
}

function PaidNotice({
  orderId,
  transactionId,
  justPaid = false,
}: {
  orderId: string;
  transactionId: string | null;
  justPaid?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The form the buyer was in is gone: bring them to the outcome.
  useEffect(() => {
    if (justPaid) ref.current?.focus();
  }, [justPaid]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={justPaid ? 'status' : undefined}
      className="grid gap-3 rounded-box border border-success/40 bg-success/10 p-6 outline-none"
    >
      <p className="flex flex-wrap items-center gap-3">
        <span className="badge badge-success">{t.paid}</span>
        <span className="text-lg font-semibold">{justPaid ? t.success : t.alreadyPaid}</span>
      </p>
      {transactionId && <p className="wrap-anywhere">{t.transactionId(transactionId)}</p>}
      <p>{t.nextStep}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.dashboard.order.getHref(orderId)} className="btn btn-neutral btn-sm">
          {t.seeOrder}
        </Link>
        <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-outline btn-sm">
          {t.backToOrders}
        </Link>
      </div>
    </div>
  );
}

function ClosedNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="alert alert-warning flex flex-wrap">
      <span>{message}</span>
      <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-sm">
        {t.backToOrders}
      </Link>
    </div>
  );
}

/**
 * Starts the payment once (POST /api/create-payment-intent) and shows the card form
 * of the deployment's processor. The processor is known from /api/payment-config
 * before the intent answers, so the form shows at once with Pay disabled.
 */
function PaymentForm({
  orderId,
  onConfirmed,
}: {
  orderId: string;
  onConfirmed: CardFormProps['onConfirmed'];
}) {
  const paymentIntent = usePaymentIntent(orderId);
  const config = usePaymentConfig();
  const session = useSession();
  const titleId = useId();

  if (paymentIntent.isError) {
    return (
      <div role="alert" className="alert alert-error flex flex-wrap">
        <span>
          {t.intentFailed} {paymentIntent.error.message}
        </span>
        <span className="flex gap-2">
          <button
            type="button"
            className="btn btn-sm"
            disabled={paymentIntent.isFetching}
            onClick={() => void paymentIntent.refetch()}
          >
            {t.retry}
          </button>
          <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-ghost btn-sm">
            {t.backToOrders}
          </Link>
        </span>
      </div>
    );
  }

  // The intent is the authority once it is there; the config lets the form show before it.
  const provider = paymentIntent.data?.provider ?? config.data?.provider;
  if (!provider) return <Spinner />;
  const publishableKey = paymentIntent.data?.publishableKey ?? config.data?.publishableKey ?? null;

  const formProps: CardFormProps = {
    intent: paymentIntent.data
      ? {
          clientSecret: paymentIntent.data.clientSecret,
          paymentIntentId: paymentIntent.data.paymentIntentId,
        }
      : null,
    defaultEmail: session.data?.email ?? '',
    onConfirmed,
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
    >
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h2 id={titleId} className="text-xl font-bold">
          {t.cardDetails}
        </h2>
        {provider === 'sandbox' && <span className="badge badge-warning">{t.testMode}</span>}
      </div>
      {provider === 'sandbox' ? (
        <SandboxCardForm {...formProps} />
      ) : publishableKey ? (
        <Suspense fallback={<Spinner />}>
          <StripeCardForm publishableKey={publishableKey} {...formProps} />
        </Suspense>
      ) : (
        <p role="alert" className="alert alert-error">
          {t.notConfigured}
        </p>
      )}
    </section>
  );
}

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
function SandboxCardForm({ intent, defaultEmail, onConfirmed }: CardFormProps) {
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
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '', email: defaultEmail },
  });

  // The session may arrive after the form: prefill the email unless the buyer typed one.
  useEffect(() => {
    if (defaultEmail && getValues('email') === '') setValue('email', defaultEmail);
  }, [defaultEmail, getValues, setValue]);

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
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t.nameOnCard}
          error={errors.name?.message}
          inputProps={{
            type: 'text',
            autoComplete: 'cc-name',
            className: 'input w-full',
            ...register('name'),
          }}
        />
        <Field
          label={t.email}
          error={errors.email?.message}
          inputProps={{
            type: 'email',
            autoComplete: 'email',
            className: 'input w-full',
            ...register('email'),
          }}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={!intent || isSubmitting}>
        {(isSubmitting || !intent) && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        {t.pay}
      </button>
      {!intent && <p className="text-center text-sm text-base-content/70">{t.preparing}</p>}
      {cardError && (
        <p role="alert" className="text-error">
          {cardError}
        </p>
      )}
    </form>
  );
}
