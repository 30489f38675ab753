import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import {
  createPaymentIntentInputSchema,
  paymentConfigSchema,
  paymentIntentResultSchema,
  paymentRecordInputSchema,
  paymentRecordResultSchema,
  sandboxConfirmInputSchema,
  sandboxConfirmResultSchema,
} from '@laptops/shared/payments';
import { HttpError } from '../../lib/http-error.ts';
import { requireViewer } from '../auth/viewer.ts';
import { receiveWebhook, receivesWebhooks } from './payment-webhooks.ts';
import { settlePayment, startPayment, type PaymentDeps } from './payments.service.ts';
import { confirmSandboxPayment } from './sandbox-provider.ts';

export const paymentsRoutes: FastifyPluginAsyncZod<{
  deps: PaymentDeps;
  /** What the webhook does when a seller's payout account changed (modules/payouts). */
  accountUpdated?: (accountId: string) => Promise<void>;
}> = async (app, { deps, accountUpdated }) => {
  app.get(
    '/api/payment-config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Which card processor the payment page uses',
        response: { 200: paymentConfigSchema },
      },
    },
    async () => ({ provider: deps.provider.name, publishableKey: deps.provider.publishableKey }),
  );

  app.post(
    '/api/create-payment-intent',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['payments'],
        summary: 'Start paying for an order; the amount is the price the server recorded',
        body: createPaymentIntentInputSchema,
        response: { 200: paymentIntentResultSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      startPayment(
        { ...deps, log: request.log },
        (await requireViewer(request)).id,
        request.body.orderId,
      ),
  );

  app.post(
    '/api/payments',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['payments'],
        summary: 'Record a payment the provider confirmed (checked with the provider first)',
        body: paymentRecordInputSchema,
        response: {
          201: paymentRecordResultSchema,
          400: apiErrorSchema,
          402: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const buyer = await requireViewer(request);
      const outcome = await settlePayment(
        { ...deps, log: request.log },
        request.body.transactionId,
        {
          orderId: request.body.orderId,
          buyerId: buyer.id,
        },
      );
      if (outcome.kind !== 'recorded')
        throw new HttpError(409, 'PAYMENT_REFUNDED', 'The payment was refunded.');
      return reply.status(201).send({ acknowledged: true, insertedId: outcome.paymentId });
    },
  );

  if (deps.provider.name === 'sandbox') {
    app.post(
      '/api/sandbox/payment_intents/:id/confirm',
      {
        // Like Stripe's confirm: whoever holds the client secret may confirm.
        config: { access: 'public' },
        bodyLimit: 8 * 1024,
        schema: {
          tags: ['payments'],
          summary:
            'Test mode: confirm a card payment with a Stripe test card (no card data is stored)',
          params: z.object({
            id: z.string().regex(/^pi_sandbox_[A-Za-z0-9]+$/, 'Not a valid payment intent'),
          }),
          body: sandboxConfirmInputSchema,
          response: { 200: sandboxConfirmResultSchema, 402: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const paymentIntent = await confirmSandboxPayment(deps.db, request.params.id, request.body);
        // What Stripe's payment_intent.succeeded webhook does: the sale is recorded (or
        // the money refunded) even if the browser never reports back (a closed tab, a
        // session that ended). The browser's own report then finds it done.
        await settlePayment({ ...deps, log: request.log }, paymentIntent.id).catch(
          (error: unknown) =>
            request.log.warn({ err: error }, 'sandbox payment confirmed but not settled'),
        );
        return { paymentIntent };
      },
    );
  }

  const { provider } = deps;
  if (receivesWebhooks(provider)) {
    // The signature covers the exact bytes, so this route keeps the raw body.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer' },
        (_request, body, done) => done(null, body),
      );
      scope.post(
        `/api/webhooks/${provider.name}`,
        {
          config: { access: 'public' },
          bodyLimit: 512 * 1024,
          schema: { tags: ['payments'], summary: 'Card processor webhook (signed)', hide: true },
        },
        async (request) => {
          if (!Buffer.isBuffer(request.body)) {
            throw new HttpError(400, 'BAD_SIGNATURE', 'Missing or invalid signature.');
          }
          return receiveWebhook(
            { ...deps, provider, log: request.log, accountUpdated },
            { rawBody: request.body, headers: request.headers },
          );
        },
      );
    });
  }
};
