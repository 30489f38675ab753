/**
 * A production server takes test payments only when told to (PAYMENTS_PROVIDER=sandbox;
 * config.test.ts has the refusal without it), and then says so: a warning as it starts,
 * and the payment page's 'Test mode', which reads /api/payment-config.
 */
import { expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { createTestContext } from '../../test/test-app.ts';

it('warns at start that no money is charged, and tells the web client it is the sandbox', async () => {
  const lines: string[] = [];
  const t = await createTestContext(
    { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'sandbox' },
    {
      logger: createLogger({
        format: 'json',
        level: 'info',
        destination: { write: (line: string) => lines.push(line) },
      }).logger,
    },
  );
  try {
    const warnings = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40);
    expect(warnings).toContainEqual(
      expect.objectContaining({
        msg: expect.stringMatching(/^payments: PAYMENTS_PROVIDER=sandbox, so no money is charged/),
      }),
    );
    const config = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(config.json()).toEqual({ provider: 'sandbox', publishableKey: null });
  } finally {
    await t.close();
  }
});

it('says nothing of the kind outside production', async () => {
  const lines: string[] = [];
  const t = await createTestContext(
    {},
    {
      logger: createLogger({
        format: 'json',
        level: 'info',
        destination: { write: (line: string) => lines.push(line) },
      }).logger,
    },
  );
  await t.close();
  expect(lines.filter((line) => line.includes('no money is charged'))).toEqual([]);
});
