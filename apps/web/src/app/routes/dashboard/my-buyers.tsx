import { Link } from 'react-router';
import type { OrderStatus } from '@laptops/shared/orders';
import type { MyBuyer } from '@laptops/shared/products';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useMyBuyers } from '../../../features/seller/api/get-my-buyers.ts';
import { myBuyersMessages } from '../../../features/seller/messages.ts';

const badges: Record<OrderStatus, string> = {
  unpaid: '',
  paid: 'badge-info',
  disputed: 'badge-error',
  completed: 'badge-success',
  refunded: 'badge-warning',
  'partly-refunded': 'badge-warning',
  'sold-to-another': 'badge-neutral',
  withdrawn: 'badge-ghost',
};

/**
 * My buyers: the bookings of the seller's laptops, with where each stands (not paid,
 * paid with the money held, completed, refunded...); each leads to its order page (the
 * buyer's phone and the meeting place, the handover).
 */
export function MyBuyersPage() {
  const t = myBuyersMessages;
  const buyers = useMyBuyers();

  const columns: DataTableColumn<MyBuyer>[] = [
    { key: 'buyerName', header: t.email, rowHeader: true, className: 'font-medium' },
    {
      key: 'productName',
      header: t.product,
      cell: (row) => (
        <Link
          to={paths.dashboard.order.getHref(row._id)}
          className="link link-hover"
          aria-label={t.detailsLabel(row.productName, row.buyerName)}
        >
          {row.productName}
        </Link>
      ),
    },
    {
      key: 'price',
      header: t.price,
      className: 'whitespace-nowrap',
      cell: (row) => formatPrice(row.price),
    },
    {
      key: 'status',
      header: t.status,
      cell: (row) => {
        const { label, hint } = t.statuses[row.status];
        return row.status === 'unpaid' ? (
          <span className="text-base-content/75" title={hint}>
            {label}
          </span>
        ) : (
          <span className={`badge ${badges[row.status]}`} title={hint}>
            {label}
          </span>
        );
      },
    },
  ];

  return (
    <ListPage title={t.title} query={buyers} loadFailed={t.loadFailed} retryLabel={t.retry}>
      {(data) => (
        <DataTable
          caption={t.caption}
          columns={columns}
          rows={data}
          rowKey={(row) => row._id}
          empty={t.empty}
        />
      )}
    </ListPage>
  );
}
