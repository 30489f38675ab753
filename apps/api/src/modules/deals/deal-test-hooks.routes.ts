import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { releaseDueHookInputSchema, releaseDueHookResultSchema } from '@laptops/shared/deals';
import { apiErrorSchema } from '@laptops/shared/errors';
import { orders } from '../../db/schema/orders.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireViewer } from '../auth/viewer.ts';
import { getOrderDetails } from '../orders/order-details.service.ts';
import type { DealDeps } from './deal-actions.ts';
import { releaseDueDeals, sendReleaseReminders } from './deal-jobs.ts';
import type { DealTerms } from './deal-terms.ts';

/**
 * Browser tests cannot wait 72 hours for a deal's automatic release, so a test server
 * (E2E_TEST_HOOKS=1, refused in production by the configuration) lets a deal's buyer or
 * seller move its release time and run the release jobs at once. Registered only then:
 * the apps the API tests build, like a real server, do not have it.
 */
export const dealTestHooksRoutes: FastifyPluginAsyncZod<{
  deps: DealDeps;
  terms: Pick<DealTerms, 'reminderBeforeMs'>;
}> = async (app, { deps, terms }) => {
  app.post(
    '/api/test-hooks/deals/release-due',
    {
      config: { access: 'signed-in' },
      bodyLimit: 1024,
      schema: {
        tags: ['test hooks'],
        summary: "Tests only: moves a held deal's release time and runs the release jobs",
        body: releaseDueHookInputSchema,
        response: { 200: releaseDueHookResultSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const { orderId, hours } = request.body;
      // Its buyer's or seller's only; anyone else's is "not found".
      await getOrderDetails(deps.db, viewer, orderId);
      const now = new Date();
      const moved = await deps.db.transaction(async (tx) => {
        const [order] = await tx
          .select({ releaseDueAt: orders.releaseDueAt })
          .from(orders)
          .where(
            and(eq(orders.id, orderId), isNotNull(orders.releaseDueAt), isNull(orders.completedAt)),
          )
          .for('update');
        if (!order?.releaseDueAt) return null;
        const releaseDueAt =
          hours === undefined ? now : new Date(order.releaseDueAt.getTime() - hours * 3_600_000);
        await tx.update(orders).set({ releaseDueAt }).where(eq(orders.id, orderId));
        return releaseDueAt;
      });
      if (!moved) {
        throw new HttpError(409, 'NOTHING_HELD', 'This deal holds no money waiting for release.');
      }
      const released = await releaseDueDeals(deps, now);
      const remindersSent = await sendReleaseReminders(deps, terms, now);
      const after = await getOrderDetails(deps.db, viewer, orderId);
      return { releaseDueAt: moved.toISOString(), released, remindersSent, status: after.status };
    },
  );
};
