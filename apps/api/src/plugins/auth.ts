import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';
import { createRateLimiter, type RateLimitStore } from '../lib/rate-limiter.ts';
import type { Auth } from '../modules/auth/auth.ts';
import { authRequestState, type BetterAuthLog } from '../modules/auth/auth-request-state.ts';
import { writeBetterAuthLogs } from '../modules/auth/better-auth-logs.ts';
import { readViewerSession, type ViewerSession } from '../modules/auth/viewer.ts';
// The route config `keepsLists` is declared there.
import type {} from './list-cache.ts';

const SIGN_IN_PATH = '/api/auth/sign-in/email';
/**
 * Every endpoint that checks an account's password. The ones after sign-in need a
 * session, but a stolen cookie or bearer token is enough to reach them, so each is
 * limited like sign-in, and one account's guesses at its password are counted together
 * wherever they are made. delete-user is off (404), limited in case it is turned on.
 */
const sessionPasswordCheckPaths = new Set([
  '/api/auth/change-password',
  '/api/auth/verify-password',
  '/api/auth/delete-user',
]);
const passwordCheckPaths = new Set([SIGN_IN_PATH, ...sessionPasswordCheckPaths]);
/** Endpoints where guessing is possible: limited per IP and per account. */
const guardedAuthPaths = new Set([
  ...passwordCheckPaths,
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
]);
/**
 * Endpoints that change sessions, passwords or unlisted accounts only, never what a
 * catalogue list shows (a new account has no listings yet). Others, such as a change
 * of name, clear the cached lists.
 */
const sessionOnlyAuthPaths = new Set([
  // A deleted account's listings leave the lists.
  ...[...guardedAuthPaths].filter((pathname) => pathname !== '/api/auth/delete-user'),
  '/api/auth/sign-out',
  '/api/auth/send-verification-email',
]);
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Mounts better-auth's own endpoints under /api/auth and gives every request a
 * way to know who is calling, from the session cookie only.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      auth: Auth;
      baseURL: string;
      rateLimit: { perIp: number; perAccount: number };
      /** Memory, or Redis so that the limits hold across every instance. */
      rateLimitStore: RateLimitStore;
    },
  ) => {
    const { auth, baseURL, rateLimitStore: store } = options;
    const perIp = createRateLimiter({
      store,
      name: 'auth-ip',
      max: options.rateLimit.perIp,
      windowMs: 60_000,
    });
    const perAccount = createRateLimiter({
      store,
      name: 'auth-account',
      max: options.rateLimit.perAccount,
      windowMs: 15 * 60_000,
    });

    // The path as better-auth routes it: the URL it is given resolves "./", "x/../" and
    // "%2e" and drops a "#...", so "/api/auth/sign-in/./email" is sign-in too.
    const endpointOf = (request: FastifyRequest) => new URL(request.url, baseURL).pathname;

    // Password checks share one count; each other endpoint counts apart, so someone
    // guessing a password locks the checks for a while, but not the reset that lets
    // the owner back in.
    const limitGroupOf = (pathname: string) =>
      passwordCheckPaths.has(pathname) ? 'password-check' : pathname;

    // The account is the email typed (sign-in, sign-up, reset) or, for the checks made
    // by a signed-in user, the session's: its cookie or bearer token.
    const accountKeyOf = async (pathname: string, request: FastifyRequest) => {
      const email = sessionPasswordCheckPaths.has(pathname)
        ? (await request.getViewer())?.email
        : (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string'
        ? `${limitGroupOf(pathname)}|${email.trim().toLowerCase()}`
        : undefined;
    };

    const checkRateLimit = async (
      pathname: string,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => {
      if (request.method !== 'POST' || !guardedAuthPaths.has(pathname)) return;
      const checks = [perIp.hit(`${limitGroupOf(pathname)}|${request.ip}`)];
      const accountKey = await accountKeyOf(pathname, request);
      if (accountKey) checks.push(perAccount.hit(accountKey));
      const limited = (await Promise.all(checks)).find((check) => check.limited);
      if (limited?.limited) {
        reply.header('retry-after', String(limited.retryAfterSeconds));
        throw new HttpError(429, 'TOO_MANY_REQUESTS', TOO_MANY);
      }
    };

    // The account's owner gave the right password: their attempts so far were not
    // guesses, and counting them would lock out someone who signs in on many devices.
    const forgetAttempts = async (pathname: string, request: FastifyRequest, status: number) => {
      if (status !== 200 || !passwordCheckPaths.has(pathname)) return;
      const accountKey = await accountKeyOf(pathname, request);
      if (accountKey) await perAccount.forget(accountKey);
    };

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      config: {
        keepsLists: (request) => sessionOnlyAuthPaths.has(endpointOf(request)),
      },
      async handler(request, reply) {
        const pathname = endpointOf(request);
        await checkRateLimit(pathname, request, reply);
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        const state = { logs: [] as BetterAuthLog[], afterAnswer: [] as (() => void)[] };
        const response = await authRequestState
          .run(state, () =>
            auth.handler(
              new Request(new URL(request.url, baseURL), {
                method: request.method,
                headers: fromNodeHeaders(request.headers),
                body: hasBody ? bodyAsText(request.body) : undefined,
              }),
            ),
          )
          .catch((error: unknown) => {
            writeBetterAuthLogs(request.log, state.logs, 500);
            throw error;
          });
        writeBetterAuthLogs(request.log, state.logs, response.status);
        await forgetAttempts(pathname, request, response.status);
        // 'close' comes once the answer is sent, or the client went away; the jobs start
        // on the next turn, after whatever the answer's sending still has to do.
        reply.raw.once('close', () => {
          setImmediate(() => state.afterAnswer.forEach((job) => job()));
        });
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        const body = response.body ? await response.text() : '';
        // better-auth answers a path it does not have with no body at all.
        if (response.status === 404 && body === '') {
          return reply
            .type('application/json; charset=utf-8')
            .send({ message: 'Not found', code: 'NOT_FOUND' });
        }
        return reply.send(body === '' ? null : body);
      },
    });

    const sessions = new WeakMap<FastifyRequest, Promise<ViewerSession | null>>();
    const sessionOf = (request: FastifyRequest) => {
      let session = sessions.get(request);
      if (!session) {
        session = readViewerSession(auth, request);
        sessions.set(request, session);
      }
      return session;
    };
    app.decorateRequest('getViewer', async function (this: FastifyRequest) {
      return (await sessionOf(this))?.viewer ?? null;
    });
    app.decorateRequest('getSessionToken', async function (this: FastifyRequest) {
      return (await sessionOf(this))?.token ?? null;
    });
  },
);

/** better-auth reads the body again: a body nested too deep to re-encode is refused. */
function bodyAsText(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'The request body is not valid.');
  }
}
