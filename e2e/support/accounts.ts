import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { e2eDataDir } from './env.mjs';

export type TestAccount = { name: string; email: string; password: string };

/**
 * A fresh account made through the real sign-up API (each test makes its own), in
 * a cookie jar of its own: better-auth refuses cookie-bearing calls without an Origin.
 */
export async function createAccount(
  _request: APIRequestContext,
  typeOfUser: 'buyer' | 'seller',
  name = `E2E ${typeOfUser}`,
): Promise<TestAccount> {
  const account = {
    name,
    email: `${typeOfUser}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.test`,
    password: 'e2e-pass-1',
  };
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const response = await api.post('/api/auth/sign-up/email', { data: { ...account, typeOfUser } });
  expect(response.ok()).toBe(true);
  await api.dispose();
  return account;
}

type Credentials = Pick<TestAccount, 'email' | 'password'>;

/**
 * Signs in through the API into `request`'s cookie jar: `page.request` signs the
 * page in too. Sends the Origin that better-auth asks of calls that carry cookies.
 */
export async function signInWithApi(request: APIRequestContext, account: Credentials) {
  const response = await request.post('/api/auth/sign-in/email', {
    headers: { origin: test.info().project.use.baseURL ?? '' },
    data: { email: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
}

/** An API client with a cookie jar of its own, signed in as `account`; dispose() it. */
export async function apiSignedInAs(account: Credentials): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  await signInWithApi(api, account);
  return api;
}

/**
 * Signs in on the login page. Waits for that page first: callers often reach it by a
 * redirect, and Home's Contact us form also has an Email field to type into by mistake.
 */
export async function logIn(page: Page, account: Credentials) {
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Opens the login page, signs in and waits to land on Home. */
export async function signIn(page: Page, account: Credentials) {
  await page.goto('/login');
  await logIn(page, account);
  await expect(page).toHaveURL(/\/$/);
}

/** The server's outbox (it has no SMTP server here): every email as sent, oldest first. */
function outbox(): string[] {
  const folder = path.join(e2eDataDir(), 'outbox');
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  return files.map((file) => fs.readFileSync(path.join(folder, file), 'utf8'));
}

const undoQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The newest email to `to` in the server's outbox, with quoted-printable undone. */
export async function latestEmailTo(to: string, containing = ''): Promise<string> {
  let found = '';
  // Mail goes out after the answer: wait for the one asked for, not an earlier one.
  await expect
    .poll(() => {
      found =
        outbox()
          .reverse()
          .find((text) => text.includes(`To: ${to}`) && text.includes(containing)) ?? '';
      return found;
    })
    .not.toBe('');
  return undoQuotedPrintable(found);
}

/**
 * The emails to `to` in the outbox so far, oldest first, as read: the headers with
 * their folded lines joined, the text with quoted-printable undone.
 */
export function emailsTo(to: string): { headers: string; text: string }[] {
  return outbox()
    .map((raw) => {
      const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
      return {
        headers: head.replace(/\r?\n[ \t]+/g, ' '),
        text: undoQuotedPrintable(body.join('\n\n')).replace(/\r\n/g, '\n'),
      };
    })
    .filter((mail) => mail.headers.split(/\r?\n/).includes(`To: ${to}`));
}

/** On a phone the dashboard menu sits in a closed drawer: open it first. */
export async function dashboardMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Dashboard menu' });
  if (await toggle.isVisible()) await toggle.click();
  return page.getByRole('navigation', { name: 'Dashboard' });
}

/** The navbar's links and buttons; on a phone they sit behind the menu button. */
export async function navbar(page: Page) {
  const banner = page.getByRole('banner');
  const toggle = banner.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
  return banner;
}
