import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Earnings } from '@laptops/shared/payouts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { earningsCsvHref } from '../../../features/earnings/api/download-earnings-csv.ts';
import { payoutDue, useEarnings } from '../../../features/earnings/api/get-earnings.ts';
import { usePayoutAccount } from '../../../features/earnings/api/get-payout-account.ts';
import { usePayouts } from '../../../features/earnings/api/get-payouts.ts';
import { useRefreshPayoutAccount } from '../../../features/earnings/api/refresh-payout-account.ts';
import { useStartOnboarding } from '../../../features/earnings/api/start-onboarding.ts';
import { Balances } from '../../../features/earnings/components/balances.tsx';
import { PayoutAccountPanel } from '../../../features/earnings/components/payout-account-panel.tsx';
import { PayoutsTable } from '../../../features/earnings/components/payouts-table.tsx';
import { SalesTable } from '../../../features/earnings/components/sales-table.tsx';
import { TestModeBadge } from '../../../features/earnings/components/test-mode-badge.tsx';
import { earningsMessages as t } from '../../../features/earnings/messages.ts';

/**
 * Where Stripe's onboarding form sends the seller back: `return` when they are done (the
 * account is asked for afresh), `refresh` when its link ran out (a new one is made and
 * followed, as Stripe asks). The word is then taken out of the address.
 */
function useOnboardingReturn() {
  const [params, setParams] = useSearchParams();
  const refresh = useRefreshPayoutAccount();
  const start = useStartOnboarding();
  const handled = useRef(false);
  const onboarding = params.get('onboarding');
  useEffect(() => {
    if (handled.current || !onboarding) return;
    handled.current = true;
    if (onboarding === 'return') refresh.mutate();
    if (onboarding === 'refresh') start.mutate();
    setParams(
      (current) => {
        current.delete('onboarding');
        return current;
      },
      { replace: true },
    );
  }, [onboarding, refresh, start, setParams]);
  return { refresh, start };
}

/**
 * /dashboard/earnings: the seller's money (held, available, on its way, paid out), their
 * payout account with what to do next, each sale, their payouts and a CSV download.
 */
export function EarningsPage() {
  const account = usePayoutAccount();
  const payoutsOn = account.data?.state === 'enabled';
  const earnings = useEarnings({ payoutsOn });
  const payouts = usePayouts({ watch: payoutsOn && payoutDue(earnings.data) });
  const returned = useOnboardingReturn();
  const sandbox = account.data?.provider === 'sandbox';

  const failed = account.error ?? earnings.error;
  let body: ReactNode = <Spinner />;
  if (failed) {
    body = (
      <div role="alert" className="alert alert-error">
        <span>
          {t.loadFailed} {failed.message}
        </span>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void Promise.all([account.refetch(), earnings.refetch()])}
        >
          {t.retry}
        </button>
      </div>
    );
  } else if (account.data && earnings.data) {
    body = (
      <div className="flex flex-col gap-8">
        {returned.refresh.isPending ? (
          <p role="status">{t.account.checking}</p>
        ) : (
          <PayoutAccountPanel account={account.data} />
        )}
        {(returned.refresh.isError || returned.start.isError) && (
          <p role="alert" className="text-error">
            {t.returned.failed}
          </p>
        )}
        <Balances balances={earnings.data.balances} payoutsOn={account.data.state === 'enabled'} />
        <Sales earnings={earnings.data} />
        <Payouts payouts={payouts} />
      </div>
    );
  }

  return (
    <section className="w-full">
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.title}</h1>
        {sandbox && <TestModeBadge />}
      </div>
      {sandbox && <p className="-mt-4 mb-6 text-sm text-base-content/75">{t.testModeNote}</p>}
      {body}
    </section>
  );
}

function Sales({ earnings }: { earnings: Earnings }) {
  return (
    <section aria-labelledby="sales-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sales-heading" className="text-xl font-semibold">
          {t.sales.heading}
        </h2>
        {earnings.totalLines > 0 && (
          <a
            href={earningsCsvHref}
            download
            className="btn btn-outline btn-sm"
            aria-label={t.sales.downloadCsvLabel}
          >
            {t.sales.downloadCsv}
          </a>
        )}
      </div>
      {earnings.totalLines > earnings.lines.length && (
        <p className="text-sm text-base-content/75">
          {t.sales.latestOnly(earnings.lines.length, earnings.totalLines)}
        </p>
      )}
      <SalesTable lines={earnings.lines} />
    </section>
  );
}

function Payouts({ payouts }: { payouts: ReturnType<typeof usePayouts> }) {
  return (
    <section aria-labelledby="payouts-heading" className="flex flex-col gap-3">
      <h2 id="payouts-heading" className="text-xl font-semibold">
        {t.payouts.heading}
      </h2>
      {payouts.isPending ? (
        <Spinner size={40} />
      ) : payouts.isError ? (
        <div role="alert" className="alert alert-error">
          <span>
            {t.payouts.loadFailed} {payouts.error.message}
          </span>
          <button type="button" className="btn btn-sm" onClick={() => void payouts.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : (
        <PayoutsTable payouts={payouts.data} />
      )}
    </section>
  );
}
