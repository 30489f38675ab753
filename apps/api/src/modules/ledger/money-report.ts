import { sql } from 'drizzle-orm';
import type { MoneyReport, MoneyReportBucket } from '@laptops/shared/money-report';
import { centsToDollars } from '@laptops/shared/money';
import type { Db } from '../../db/client.ts';

type Point = {
  start: string;
  sales: string;
  fees: string;
  refunded: string;
  paid_out: string;
  held: string;
};

const DAY_MS = 86_400_000;

/**
 * Where the marketplace's money went, day by day or week by week (UTC), over the last
 * `days` days: all from the ledger's entries (decision 0032), summed in one statement.
 * What moved in each bucket is the sum of its entries on each account kind: sales are
 * what left `buyer_payments`, then `platform_fees`, `refunds_out` and every
 * `seller_paid_out:`. What was held at a bucket's end is every `order_held:` account's
 * balance then: what was held before the report's first bucket plus a running sum.
 */
export async function moneyReport(
  db: Db,
  query: { days: number; by: MoneyReportBucket },
  now = new Date(),
): Promise<MoneyReport> {
  const firstDay = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (query.days - 1) * DAY_MS,
  );
  const step = query.by === 'day' ? '1 day' : '1 week';
  const result = (await db.execute(sql`
    with buckets as (
      select generate_series(
        date_trunc(${query.by}, ${firstDay.toISOString()}::timestamptz at time zone 'UTC'),
        date_trunc(${query.by}, ${now.toISOString()}::timestamptz at time zone 'UTC'),
        ${step}::interval
      ) as start
    ),
    first_bucket as (select min(start) at time zone 'UTC' as at from buckets),
    moves as (
      select
        date_trunc(${query.by}, e.created_at at time zone 'UTC') as start,
        coalesce(sum(-e.amount_cents) filter (where e.account = 'buyer_payments'), 0) as sales,
        coalesce(sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0) as fees,
        coalesce(sum(e.amount_cents) filter (where e.account = 'refunds_out'), 0) as refunded,
        coalesce(sum(e.amount_cents) filter (where e.account like 'seller\\_paid\\_out:%'), 0)
          as paid_out,
        coalesce(sum(e.amount_cents) filter (where e.account like 'order\\_held:%'), 0)
          as held_change
      from ledger_entries e
      where e.created_at >= (select at from first_bucket)
        and e.created_at <= ${now.toISOString()}::timestamptz
      group by 1
    ),
    held_before as (
      select coalesce(sum(e.amount_cents), 0) as cents
      from ledger_entries e
      where e.account like 'order\\_held:%' and e.created_at < (select at from first_bucket)
    )
    select
      to_char(b.start, 'YYYY-MM-DD') as start,
      coalesce(m.sales, 0)::text as sales,
      coalesce(m.fees, 0)::text as fees,
      coalesce(m.refunded, 0)::text as refunded,
      coalesce(m.paid_out, 0)::text as paid_out,
      ((select cents from held_before)
        + sum(coalesce(m.held_change, 0)) over (order by b.start))::text as held
    from buckets b
    left join moves m on m.start = b.start
    order by b.start
  `)) as unknown as { rows: Point[] };
  const [any] = (
    (await db.execute(sql`select exists (select 1 from ledger_entries) as any`)) as unknown as {
      rows: { any: boolean }[];
    }
  ).rows;

  const points = result.rows.map((row) => ({
    start: row.start,
    sales: centsToDollars(Number(row.sales)),
    fees: centsToDollars(Number(row.fees)),
    refunded: centsToDollars(Number(row.refunded)),
    paidOut: centsToDollars(Number(row.paid_out)),
    held: centsToDollars(Number(row.held)),
  }));
  const sum = (pick: (point: (typeof points)[number]) => number) =>
    centsToDollars(points.reduce((total, point) => total + Math.round(pick(point) * 100), 0));
  return {
    days: query.days,
    by: query.by,
    from: points[0]?.start ?? firstDay.toISOString().slice(0, 10),
    to: now.toISOString().slice(0, 10),
    totals: {
      sales: sum((point) => point.sales),
      fees: sum((point) => point.fees),
      refunded: sum((point) => point.refunded),
      paidOut: sum((point) => point.paidOut),
      held: points.at(-1)?.held ?? 0,
    },
    points,
    anyMoney: any?.any === true,
  };
}
