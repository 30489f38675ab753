import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { refunds } from '../../db/schema/refunds.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { dealRefundReasons } from '../orders/deal-state.ts';

export type DealRefundDeps = { db: Db; provider: PaymentProvider; log: FastifyBaseLogger };

/**
 * Asks the provider to give back a refund decided for a paid deal (the seller cancelled,
 * or a dispute was settled) and records its confirmation. The decision is already
 * committed with its ledger posting; this is the part that can fail (the provider is
 * away), so it is tried again by `dealRefundsJob` until it is confirmed. The provider's
 * idempotency key makes a repeat give nothing back twice. True when confirmed now.
 */
export async function carryOutDealRefund(deps: DealRefundDeps, orderId: string) {
  const [refund] = await deps.db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        inArray(refunds.reason, [...dealRefundReasons]),
        isNull(refunds.providerRefundedAt),
      ),
    );
  if (!refund) return false;
  await deps.provider.refundPaymentIntent(
    refund.transactionId,
    `refund-${refund.transactionId}`,
    refund.amountCents,
  );
  const [confirmed] = await deps.db
    .update(refunds)
    .set({ providerRefundedAt: new Date() })
    .where(and(eq(refunds.id, refund.id), isNull(refunds.providerRefundedAt)))
    .returning({ id: refunds.id });
  return confirmed !== undefined;
}

/** Finishes deal refunds the provider has not confirmed (it was away, or the server stopped). */
export function dealRefundsJob(deps: DealRefundDeps, cron: string): JobDefinition {
  return {
    name: 'deal-refunds',
    cron,
    atStart: true,
    async run(log) {
      // A minute's grace: the request that decided a refund is usually carrying it out.
      const pending = await deps.db
        .select({ orderId: refunds.orderId })
        .from(refunds)
        .where(
          and(
            inArray(refunds.reason, [...dealRefundReasons]),
            isNull(refunds.providerRefundedAt),
            lt(refunds.createdAt, new Date(Date.now() - 60_000)),
          ),
        )
        .limit(100);
      const failures: unknown[] = [];
      for (const { orderId } of pending) {
        try {
          if (await carryOutDealRefund(deps, orderId))
            log.info({ orderId }, 'deal refund confirmed');
        } catch (error) {
          failures.push(error);
          log.error({ err: error, orderId }, 'deal refund not confirmed');
        }
      }
      if (failures.length > 0)
        throw new AggregateError(failures, `${failures.length} refund(s) not confirmed`);
    },
  };
}
