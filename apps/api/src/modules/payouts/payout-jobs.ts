import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { JobDefinition } from '../jobs/job-queue.ts';
import type { PayoutDeps } from './payout-accounts.service.ts';
import { payOutSeller } from './payouts.service.ts';
import { SELLER_PAYOUT_JOB } from './queue-payout.ts';

const jobData = z.object({ sellerId: z.string().min(1).max(200) });

/** A queued payout run for one seller: 'short', so one waits per seller. */
export function sellerPayoutJob(deps: PayoutDeps): JobDefinition {
  return {
    name: SELLER_PAYOUT_JOB,
    policy: 'short',
    async run(log, _jobId, data) {
      const parsed = jobData.safeParse(data);
      // Not ours to retry: a job queued by hand, or by an older shape of this code.
      if (!parsed.success) return log.warn({ data }, 'payout: a job with bad data');
      const summary = await payOutSeller({ ...deps, log }, parsed.data.sellerId);
      log.debug({ sellerId: parsed.data.sellerId, ...summary }, 'payout run');
    },
  };
}

/**
 * The sellers a sweep pays out: those with a payout left pending (a crash between its
 * steps), and those with money available and an account of this processor that can
 * take it.
 */
async function sellersToPay(deps: PayoutDeps): Promise<string[]> {
  const result = await deps.db.execute<{ seller_id: string }>(sql`
    select seller_id from payouts where status = 'pending'
    union
    select a.user_id as seller_id from payout_accounts a
    where a.provider = ${deps.provider.name} and a.transfers_enabled and a.payouts_enabled
      and (select coalesce(sum(e.amount_cents), 0) from ledger_entries e
           where e.account = 'seller_available:' || a.user_id) > 0`);
  return (result as unknown as { rows: { seller_id: string }[] }).rows.map((row) => row.seller_id);
}

export type SweepSummary = { sellers: number; paid: number; failed: number };

/**
 * Runs a payout for every seller who has one due, one after another. A seller whose run
 * fails (the processor unreachable) does not stop the others; the sweep then throws, so
 * the job is retried.
 */
export async function sweepPayouts(deps: PayoutDeps): Promise<SweepSummary> {
  const summary: SweepSummary = { sellers: 0, paid: 0, failed: 0 };
  const failures: unknown[] = [];
  for (const sellerId of await sellersToPay(deps)) {
    summary.sellers += 1;
    try {
      const run = await payOutSeller(deps, sellerId);
      summary.paid += run.paid;
      summary.failed += run.failed;
    } catch (error) {
      failures.push(error);
      deps.log.error({ err: error, sellerId }, 'payout run failed');
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} payout run(s) failed`);
  }
  return summary;
}

/** The sweep as a job: at each start and on `cron`. */
export function payoutSweepJob(deps: PayoutDeps, cron: string): JobDefinition {
  return {
    name: 'payout-sweep',
    cron,
    atStart: true,
    async run(log) {
      const summary = await sweepPayouts({ ...deps, log });
      if (summary.sellers > 0) log.info(summary, 'payouts swept');
    },
  };
}
