import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * Errors that mean "the database cannot be reached right now" rather than a bug:
 * the connection was refused, dropped or timed out, or PostgreSQL is shutting down
 * or starting up (SQLSTATE class 08 and 57P01-57P03). Only errors from a database
 * query count (Drizzle wraps those in DrizzleQueryError), so a refused
 * connection to S3 or SMTP is not reported as a database outage.
 */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);

// pg and pg-pool say these without a code.
const unreachableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let fromDatabase = false;
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof DrizzleQueryError) {
      fromDatabase = true;
      continue;
    }
    if (!fromDatabase) continue;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (unreachableCodes.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (unreachableMessages.some((message) => cause.message.includes(message))) return true;
  }
  return false;
}

/** Whether the error, or one it was caused by, carries one of these SQLSTATE codes. */
export function hasDatabaseCode(error: unknown, codes: Set<string>): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
  }
  return false;
}

/** Whether a database query raised the error (Drizzle wraps those in DrizzleQueryError). */
export function isDatabaseError(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof DrizzleQueryError) return true;
  }
  return false;
}
