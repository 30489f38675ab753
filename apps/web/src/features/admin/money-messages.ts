import type { MoneySeries } from '@laptops/shared/money-report';

/** The texts of the admins' Money page. */
export const moneyMessages = {
  title: 'Money',
  intro:
    'Where the money went, from the ledger. Days and weeks are in UTC; held is what the platform held at the end of each.',
  period: 'Period',
  periods: { 30: 'Last 30 days', 90: 'Last 90 days', 365: 'Last 365 days' },
  bucket: 'Show',
  buckets: { day: 'By day', week: 'By week' },
  totals: 'Totals for the period',
  heldNow: 'Held now',
  series: {
    sales: 'Sales',
    fees: 'Fees',
    held: 'Held',
    refunded: 'Refunded',
    paidOut: 'Paid out',
  } satisfies Record<MoneySeries, string>,
  seriesHint: {
    sales: 'Card payments taken',
    fees: 'Kept by the platform as money was released',
    held: 'Held for deals at the end of each day or week',
    refunded: 'Given back to buyers',
    paidOut: 'Sent to sellers’ bank accounts',
  } satisfies Record<MoneySeries, string>,
  chartTitle: (series: string, by: 'day' | 'week') => `${series} by ${by}`,
  chartSummary: (
    series: string,
    from: string,
    to: string,
    total: string,
    highest: string,
    highestOn: string,
  ) => `${series} from ${from} to ${to}: ${total} in all; highest ${highest} on ${highestOn}.`,
  heldSummary: (from: string, to: string, first: string, last: string, highest: string) =>
    `Held from ${from} to ${to}: ${first} at the start, ${last} at the end, at most ${highest}.`,
  nothingInSeries: (series: string, from: string, to: string) =>
    `${series} from ${from} to ${to}: nothing.`,
  dateAxis: 'Date',
  amountAxis: 'Amount',
  table: 'Show the numbers as a table',
  tableCaption: (by: 'day' | 'week') => (by === 'day' ? 'Money by day' : 'Money by week'),
  start: (by: 'day' | 'week') => (by === 'day' ? 'Day' : 'Week of'),
  empty: 'No money has moved yet. Sales, fees, refunds and payouts show here once buyers pay.',
  loadFailed: 'We could not load the money report.',
  retry: 'Try again',
  disputes: 'Open disputes',
  disputesIntro: 'Their money is held until they are settled.',
  noDisputes: 'There are no open disputes.',
  disputeLine: (laptop: string, held: string, waiting: string) =>
    `${laptop}: ${held} held, waiting ${waiting}`,
  allDisputes: 'All disputes',
} as const;
