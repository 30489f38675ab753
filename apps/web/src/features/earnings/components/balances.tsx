import type { Earnings } from '@laptops/shared/payouts';
import { formatPrice } from '../../../lib/format.ts';
import { earningsMessages } from '../messages.ts';

const t = earningsMessages.balances;

/**
 * The seller's four sums, each read from the ledger: held until handover, available,
 * on its way, paid out. A list of terms and amounts, so a screen reader says each pair.
 */
export function Balances({
  balances,
  payoutsOn,
}: {
  balances: Earnings['balances'];
  payoutsOn: boolean;
}) {
  const items = [
    { label: t.held, amount: balances.held, hint: t.heldHint },
    {
      label: t.available,
      amount: balances.available,
      hint: payoutsOn || balances.available === 0 ? t.availableHint : t.availableNoPayouts,
    },
    { label: t.inTransit, amount: balances.inTransit, hint: t.inTransitHint },
    { label: t.paidOut, amount: balances.paidOut, hint: t.paidOutHint },
  ];
  return (
    <dl
      aria-label={earningsMessages.balancesLabel}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4"
    >
      {items.map((item) => (
        <div
          key={item.label}
          className="flex flex-col rounded-box border border-base-300 bg-base-100 p-4"
        >
          <dt className="text-sm font-medium text-base-content/75">{item.label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{formatPrice(item.amount)}</dd>
          <dd className="mt-1 text-sm text-base-content/75">{item.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
