import type { FastifyBaseLogger } from 'fastify';
import type { ContactMessageInput } from '@laptops/shared/contact';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact-messages.ts';
import type { Mailer } from '../../lib/mailer.ts';

/**
 * Stores the message first (it is never lost), then tells the operator by email.
 * A failed email is logged, not shown to the sender: their message is saved.
 */
export async function receiveContactMessage(
  deps: { db: Db; mailer: Mailer; operatorAddress: string; log: FastifyBaseLogger },
  input: ContactMessageInput,
): Promise<{ id: string }> {
  const [saved] = await deps.db
    .insert(contactMessages)
    .values(input)
    .returning({ id: contactMessages.id });
  if (!saved) throw new Error('insert returned no row');
  try {
    await deps.mailer.send({
      to: deps.operatorAddress,
      replyTo: input.email,
      subject: `[Contact] ${input.subject}`,
      text: `A visitor wrote through the contact form on the home page.\n\nFrom: ${input.email}\nSubject: ${input.subject}\n\n${input.message}\n`,
    });
  } catch (error) {
    deps.log.error({ err: error, contactMessageId: saved.id }, 'contact email not sent');
  }
  return saved;
}
