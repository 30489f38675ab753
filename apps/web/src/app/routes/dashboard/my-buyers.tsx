import { Link } from 'react-router';
import type { MyBuyer } from '@laptops/shared/products';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useMyBuyers } from '../../../features/seller/api/get-my-buyers.ts';
import { myBuyersMessages } from '../../../features/seller/messages.ts';

/**
 * My buyers: the bookings of the seller's laptops, with whether each is paid; each
 * leads to its order page (the buyer's phone and the meeting place).
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
      key: 'paid',
      header: t.payment,
      cell: (row) =>
        row.paid ? (
          <span className="badge badge-success">{t.paid}</span>
        ) : (
          <span className="text-base-content/75">{t.notPaid}</span>
        ),
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
