import { useId, useState } from 'react';
import { Link } from 'react-router';
import { moneyReportDays, moneySeries, type MoneyReport } from '@laptops/shared/money-report';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useDisputes } from '../../../features/admin/api/get-disputes.ts';
import {
  useMoneyReport,
  type MoneyReportParams,
} from '../../../features/admin/api/get-money-report.ts';
import { MoneyChart } from '../../../features/admin/components/money-chart.tsx';
import { waitingFor } from '../../../features/admin/dispute-messages.ts';
import { moneyMessages as t } from '../../../features/admin/money-messages.ts';

const chartColor = {
  sales: 'primary',
  fees: 'secondary',
  held: 'accent',
  refunded: 'error',
  paidOut: 'success',
} as const;

// Days and weeks are UTC dates: shown as they are, not moved into the reader's zone.
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dateOf = (start: string) => new Date(`${start}T00:00:00Z`);
const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * /dashboard/money: for admins, where the marketplace's money went over the last 30,
 * 90 or 365 days, by day or week: totals, a chart per series with its numbers in a
 * table, and the open disputes whose money is held.
 */
export function MoneyPage() {
  const [params, setParams] = useState<MoneyReportParams>({ days: 30, by: 'day' });
  const report = useMoneyReport(params);

  return (
    <section className="flex w-full flex-col gap-6">
      <div>
        <h1 className="mb-2 text-2xl font-bold sm:text-3xl">{t.title}</h1>
        <p className="max-w-prose text-base-content/80">{t.intro}</p>
      </div>
      <div className="flex flex-wrap gap-4">
        <Choice
          legend={t.period}
          options={moneyReportDays.map((days) => ({ value: days, label: t.periods[days] }))}
          value={params.days}
          onChange={(days) => setParams((now) => ({ ...now, days }))}
        />
        <Choice
          legend={t.bucket}
          options={(['day', 'week'] as const).map((by) => ({ value: by, label: t.buckets[by] }))}
          value={params.by}
          onChange={(by) => setParams((now) => ({ ...now, by }))}
        />
      </div>
      {report.isPending ? (
        <Spinner />
      ) : report.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>
            {t.loadFailed} {report.error.message}
          </p>
          <button type="button" className="btn btn-sm" onClick={() => void report.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : report.data.anyMoney ? (
        <div
          className={`flex flex-col gap-6 ${report.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={report.isPlaceholderData || undefined}
        >
          <Totals report={report.data} />
          <div className="grid gap-4 xl:grid-cols-2">
            {moneySeries.map((series) => (
              <SeriesChart key={series} report={report.data} series={series} />
            ))}
          </div>
          <NumbersTable report={report.data} />
        </div>
      ) : (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-base-content/80">
          {t.empty}
        </p>
      )}
      <OpenDisputes />
    </section>
  );
}

function Choice<Value extends string | number>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="join">
        {options.map((option) => (
          <input
            key={option.value}
            type="radio"
            name={name}
            className="btn join-item btn-sm"
            aria-label={option.label}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function Totals({ report }: { report: MoneyReport }) {
  const totals = [
    ['sales', report.totals.sales],
    ['fees', report.totals.fees],
    ['held', report.totals.held],
    ['refunded', report.totals.refunded],
    ['paidOut', report.totals.paidOut],
  ] as const;
  return (
    <section aria-labelledby="money-totals">
      <h2 id="money-totals" className="mb-3 text-lg font-semibold">
        {t.totals}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {totals.map(([series, value]) => (
          <div key={series} className="rounded-box border border-base-300 bg-base-100 p-4">
            <dt className="text-sm text-base-content/70">
              {series === 'held' ? t.heldNow : t.series[series]}
            </dt>
            <dd className="text-xl font-semibold tabular-nums">{formatPrice(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SeriesChart({
  report,
  series,
}: {
  report: MoneyReport;
  series: (typeof moneySeries)[number];
}) {
  const points = report.points.map((point) => ({ start: point.start, value: point[series] }));
  const name = t.series[series];
  const from = longDate.format(dateOf(report.from));
  const to = longDate.format(dateOf(report.to));
  const highest = points.reduce((top, point) => (point.value > top.value ? point : top), {
    start: report.from,
    value: 0,
  });
  const summary =
    series === 'held'
      ? t.heldSummary(
          from,
          to,
          formatPrice(points[0]?.value ?? 0),
          formatPrice(points.at(-1)?.value ?? 0),
          formatPrice(highest.value),
        )
      : highest.value === 0
        ? t.nothingInSeries(name, from, to)
        : t.chartSummary(
            name,
            from,
            to,
            formatPrice(report.totals[series]),
            formatPrice(highest.value),
            longDate.format(dateOf(highest.start)),
          );
  return (
    <MoneyChart
      title={t.chartTitle(name, report.by)}
      hint={t.seriesHint[series]}
      summary={summary}
      points={points}
      kind={series === 'held' ? 'line' : 'bars'}
      color={chartColor[series]}
      formatValue={(value) => compact.format(value)}
      formatDate={(start) => shortDate.format(dateOf(start))}
    />
  );
}

function NumbersTable({ report }: { report: MoneyReport }) {
  return (
    <details className="rounded-box border border-base-300 bg-base-100 p-4">
      <summary className="cursor-pointer font-medium">{t.table}</summary>
      {/* Scrolls by itself when long: focusable, so a keyboard can scroll it too. */}
      <div
        className="mt-3 max-h-96 overflow-auto"
        role="region"
        aria-label={t.tableCaption(report.by)}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- axe: scrollable-region-focusable
        tabIndex={0}
      >
        <table className="table table-sm tabular-nums">
          <caption className="sr-only">{t.tableCaption(report.by)}</caption>
          <thead className="sticky top-0 bg-base-100 text-base-content/80">
            <tr>
              <th scope="col">{t.start(report.by)}</th>
              {moneySeries.map((series) => (
                <th key={series} scope="col" className="text-right">
                  {t.series[series]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.points.map((point) => (
              <tr key={point.start}>
                <th scope="row" className="font-normal whitespace-nowrap">
                  {longDate.format(dateOf(point.start))}
                </th>
                {moneySeries.map((series) => (
                  <td key={series} className="text-right">
                    {formatPrice(point[series])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function OpenDisputes() {
  const disputes = useDisputes({ status: 'open', page: 1, limit: 10 });
  return (
    <section aria-labelledby="money-disputes" className="flex flex-col gap-2">
      <h2 id="money-disputes" className="text-lg font-semibold">
        {t.disputes}
        {disputes.data && disputes.data.total > 0 && (
          <span className="badge badge-warning ml-2 align-middle">{disputes.data.total}</span>
        )}
      </h2>
      <p className="text-sm text-base-content/75">{t.disputesIntro}</p>
      {disputes.isPending ? (
        <Spinner />
      ) : disputes.isError ? (
        <p role="alert">{disputes.error.message}</p>
      ) : disputes.data.rows.length === 0 ? (
        <p className="text-base-content/80">{t.noDisputes}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {disputes.data.rows.map((dispute) => (
            <li key={dispute._id}>
              <Link to={paths.dashboard.dispute.getHref(dispute._id)} className="link">
                {t.disputeLine(
                  dispute.laptopName,
                  formatPrice(dispute.held),
                  waitingFor(dispute.openedAt),
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.dashboard.disputes.getHref()} className="link text-sm">
        {t.allDisputes}
      </Link>
    </section>
  );
}
