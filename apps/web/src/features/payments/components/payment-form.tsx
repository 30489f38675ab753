/**
 * The payment page's card section: starts the payment and shows the card form of
 * the deployment's processor (the sandbox's, or Stripe's loaded on demand).
 */
import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/get-session.ts';
import { usePaymentConfig } from '../api/get-payment-config.ts';
import { usePaymentIntent } from '../api/create-payment-intent.ts';
import { paymentMessages } from '../messages.ts';
import { SandboxCardForm } from './sandbox-card-form.tsx';
import type { CardFormProps } from './stripe-card-form.tsx';

const t = paymentMessages;

/** Its own chunk: Stripe.js is only downloaded when the deployment uses Stripe. */
const StripeCardForm = lazy(() =>
  import('./stripe-card-form.tsx').then(
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

/**
 * Starts the payment once (POST /api/create-payment-intent) and shows the card form
 * of the deployment's processor. The processor is known from /api/payment-config
 * before the intent answers, so the form shows at once with Pay disabled.
 */
export function PaymentForm({
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
    defaultName: session.data?.name ?? '',
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
