import { Link } from 'react-router';
import type {
  AdminOverview,
  BuyerOverview,
  DashboardOverview,
  SellerOverview,
} from '@laptops/shared/dashboard';
import { paths } from '../../../config/paths.ts';
import { dashboardPaths } from '../../../config/dashboard-paths.ts';
import { overviewMessages as t } from '../messages.ts';

/**
 * A count that opens the page where it can be acted on. `urgent` counts are someone's
 * turn to act and stand out while they are above zero.
 */
function Tile(props: { count: number; label: string; to: string; urgent?: boolean }) {
  const waiting = props.urgent && props.count > 0;
  return (
    <li>
      <Link
        to={props.to}
        className={`flex h-full flex-col gap-1 rounded-box border bg-base-100 p-4 shadow-sm transition-colors hover:border-primary ${
          waiting ? 'border-primary' : 'border-base-300'
        }`}
      >
        <span className={`text-3xl font-bold ${waiting ? 'text-primary' : ''}`}>{props.count}</span>
        <span className="text-sm text-base-content/80">{props.label}</span>
      </Link>
    </li>
  );
}

const tileGrid = 'grid grid-cols-2 gap-3 lg:grid-cols-4';

function BuyerView({ overview }: { overview: BuyerOverview }) {
  const orders = paths.dashboard.myOrders.getHref();
  const none = overview.toPay + overview.toMeet + overview.openDisputes + overview.completed === 0;
  const { next } = overview;
  return (
    <>
      {next && (
        <section
          aria-labelledby="next-step"
          className="flex flex-col gap-3 rounded-box border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 id="next-step" className="font-semibold">
              {t.buyer.next}
            </h2>
            <p>{next.action === 'pay' ? t.buyer.pay(next.laptop) : t.buyer.meet(next.laptop)}</p>
          </div>
          <Link
            to={
              next.action === 'pay'
                ? paths.dashboard.payment.getHref(next.orderId)
                : paths.dashboard.order.getHref(next.orderId)
            }
            className="btn btn-primary shrink-0"
          >
            {next.action === 'pay' ? t.buyer.payButton : t.buyer.meetButton}
          </Link>
        </section>
      )}
      {none ? (
        <div className="flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-100 p-6">
          <p>{t.buyer.empty}</p>
          <Link to={paths.search.getHref()} className="btn btn-primary">
            {t.buyer.browse}
          </Link>
        </div>
      ) : (
        <ul className={tileGrid}>
          <Tile count={overview.toPay} label={t.buyer.toPay} to={orders} urgent />
          <Tile count={overview.toMeet} label={t.buyer.toMeet} to={orders} urgent />
          <Tile count={overview.openDisputes} label={t.buyer.openDisputes} to={orders} />
          <Tile count={overview.completed} label={t.buyer.completed} to={orders} />
        </ul>
      )}
    </>
  );
}

function SellerView({ overview }: { overview: SellerOverview }) {
  const buyers = paths.dashboard.myBuyers.getHref();
  const earnings = paths.dashboard.earnings.getHref();
  const { money } = overview;
  const hasMoney = money.held + money.available + money.paidOut > 0;
  const nothingYet = overview.forSale === 0 && overview.sold === 0 && overview.toHandOver === 0;
  return (
    <>
      {nothingYet ? (
        <div className="flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-100 p-6">
          <p>{t.seller.empty}</p>
          <Link to={paths.dashboard.addProduct.getHref()} className="btn btn-primary">
            {t.seller.addLaptop}
          </Link>
        </div>
      ) : (
        <ul className={tileGrid}>
          <Tile
            count={overview.forSale}
            label={t.seller.forSale}
            to={paths.dashboard.myProducts.getHref()}
          />
          <Tile count={overview.awaitingPayment} label={t.seller.awaitingPayment} to={buyers} />
          <Tile count={overview.toHandOver} label={t.seller.toHandOver} to={buyers} urgent />
          <Tile count={overview.sold} label={t.seller.sold} to={earnings} />
        </ul>
      )}
      {hasMoney && (
        <section
          aria-labelledby="your-money"
          className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
        >
          <h2 id="your-money" className="mb-3 font-semibold">
            {t.seller.money}
          </h2>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {(
              [
                [t.seller.held, money.held],
                [t.seller.available, money.available],
                [t.seller.paidOut, money.paidOut],
              ] as const
            ).map(([label, amount]) => (
              <div key={label}>
                <dt className="text-sm text-base-content/80">{label}</dt>
                <dd className="text-xl font-bold">{t.seller.amount(amount)}</dd>
              </div>
            ))}
          </dl>
          {!overview.payoutsReady && <p className="mt-3 text-sm">{t.seller.setUpPayouts}</p>}
          <Link to={earnings} className="btn btn-sm btn-outline mt-3">
            {overview.payoutsReady ? t.seller.seeEarnings : t.seller.setUpPayoutsButton}
          </Link>
        </section>
      )}
      {!nothingYet && (
        <Link to={paths.dashboard.addProduct.getHref()} className="btn btn-primary self-start">
          {t.seller.addLaptop}
        </Link>
      )}
    </>
  );
}

function AdminView({ overview }: { overview: AdminOverview }) {
  const waiting =
    overview.openReports +
    overview.sellersToVerify +
    overview.openDisputes +
    overview.openConversationReports +
    overview.openReviewReports +
    overview.photosToVerify;
  return (
    <>
      <ul className={tileGrid}>
        <Tile
          count={overview.openReports}
          label={t.admin.openReports}
          to={paths.dashboard.reportedItems.getHref()}
          urgent
        />
        <Tile
          count={overview.sellersToVerify}
          label={t.admin.sellersToVerify}
          to={paths.dashboard.allSellers.getHref()}
          urgent
        />
        <Tile
          count={overview.openDisputes}
          label={t.admin.openDisputes}
          to={paths.dashboard.disputes.getHref()}
          urgent
        />
        <Tile
          count={overview.openConversationReports}
          label={t.admin.openConversationReports}
          to={paths.dashboard.reportedConversations.getHref()}
          urgent
        />
        <Tile
          count={overview.openReviewReports}
          label={t.admin.openReviewReports}
          to={paths.dashboard.reviewReports.getHref()}
          urgent
        />
        <Tile
          count={overview.photosToVerify}
          label={t.admin.photosToVerify}
          to={dashboardPaths.photoVerifications.getHref()}
          urgent
        />
      </ul>
      {waiting === 0 && <p className="text-base-content/80">{t.admin.allClear}</p>}
    </>
  );
}

/** The dashboard's first page below its heading: what waits for this person. */
export function Overview({ overview }: { overview: DashboardOverview }) {
  if (overview.role === 'admin') return <AdminView overview={overview} />;
  if (overview.role === 'seller') return <SellerView overview={overview} />;
  return <BuyerView overview={overview} />;
}

/** The line under the heading, for the person's role. */
export const overviewIntro = (role: DashboardOverview['role']) => t[role].intro;
