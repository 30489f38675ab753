import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
};

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for the start-up log: an SMTP URL without secrets, or the outbox folder. */
  describe(): string;
};

/**
 * Sends through SMTP when SMTP_URL is set. Otherwise writes each message as an
 * .eml file in DATA_DIR/outbox and logs any link in it, so someone running the
 * marketplace locally can still follow a password-reset link.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const safeUrl = new URL(options.smtpUrl);
    safeUrl.password = '';
    safeUrl.username = '';
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      describe: () => `SMTP ${safeUrl.host}`,
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.log.info(
        { to: mail.to, subject: mail.subject, file, links },
        'email written to outbox',
      );
    },
    describe: () => `outbox ${options.outboxDir}`,
  };
}
