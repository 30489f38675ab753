// Starts the marketplace for the browser tests as `npm start` does (with its test hooks
// on, so with NODE_ENV=test), on a fresh embedded database seeded with the demo data,
// with a local OpenID Connect server standing in for Google.
import fs from 'node:fs';
import { OAuth2Server } from 'oauth2-mock-server';
import { e2eDataDir, googleUser, oidcPort } from './support/env.mjs';

const port = Number(process.env.PORT);
const dataDir = e2eDataDir(port);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
await oidc.start(oidcPort(port), '127.0.0.1');
oidc.issuer.url = `http://127.0.0.1:${oidcPort(port)}`;
oidc.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, {
    sub: googleUser.sub,
    email: googleUser.email,
    email_verified: true,
    name: googleUser.name,
  });
});
oidc.service.on('beforeUserinfo', (userInfo) => {
  userInfo.body = {
    sub: googleUser.sub,
    email: googleUser.email,
    email_verified: true,
    name: googleUser.name,
  };
});

Object.assign(process.env, {
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // Many browser tests sign in from one address within a minute.
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  BOOKING_RATE_LIMIT_PER_BUYER: '100000',
  // The tests check what a page drawn by the server does. Two browsers on a busy CI
  // machine can make a page miss the 150 ms default and go out undrawn; that fallback
  // has its own tests (apps/api first-paint, static-client).
  FIRST_PAINT_DEADLINE_MS: '5000',
  // A message left unread is emailed after 3 seconds, not 5 minutes, so that its test
  // (message-emails.spec.ts) need not wait. Mail goes to DATA_DIR/outbox; no test counts
  // all of it, and each reads only the mail of its own new accounts.
  MESSAGE_EMAIL_DELAY_MINUTES: '0.05',
  // A saved laptop's price drop is emailed after 3 seconds, not 10 minutes
  // (favourites.spec.ts).
  FAVOURITE_EMAIL_DELAY_MINUTES: '0.05',
  // The same for a new listing matching an 'instant' saved search (saved-searches.spec.ts).
  SAVED_SEARCH_ALERT_DELAY_MINUTES: '0.05',
  // The test hooks (a deal's automatic release on demand, docs/development.md), which a
  // production server refuses. The server's own code reads NODE_ENV for little else
  // (the sandbox's warning); libraries take their development builds (React's, for the
  // pages drawn on the server), which draw the same pages.
  NODE_ENV: 'test',
  E2E_TEST_HOOKS: '1',
  GOOGLE_CLIENT_ID: 'e2e-client',
  GOOGLE_CLIENT_SECRET: 'e2e-secret',
  GOOGLE_ISSUER: oidc.issuer.url,
});
// No .env file: a developer's SMTP server, S3 bucket or Stripe keys must not reach the
// tests (and their DATABASE_URL: empty, as a variable in the environment wins too).
process.env.ENV_FILE = 'none';
process.env.DATABASE_URL = '';
await import('../scripts/start.mjs');
