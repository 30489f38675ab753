import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageInputSchema, contactMessageResultSchema } from '@laptops/shared/contact';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createRateLimiter, enforceLimit, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { receiveContactMessage } from './contact.service.ts';

/** Contact Us messages one IP address may send per 10 minutes. */
export const CONTACT_MESSAGES_PER_WINDOW = 5;

export const contactRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mailer: Mailer;
  operatorAddress: string;
  rateLimitStore: RateLimitStore;
}> = async (app, { db, mailer, operatorAddress, rateLimitStore }) => {
  // Anyone may write, so one address may send a few messages, not a flood.
  const perIp = createRateLimiter({
    store: rateLimitStore,
    name: 'contact-ip',
    max: CONTACT_MESSAGES_PER_WINDOW,
    windowMs: 10 * 60_000,
  });

  app.post(
    '/api/contact',
    {
      config: { access: 'public', keepsLists: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['contact'],
        summary: "Home 'Contact Us': stores the message and emails the operator",
        body: contactMessageInputSchema,
        response: { 201: contactMessageResultSchema },
      },
    },
    async (request, reply) => {
      await enforceLimit(
        perIp,
        request.ip,
        reply,
        'You have sent several messages already. Please wait a few minutes.',
      );
      const saved = await receiveContactMessage(
        { db, mailer, operatorAddress, log: request.log },
        request.body,
      );
      return reply.status(201).send({ acknowledged: true, insertedId: saved.id });
    },
  );
};
