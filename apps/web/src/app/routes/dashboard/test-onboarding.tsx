import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SandboxOnboardingOutcome } from '@laptops/shared/payouts';
import { paths } from '../../../config/paths.ts';
import { useFinishTestOnboarding } from '../../../features/earnings/api/finish-test-onboarding.ts';
import { testOnboardingMessages as t } from '../../../features/earnings/messages.ts';

/**
 * /dashboard/earnings/test-onboarding?account=: test mode's stand-in for Stripe's payout
 * form. The seller chooses how it ends (done, or a detail missing) and goes back to
 * Earnings as from Stripe's form; no bank details are asked for.
 */
export function TestOnboardingPage() {
  const [params] = useSearchParams();
  const accountId = params.get('account') ?? '';
  const finish = useFinishTestOnboarding();
  const navigate = useNavigate();
  const finishHint = useId();
  const missingHint = useId();
  const backToEarnings = `${paths.dashboard.earnings.getHref()}?onboarding=return`;

  const choose = (outcome: SandboxOnboardingOutcome) =>
    finish.mutate(
      { accountId, outcome },
      { onSuccess: () => void navigate(backToEarnings, { replace: true }) },
    );

  return (
    <section className="mx-auto w-full max-w-xl">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.title}</h1>
        <span className="badge badge-warning font-semibold">{t.badge}</span>
      </div>
      <div className="rounded-box border border-warning bg-warning/10 p-4">
        <p>{t.intro}</p>
      </div>
      {accountId ? (
        <div className="mt-6 flex flex-col gap-4">
          <p className="font-medium">{t.choose}</p>
          {finish.isError && (
            <p role="alert" className="text-error">
              {t.failed} {finish.error.message}
            </p>
          )}
          <div className="flex flex-col gap-1">
            <button
              type="button"
              className="btn btn-primary"
              disabled={finish.isPending}
              aria-describedby={finishHint}
              onClick={() => choose('complete')}
            >
              {finish.isPending ? t.saving : t.finish}
            </button>
            <p id={finishHint} className="text-sm text-base-content/75">
              {t.finishHint}
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <button
              type="button"
              className="btn btn-outline"
              disabled={finish.isPending}
              aria-describedby={missingHint}
              onClick={() => choose('missing-details')}
            >
              {t.missing}
            </button>
            <p id={missingHint} className="text-sm text-base-content/75">
              {t.missingHint}
            </p>
          </div>
          <Link to={paths.dashboard.earnings.getHref()} className="link">
            {t.back}
          </Link>
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          <p role="alert">{t.noAccount}</p>
          <Link to={paths.dashboard.earnings.getHref()} className="link">
            {t.backPlain}
          </Link>
        </div>
      )}
    </section>
  );
}
