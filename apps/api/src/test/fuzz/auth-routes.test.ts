import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../test-app.ts';
import { fuzzRoute, fuzzTimeoutMs, type RouteContract } from './fuzz-route.ts';
import type { JsonSchema } from './schema-arbitrary.ts';

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
const authRoutes: {
  method: string;
  url: string;
  body?: JsonSchema;
  query?: JsonSchema;
  path?: Record<string, JsonSchema>;
  signedIn?: boolean;
}[] = [
  {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    body: object(
      {
        name: text,
        email,
        password: text,
        typeOfUser: { type: 'string', enum: ['buyer', 'seller'] },
        image: { type: 'string' },
        callbackURL: { type: 'string' },
      },
      ['name', 'email', 'password', 'typeOfUser'],
    ),
  },
  {
    method: 'POST',
    url: '/api/auth/sign-in/email',
    body: object(
      { email, password: text, callbackURL: { type: 'string' }, rememberMe: { type: 'boolean' } },
      ['email', 'password'],
    ),
  },
  {
    method: 'POST',
    url: '/api/auth/request-password-reset',
    body: object({ email, redirectTo: { type: 'string' } }, ['email']),
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    body: object({ newPassword: text, token: text }, ['newPassword']),
  },
  {
    // The link in the reset email.
    method: 'GET',
    url: '/api/auth/reset-password/:token',
    path: { token: text },
    query: object({ callbackURL: { type: 'string' } }, []),
  },
  { method: 'POST', url: '/api/auth/sign-out', signedIn: true },
  { method: 'GET', url: '/api/auth/get-session', signedIn: true },
];

let t: TestContext;
let known: { email: string; password: string };
let cookie: string;
beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.database.db, { typeOfUser: 'seller' });
  known = { email: user.email, password: user.password };
  cookie = await signIn(t.app, user.email, user.password);
});
afterAll(async () => {
  await t?.close();
});

describe('fuzzing the better-auth endpoints we expose', () => {
  for (const route of authRoutes) {
    it(
      `${route.method} ${route.url}`,
      async () => {
        const contract: RouteContract = {
          path: route.path ?? {},
          query: route.query ?? noQuery,
          body: route.body,
        };
        await fuzzRoute({
          app: t.app,
          db: t.database.db,
          method: route.method,
          url: route.url,
          contract,
          errorBody: 'library',
          cookie: route.signedIn ? cookie : undefined,
          hints: {
            email: fc.oneof(fc.constant(known.email), fc.emailAddress()),
            password: fc.oneof(fc.constant(known.password), fc.string({ minLength: 6 })),
            redirectTo: fc.constantFrom(
              '/reset-password',
              'http://evil.test/',
              'javascript:alert(1)',
            ),
            callbackURL: fc.constantFrom('/', 'http://evil.test/', 'javascript:alert(1)'),
          },
        });
      },
      fuzzTimeoutMs,
    );
  }
});
