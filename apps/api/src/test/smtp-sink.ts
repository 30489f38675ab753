import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for mail tests.
 * `delayMs`: how long it takes to accept each message, like a slow mail server.
 */
export async function startSmtpSink(options: { delayMs?: number } = {}): Promise<{
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP sink has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail's text with quoted-printable undone (soft line breaks and =XX escapes). */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The token in a password-reset mail's link (`/api/auth/reset-password/<token>`). */
export function resetTokenIn(mail: ReceivedMail | undefined): string {
  const token = /\/api\/auth\/reset-password\/([^?\s]+)/.exec(
    decodeQuotedPrintable(mail?.raw ?? ''),
  )?.[1];
  if (!token) throw new Error('no reset link in the mail');
  return token;
}
