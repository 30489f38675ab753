import { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { messages } from '../../../lib/messages.ts';

const authErrorSchema = z.object({ message: z.string(), code: z.string().optional() });
const ourErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * POSTs to one of better-auth's endpoints under /api/auth. Its errors are
 * `{ code, message }` (ours are `{ error: { ... } }`); both become ApiRequestError
 * carrying the provider's message, which the screens show as an error toast.
 */
export async function authRequest<T extends z.ZodType>(
  path: string,
  body: unknown,
  schema: T,
): Promise<z.infer<T>> {
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
    const ours = ourErrorSchema.safeParse(json);
    if (ours.success)
      throw new ApiRequestError(response.status, ours.data.error.code, ours.data.error.message);
    const theirs = authErrorSchema.safeParse(json);
    throw new ApiRequestError(
      response.status,
      theirs.success ? (theirs.data.code ?? 'AUTH_ERROR') : 'AUTH_ERROR',
      theirs.success ? theirs.data.message : messages.serverError,
    );
  }
  return schema.parse(json);
}
