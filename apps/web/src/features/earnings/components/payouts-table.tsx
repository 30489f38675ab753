import type { Payout } from '@laptops/shared/payouts';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { earningsMessages } from '../messages.ts';
import { formatDay } from './format-day.ts';

const t = earningsMessages.payouts;

const badge: Record<Payout['status'], string> = {
  pending: 'badge-warning',
  paid: 'badge-success',
  failed: 'badge-error',
};

/** The seller's payouts, newest first; a refused one says what happens next. */
export function PayoutsTable({ payouts }: { payouts: Payout[] }) {
  const columns: DataTableColumn<Payout>[] = [
    {
      key: 'date',
      header: t.date,
      rowHeader: true,
      className: 'whitespace-nowrap font-medium',
      cell: (payout) => formatDay(payout.paidAt ?? payout.createdAt),
    },
    {
      key: 'amount',
      header: t.amount,
      className: 'whitespace-nowrap tabular-nums',
      cell: (payout) => formatPrice(payout.amount),
    },
    {
      key: 'status',
      header: t.status,
      cell: (payout) => (
        <span className="flex flex-col items-start gap-1">
          <span className={`badge whitespace-nowrap ${badge[payout.status]}`}>
            {t.statuses[payout.status]}
          </span>
          {/* Stripe's reason (`failure`) is written for the platform, not the seller. */}
          {payout.status === 'failed' && (
            <span className="text-sm text-base-content/75">{t.failedNote}</span>
          )}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t.caption}
      columns={columns}
      rows={payouts}
      rowKey={(payout) => payout.id}
      empty={t.empty}
    />
  );
}
