import type { JobSender } from '../jobs/job-queue.ts';

/** The queue of payout runs, one waiting per seller (payout-jobs.ts runs them). */
export const SELLER_PAYOUT_JOB = 'seller-payout';

/**
 * Queues a payout run for the seller, to start now: call it after committing a change
 * that gives them money to pay out (a release to `seller_available:<sellerId>`) or lets
 * it be paid (their payout account enabled). One run waits per seller, so a burst of
 * releases queues one; the run pays out whatever is available when it starts. Answers
 * false when none was queued: one is already waiting, or the job queue is not running
 * (the periodic sweep then pays it out).
 */
export function queueSellerPayout(sender: JobSender, sellerId: string): Promise<boolean> {
  return sender.send({
    name: SELLER_PAYOUT_JOB,
    data: { sellerId },
    startAfter: new Date(),
    singletonKey: sellerId,
  });
}
