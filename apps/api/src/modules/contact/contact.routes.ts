import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageInputSchema, contactMessageResultSchema } from '@laptops/shared/contact';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { receiveContactMessage } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mailer: Mailer;
  operatorAddress: string;
}> = async (app, { db, mailer, operatorAddress }) => {
  app.post(
    '/api/contact',
    {
      config: { access: 'public' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['contact'],
        summary: "Home 'Contact Us': stores the message and emails the operator",
        body: contactMessageInputSchema,
        response: { 201: contactMessageResultSchema },
      },
    },
    async (request, reply) => {
      const saved = await receiveContactMessage(
        { db, mailer, operatorAddress, log: request.log },
        request.body,
      );
      return reply.status(201).send({ acknowledged: true, insertedId: saved.id });
    },
  );
};
