import { DrizzleQueryError } from 'drizzle-orm/errors';
import { expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors.ts';

const queryError = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

it('recognises a lost, refused or restarting database behind a failed query', () => {
  expect(isDatabaseUnavailable(queryError(withCode('connect ECONNREFUSED', 'ECONNREFUSED')))).toBe(
    true,
  );
  expect(isDatabaseUnavailable(queryError(new Error('Connection terminated unexpectedly')))).toBe(
    true,
  );
  expect(
    isDatabaseUnavailable(queryError(withCode('the database system is starting up', '57P03'))),
  ).toBe(true);
  expect(
    isDatabaseUnavailable(new Error('wrapped', { cause: queryError(withCode('x', '08006')) })),
  ).toBe(true);
});

it('does not blame the database for other services or for query errors', () => {
  // S3, SMTP or Stripe refusing a connection is not a database outage.
  expect(
    isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:9000', 'ECONNREFUSED')),
  ).toBe(false);
  expect(isDatabaseUnavailable(queryError(withCode('duplicate key value', '23505')))).toBe(false);
  expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
});
