import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import {
  earningsSchema,
  onboardingLinkSchema,
  payoutAccountSchema,
  payoutListSchema,
  sandboxAccountIdSchema,
  sandboxOnboardingInputSchema,
} from '@laptops/shared/payouts';
import { requireViewer } from '../auth/viewer.ts';
import { finishSandboxOnboarding } from '../payments/sandbox-connect.ts';
import { earningsCsv } from './earnings-csv.ts';
import { earningsOf, earningsSummary } from './earnings.service.ts';
import {
  describePayoutAccount,
  payoutAccountOf,
  refreshPayoutAccount,
  startOnboarding,
  type PayoutDeps,
} from './payout-accounts.service.ts';
import { listPayouts } from './payouts.service.ts';

/** A seller's money is theirs alone: never kept by a browser or a proxy. */
const privateAnswer = 'private, no-store';

export const payoutsRoutes: FastifyPluginAsyncZod<{ deps: PayoutDeps }> = async (app, { deps }) => {
  const { db, provider } = deps;
  const accountAnswer = async (userId: string) =>
    describePayoutAccount(provider.name, await payoutAccountOf(deps, userId));

  app.get(
    '/api/payout-account',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['payouts'],
        summary: "The seller's payout account: whether payouts are on, or what is missing",
        response: { 200: payoutAccountSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', privateAnswer);
      return accountAnswer((await requireViewer(request)).id);
    },
  );

  app.post(
    '/api/payout-account/onboarding',
    {
      config: { access: 'seller', keepsLists: true },
      schema: {
        tags: ['payouts'],
        summary:
          "Start or continue setting up payouts: makes the seller's connected account if needed, answers the processor's onboarding link",
        response: { 200: onboardingLinkSchema },
      },
    },
    async (request) => {
      const seller = await requireViewer(request);
      return startOnboarding({ ...deps, log: request.log }, seller);
    },
  );

  app.post(
    '/api/payout-account/refresh',
    {
      config: { access: 'seller', keepsLists: true },
      schema: {
        tags: ['payouts'],
        summary: "Ask the processor how the seller's payout account stands now (after onboarding)",
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => {
      const seller = await requireViewer(request);
      const row = await refreshPayoutAccount({ ...deps, log: request.log }, seller.id);
      return describePayoutAccount(provider.name, row);
    },
  );

  app.get(
    '/api/earnings',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['payouts'],
        summary: "The seller's balances (held, available, in transit, paid out) and sales",
        response: { 200: earningsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', privateAnswer);
      return earningsSummary(db, (await requireViewer(request)).id);
    },
  );

  app.get(
    '/api/earnings/csv',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['payouts'],
        summary: "Every sale of the seller's as a CSV file (a download)",
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const seller = await requireViewer(request);
      const { sales } = await earningsOf(db, seller.id);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="earnings-${day}.csv"`)
        .header('cache-control', privateAnswer);
      return earningsCsv(sales);
    },
  );

  app.get(
    '/api/payouts',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['payouts'],
        summary: "The seller's payouts, newest first",
        response: { 200: payoutListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', privateAnswer);
      return listPayouts(db, (await requireViewer(request)).id);
    },
  );

  if (provider.name === 'sandbox') {
    app.post(
      '/api/sandbox/accounts/:id/onboard',
      {
        config: { access: 'seller', keepsLists: true },
        bodyLimit: 4 * 1024,
        schema: {
          tags: ['payouts'],
          summary:
            "Test mode: finish the simulated onboarding of the seller's payout account (no bank details are asked)",
          params: z.object({ id: sandboxAccountIdSchema }),
          body: sandboxOnboardingInputSchema,
          response: { 200: payoutAccountSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const seller = await requireViewer(request);
        await finishSandboxOnboarding(db, {
          accountId: request.params.id,
          userId: seller.id,
          outcome: request.body.outcome,
        });
        // What Stripe's account.updated webhook does: the account's new state is kept
        // (and a payout queued if it can now take one).
        const row = await refreshPayoutAccount({ ...deps, log: request.log }, seller.id);
        return describePayoutAccount(provider.name, row);
      },
    );
  }
};
