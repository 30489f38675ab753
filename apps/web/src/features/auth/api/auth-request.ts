import { ApiRequestError, readApiError, type ResponseCheck } from '../../../lib/api-client.ts';
import { messages } from '../../../lib/messages.ts';

/** better-auth's error body, `{ message, code? }`, read by hand so this module needs no zod. */
function readAuthError(body: unknown): { message: string; code?: string } | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  if (typeof message !== 'string') return undefined;
  const code = 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  return code === undefined ? { message } : { message, code };
}

/**
 * POSTs to one of better-auth's endpoints under /api/auth. Its errors are
 * `{ code, message }` (ours are `{ error: { ... } }`); both become ApiRequestError
 * carrying the provider's message, which the screens show as an error toast.
 */
export async function authRequest<T>(
  path: string,
  body: unknown,
  check: ResponseCheck<T>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiRequestError(0, 'NETWORK_ERROR', messages.networkError);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const ours = readApiError(json);
    if (ours) throw new ApiRequestError(response.status, ours.code, ours.message);
    const theirs = readAuthError(json);
    throw new ApiRequestError(
      response.status,
      theirs?.code ?? 'AUTH_ERROR',
      theirs?.message ?? messages.serverError,
    );
  }
  return check.parse(json);
}
