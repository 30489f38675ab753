import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { writeBetterAuthLogs } from './better-auth-logs.ts';

/** The level each message was logged at. */
function levelsLogged(status: number | undefined, err?: Error) {
  const logged: string[] = [];
  const at = (level: string) => () => logged.push(level);
  const log = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  writeBetterAuthLogs(
    log as unknown as FastifyBaseLogger,
    [{ level: 'error', message: 'Something', args: err ? [err] : [] }],
    status,
  );
  return logged;
}

const databaseError = (code: string) =>
  new DrizzleQueryError('insert into users ...', [], Object.assign(new Error('db'), { code }));

describe("better-auth's messages", () => {
  it('are info when the client was refused, by a 4xx or an OAuth error redirect', () => {
    expect(levelsLogged(404)).toEqual(['info']);
    expect(levelsLogged(302, new Error('Failed to parse state'))).toEqual(['info']);
    // Two sign-ups at once: the second meets the unique index.
    expect(levelsLogged(422, databaseError('23505'))).toEqual(['info']);
  });

  it('keep their level for a failure, and for a database fault better-auth answered with a 422', () => {
    expect(levelsLogged(500)).toEqual(['error']);
    expect(levelsLogged(422, databaseError('57P01'))).toEqual(['error']);
    expect(levelsLogged(undefined)).toEqual(['error']);
  });
});
