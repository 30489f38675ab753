import { AsyncLocalStorage } from 'node:async_hooks';

export type BetterAuthLog = {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  args: unknown[];
};

/**
 * What one auth request learnt on its way (plugins/auth.ts runs better-auth in it):
 * the password hash a sign-in checked, so that a sign-in whose password was changed
 * (reset) while it ran does not end with a session.
 */
export const authRequestState = new AsyncLocalStorage<{
  verifiedHash?: string;
  /** better-auth's messages, logged once the answer's status is known. */
  logs?: BetterAuthLog[];
  /** Whether this request stored a reset link (the email has an account). */
  storedResetLink?: boolean;
  /** Work that must not hold the answer up (a reset link's mail); run once it is sent. */
  afterAnswer?: (() => void)[];
}>();

/** Runs `job` once the current auth request is answered (at once outside a request). */
export function afterAnswer(job: () => void) {
  const jobs = authRequestState.getStore()?.afterAnswer;
  if (jobs) jobs.push(job);
  else job();
}
