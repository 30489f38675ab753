import { and, inArray, isNotNull } from 'drizzle-orm';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { refunds } from '../../db/schema/refunds.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';
import type { ProviderPaymentIntent } from './payment-provider.ts';
import { settlePayment, type PaymentDeps } from './payments.service.ts';

export type ReconcileSummary = {
  /** Succeeded intents of ours the provider listed in the window. */
  checked: number;
  /** Of those with no outcome recorded: now sales, or money given back. */
  recorded: number;
  refunded: number;
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const batchSize = 200;

/**
 * Settles every payment the provider took in the last `lookBackMs` that has no outcome
 * here: no sale recorded and no refund the provider confirmed. The browser's report
 * and the webhook are lost when the server dies between the charge and the record
 * (or the webhook is not set up); without this the buyer is charged for nothing.
 * Each goes through `settlePayment`, which decides sale or refund once, so running
 * this twice, or beside a late report, changes nothing more. Intents whose order is
 * not ours (another app on the same Stripe account) are left alone.
 */
export async function reconcilePayments(
  deps: PaymentDeps,
  lookBackMs: number,
): Promise<ReconcileSummary> {
  const now = deps.now?.() ?? new Date();
  const summary: ReconcileSummary = { checked: 0, recorded: 0, refunded: 0 };
  const failures: unknown[] = [];
  let batch: ProviderPaymentIntent[] = [];
  const settleBatch = async () => {
    const unsettled = await withoutOutcome(deps, batch);
    summary.checked += unsettled.ours;
    batch = [];
    for (const intent of unsettled.intents) {
      try {
        const outcome = await settlePayment(deps, intent.id);
        summary[outcome.kind] += 1;
        deps.log.info({ paymentIntentId: intent.id, outcome: outcome.kind }, 'payment reconciled');
      } catch (error) {
        // The others are still settled; the job is retried for this one.
        failures.push(error);
        deps.log.error({ err: error, paymentIntentId: intent.id }, 'payment not reconciled');
      }
    }
  };
  const since = new Date(now.getTime() - lookBackMs);
  for await (const intent of deps.provider.listSucceededPaymentIntents(since)) {
    // Ours carry the order's id (set by startPayment).
    if (intent.status !== 'succeeded' || !uuid.test(intent.metadata.orderId ?? '')) continue;
    batch.push(intent);
    if (batch.length >= batchSize) await settleBatch();
  }
  if (batch.length > 0) await settleBatch();
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} payment(s) could not be reconciled`);
  }
  return summary;
}

/** The intents of `batch` for orders of ours with no sale and no confirmed refund. */
async function withoutOutcome(deps: PaymentDeps, batch: ProviderPaymentIntent[]) {
  const ids = batch.map((intent) => intent.id);
  const orderIds = [...new Set(batch.map((intent) => intent.metadata.orderId ?? ''))];
  const [ourOrders, sales, refunded] = await Promise.all([
    deps.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, orderIds)),
    deps.db
      .select({ id: payments.transactionId })
      .from(payments)
      .where(inArray(payments.transactionId, ids)),
    // A refund decided but not yet confirmed by the provider is asked for again.
    deps.db
      .select({ id: refunds.transactionId })
      .from(refunds)
      .where(and(inArray(refunds.transactionId, ids), isNotNull(refunds.providerRefundedAt))),
  ]);
  const ours = new Set(ourOrders.map((row) => row.id));
  const settled = new Set([...sales, ...refunded].map((row) => row.id));
  const mine = batch.filter((intent) => ours.has(intent.metadata.orderId ?? ''));
  return { ours: mine.length, intents: mine.filter((intent) => !settled.has(intent.id)) };
}

/** Reconciliation as a queued job: once as each instance starts, and on `cron`. */
export function reconcilePaymentsJob(
  deps: PaymentDeps,
  settings: { cron: string; lookBackMs: number },
): JobDefinition {
  return {
    name: 'reconcile-payments',
    cron: settings.cron,
    atStart: true,
    async run(log) {
      const summary = await reconcilePayments({ ...deps, log }, settings.lookBackMs);
      if (summary.recorded + summary.refunded > 0) log.warn(summary, 'settled lost payments');
      else log.debug(summary, 'payments reconciled');
    },
  };
}
