/**
 * better-auth's own messages, logged with the app's others: held until the request's
 * answer is known (plugins/auth.ts), so that a refusal the client caused is not logged
 * as an error.
 */
import type { BetterAuthOptions } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { hasDatabaseCode, isDatabaseError } from '../../lib/database-errors.ts';
import { authRequestState, type BetterAuthLog } from './auth-request-state.ts';

const uniqueViolation = new Set(['23505']);

/**
 * Logs better-auth's messages about one request as JSON with the app's others. It
 * says 'error' for what the client caused too (an unknown provider, a forged OAuth
 * state, a double-clicked sign-up meeting the unique index): for a refusal (a 4xx, or
 * an OAuth error sent back as a redirect) that is info. A failure (5xx), and a
 * database fault whatever better-auth answered (it answers 422 to a sign-up the
 * database failed), keep their level.
 */
export function writeBetterAuthLogs(
  log: FastifyBaseLogger,
  logs: BetterAuthLog[],
  status?: number,
) {
  for (const { level, message, args } of logs) {
    const err = args.find((arg): arg is Error => arg instanceof Error);
    const details = args.filter((arg) => arg !== err);
    const refusal =
      status !== undefined &&
      status >= 300 &&
      status < 500 &&
      (!isDatabaseError(err) || hasDatabaseCode(err, uniqueViolation));
    log[refusal && (level === 'error' || level === 'warn') ? 'info' : level](
      { err, ...(details.length > 0 ? { details } : {}) },
      `better-auth: ${message}`,
    );
  }
}

/**
 * better-auth's `logger` option: held until the request's answer is known
 * (plugins/auth.ts); outside a request, logged at once.
 */
export function betterAuthLogger(log: FastifyBaseLogger): BetterAuthOptions['logger'] {
  return {
    log: (level, message, ...args) => {
      const logs = authRequestState.getStore()?.logs;
      if (logs) logs.push({ level, message, args });
      else writeBetterAuthLogs(log, [{ level, message, args }]);
    },
  };
}
