import { useId } from 'react';
import type { PayoutAccount } from '@laptops/shared/payouts';
import { useRefreshPayoutAccount } from '../api/refresh-payout-account.ts';
import { useStartOnboarding } from '../api/start-onboarding.ts';
import { earningsMessages } from '../messages.ts';

const t = earningsMessages.account;

const tone: Record<PayoutAccount['state'], string> = {
  none: 'border-primary/40 bg-primary/5',
  onboarding: 'border-primary/40 bg-primary/5',
  'needs-info': 'border-warning bg-warning/10',
  verifying: 'border-info/50 bg-info/5',
  enabled: 'border-success/50 bg-success/10',
};

/**
 * Where the seller's payouts stand, with the one thing to do next: set them up, go on
 * with Stripe's form, ask again while Stripe checks, or nothing when they are on.
 */
export function PayoutAccountPanel({ account }: { account: PayoutAccount }) {
  const titleId = useId();
  const start = useStartOnboarding();
  const refresh = useRefreshPayoutAccount();
  const { state } = account;
  const action =
    state === 'none'
      ? t.start
      : state === 'onboarding'
        ? t.continue
        : state === 'needs-info' || (state === 'enabled' && account.requirements.length > 0)
          ? t.continueStripe
          : null;
  // Stripe's page follows the click: the button stays busy until the browser leaves.
  const leaving = start.isPending || start.isSuccess;

  return (
    <section aria-labelledby={titleId} className={`rounded-box border p-4 sm:p-5 ${tone[state]}`}>
      <h2 id={titleId} className="text-lg font-semibold">
        {t.titles[state]}
      </h2>
      <p className="mt-1">{t.states[state]}</p>
      {state === 'enabled' && account.requirements.length > 0 && (
        <p className="mt-1">{t.soonNeeded}</p>
      )}
      {account.provider === 'sandbox' && state !== 'enabled' && (
        <p className="mt-1 text-sm text-base-content/75">{t.testModeStart}</p>
      )}
      {start.isError && (
        <p role="alert" className="mt-2 text-error">
          {t.startFailed} {start.error.message}
        </p>
      )}
      {refresh.isError && (
        <p role="alert" className="mt-2 text-error">
          {earningsMessages.returned.failed}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {action && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={leaving}
            onClick={() => start.mutate()}
          >
            {leaving ? t.starting : action}
          </button>
        )}
        {state === 'verifying' && (
          <button
            type="button"
            className="btn btn-outline"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            {t.checkAgain}
          </button>
        )}
      </div>
    </section>
  );
}
