import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../test-app.ts';
import { uploadTestImage } from '../upload-helper.ts';
import { fuzzRoute, fuzzTimeoutMs, type RouteContract } from './fuzz-route.ts';
import { fuzzedAuthRoutes, splitRoute } from './route-groups.ts';
import type { Hints, JsonSchema } from './schema-arbitrary.ts';

/**
 * better-auth's endpoints that the web client uses. The library owns them and their
 * error body, so here the rule is only: never a 5xx, and a refusal changes nothing.
 * Their bodies are not in our OpenAPI document, so they are written out here.
 */
const text: JsonSchema = { type: 'string', minLength: 1, maxLength: 40 };
const email: JsonSchema = { type: 'string', format: 'email' };
const object = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  properties,
  required,
});
const noQuery: JsonSchema = { type: 'object', properties: {}, required: [] };
type AuthContract = {
  body?: JsonSchema;
  query?: JsonSchema;
  path?: Record<string, JsonSchema>;
  /** Called with a session of its own (a fresh one, so no other route's run ends it). */
  signedIn?: boolean;
};
const callbackURL: JsonSchema = { type: 'string' };
const authRoutes: Record<(typeof fuzzedAuthRoutes)[number], AuthContract> = {
  'POST /api/auth/sign-up/email': {
    body: object(
      {
        name: text,
        email,
        password: text,
        typeOfUser: { type: 'string', enum: ['buyer', 'seller'] },
        image: { type: 'string' },
        callbackURL,
      },
      ['name', 'email', 'password', 'typeOfUser'],
    ),
  },
  'POST /api/auth/sign-in/email': {
    body: object({ email, password: text, callbackURL, rememberMe: { type: 'boolean' } }, [
      'email',
      'password',
    ]),
  },
  // 'Sign in With Google' (not configured here: the provider is unknown).
  'POST /api/auth/sign-in/social': {
    body: object(
      {
        provider: { type: 'string', enum: ['google', 'github', ''] },
        callbackURL,
        errorCallbackURL: callbackURL,
      },
      ['provider'],
    ),
  },
  'POST /api/auth/request-password-reset': {
    body: object({ email, redirectTo: { type: 'string' } }, ['email']),
  },
  'POST /api/auth/reset-password': {
    body: object({ newPassword: text, token: text }, ['newPassword']),
  },
  // The link in the reset email.
  'GET /api/auth/reset-password/:token': {
    path: { token: text },
    query: object({ callbackURL }, []),
  },
  'GET /api/auth/get-session': { signedIn: true },
  // The profile page: name and picture. The fields only the server may set are tried too.
  'POST /api/auth/update-user': {
    body: object(
      {
        name: text,
        image: { type: 'string' },
        typeOfUser: { type: 'string', enum: ['admin', 'seller', 'buyer'] },
        isVerified: { type: 'boolean' },
        email,
        emailVerified: { type: 'boolean' },
        deletedAt: { type: 'string' },
      },
      [],
    ),
    signedIn: true,
  },
  'POST /api/auth/sign-out': { signedIn: true },
  'POST /api/auth/revoke-sessions': { signedIn: true },
};

let t: TestContext;
let known: { email: string; password: string };
let images: { own: string; others: string };
beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.database.db, { typeOfUser: 'seller' });
  const other = await createUser(t.database.db, { typeOfUser: 'seller' });
  known = { email: user.email, password: user.password };
  images = {
    own: await uploadTestImage(t.app, await signIn(t.app, user.email, user.password)),
    others: await uploadTestImage(t.app, await signIn(t.app, other.email, other.password)),
  };
});
afterAll(async () => {
  await t?.close();
});

describe('fuzzing the better-auth endpoints we expose', () => {
  for (const route of fuzzedAuthRoutes) {
    it(
      route,
      async () => {
        const { body, query, path, signedIn } = authRoutes[route];
        const contract: RouteContract = { path: path ?? {}, query: query ?? noQuery, body };
        await fuzzRoute({
          app: t.app,
          db: t.database.db,
          ...splitRoute(route),
          contract,
          errorBody: 'library',
          cookie: signedIn ? await signIn(t.app, known.email, known.password) : undefined,
          hints: {
            ...commonHints(),
            ...(route === 'POST /api/auth/update-user' ? rarely(serverOwnedFields) : {}),
          },
        });
      },
      fuzzTimeoutMs,
    );
  }
});

const serverOwnedFields = ['typeOfUser', 'isVerified', 'email', 'emailVerified', 'deletedAt'];

/**
 * Mostly leaves these fields out, so that most profile updates reach past the check
 * that refuses them, and now and then sends one.
 */
function rarely(fields: string[]): Hints {
  const hints: Hints = {};
  for (const field of fields) {
    hints[field] = fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom('admin', true, known.email, '2020-01-01', null) },
    );
  }
  return hints;
}

function commonHints(): Hints {
  return {
    email: fc.oneof(fc.constant(known.email), fc.emailAddress()),
    password: fc.oneof(fc.constant(known.password), fc.string({ minLength: 6 })),
    redirectTo: fc.constantFrom('/reset-password', 'http://evil.test/', 'javascript:alert(1)'),
    callbackURL: fc.constantFrom('/', 'http://evil.test/', 'javascript:alert(1)'),
    errorCallbackURL: fc.constantFrom('/login?error=google', '//evil.test'),
    // Our own upload, another user's, or a hot-linked tracker.
    image: fc.oneof(
      fc.constantFrom(images.own, images.others, 'https://tracker.example/pixel.gif'),
      fc.string(),
    ),
  };
}
