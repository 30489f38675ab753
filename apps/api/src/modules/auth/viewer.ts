import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { UserType } from '../../db/schema/users.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Auth } from './auth.ts';

/** The signed-in user, as every route and service sees them. */
export type Viewer = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  typeOfUser: UserType;
  isVerified: boolean;
};

// plugins/auth.ts gives every request these, from the session cookie or bearer token.
declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request, or null; read once from the session. */
    getViewer(): Promise<Viewer | null>;
    /**
     * The token (unsigned) of the session that signed the viewer in: the bearer token's
     * or the session cookie's, as better-auth chose. Null without a viewer.
     */
    getSessionToken(): Promise<string | null>;
  }
}

export type ViewerSession = { viewer: Viewer; token: string };

/** Whether a request may be signed in: a bearer token, or a session cookie. */
export function carriesSession(headers: IncomingHttpHeaders): boolean {
  return (
    headers.authorization !== undefined || (headers.cookie?.includes('session_token') ?? false)
  );
}

export async function readViewerSession(
  auth: Auth,
  request: FastifyRequest,
): Promise<ViewerSession | null> {
  // Most catalogue visits carry no session at all: skip better-auth's lookup for them.
  if (!carriesSession(request.headers)) return null;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session || session.user.deletedAt) return null;
  const user = session.user;
  return {
    viewer: {
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image ?? null,
      typeOfUser: user.typeOfUser as UserType,
      isVerified: Boolean(user.isVerified),
    },
    token: session.session.token,
  };
}

/** The signed-in user of a route whose access guard already demanded one. */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.getViewer();
  if (!viewer) throw new HttpError(401, 'UNAUTHENTICATED', 'Please log in first.');
  return viewer;
}
