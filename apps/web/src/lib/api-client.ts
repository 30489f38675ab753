import type { ApiError } from '@laptops/shared/errors';
import { messages } from './messages.ts';

/** A refusal or failure from the API, with the server's message when it gave one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * Whether a refusal means the session this browser held has ended: signed out on every
 * device, by a password reset, or the account deleted. Our API says UNAUTHENTICATED,
 * better-auth UNAUTHORIZED; a wrong password at sign-in is a 401 with another code.
 */
export function isSessionEnded(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 401 &&
    (error.code === 'UNAUTHENTICATED' || error.code === 'UNAUTHORIZED')
  );
}

/** What checks an answer and gives it its type: a zod schema, or `serverChecked()`. */
export type ResponseCheck<T> = { parse: (body: unknown) => T };

/**
 * For answers our own server has already checked against the shared contract (its
 * serializer validates every declared response before sending it). Home's calls
 * use it so the first page does not have to download zod (the web budget).
 */
export function serverChecked<T>(): ResponseCheck<T> {
  return { parse: (body) => body as T };
}

/** Our error body, `{ error: { code, message, fields? } }`, read by hand (no zod here). */
export function readApiError(body: unknown): ApiError['error'] | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null) return undefined;
  if (!('code' in error) || !('message' in error)) return undefined;
  const { code, message } = error;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const fields = 'fields' in error ? error.fields : undefined;
  const stringFields =
    typeof fields === 'object' &&
    fields !== null &&
    Object.values(fields).every((value) => typeof value === 'string');
  return { code, message, ...(stringFields ? { fields: fields as Record<string, string> } : {}) };
}

/**
 * Calls our API with the session cookie and checks the answer against the shared
 * contract, so a drifted response fails loudly here instead of deep in a screen.
 */
export async function apiRequest<T>(
  path: string,
  check: ResponseCheck<T>,
  init: RequestInit & { json?: unknown } = {},
): Promise<T> {
  const { json, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...rest.headers,
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiRequestError(0, 'NETWORK_ERROR', messages.networkError);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = readApiError(body);
    if (error) throw new ApiRequestError(response.status, error.code, error.message, error.fields);
    throw new ApiRequestError(response.status, 'HTTP_ERROR', messages.serverError);
  }
  return check.parse(body);
}
