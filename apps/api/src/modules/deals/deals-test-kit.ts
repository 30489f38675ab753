/** What the deal services' tests share: their dependencies on the test app's database. */
import pino from 'pino';
import { createMailer } from '../../lib/mailer.ts';
import type { TestContext } from '../../test/test-app.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import type { DealDeps } from './deal-actions.ts';

/** Sandbox payments, mail to `smtpUrl` (or the outbox), nobody told live. */
export function sandboxDealDeps(t: TestContext, smtpUrl?: string): DealDeps {
  const log = pino({ level: 'silent' });
  return {
    db: t.database.db,
    provider: createSandboxProvider(t.database.db),
    mailer: createMailer({
      smtpUrl,
      from: 'Laptops <ops@laptops.test>',
      outboxDir: t.dataDir,
      log,
    }),
    log,
    publicUrl: 'http://localhost:3000',
    publish: async () => {},
  };
}
