import type { EarningsLine, EarningsLineStatus } from '@laptops/shared/payouts';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { earningsMessages } from '../messages.ts';
import { formatDay } from './format-day.ts';

const t = earningsMessages.sales;

const badge: Record<EarningsLineStatus, string> = {
  held: 'badge-info',
  available: 'badge-neutral',
  'in-transit': 'badge-warning',
  'paid-out': 'badge-success',
  refunded: 'badge-ghost',
};

const money = (className = '') => `whitespace-nowrap tabular-nums ${className}`;

/** One line per sale: a table on wide screens, a card each on a phone (DataTable). */
export function SalesTable({ lines }: { lines: EarningsLine[] }) {
  const columns: DataTableColumn<EarningsLine>[] = [
    { key: 'laptop', header: t.laptop, rowHeader: true, className: 'font-medium' },
    {
      key: 'date',
      header: t.date,
      className: 'whitespace-nowrap',
      cell: (line) => formatDay(line.date),
    },
    { key: 'price', header: t.price, className: money(), cell: (line) => formatPrice(line.price) },
    { key: 'fee', header: t.fee, className: money(), cell: (line) => formatPrice(line.fee) },
    {
      key: 'refunded',
      header: t.refunded,
      className: money(),
      cell: (line) => formatPrice(line.refunded),
    },
    {
      key: 'receive',
      header: t.receive,
      className: money('font-semibold'),
      cell: (line) => formatPrice(line.receive),
    },
    {
      key: 'status',
      header: t.status,
      cell: (line) => (
        <span className={`badge whitespace-nowrap ${badge[line.status]}`}>
          {t.statuses[line.status]}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t.caption}
      columns={columns}
      rows={lines}
      rowKey={(line) => line.orderId}
      empty={t.empty}
    />
  );
}
