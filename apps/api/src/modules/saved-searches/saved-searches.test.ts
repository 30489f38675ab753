/**
 * Saved searches through HTTP: saving the search page's search, listing, changing how
 * often it emails, deleting; the limit, a duplicate, bad input and other people's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCHES_MAX, type SavedSearch } from '@laptops/shared/saved-searches';
import { createCategory, createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let lenovo: { id: string; name: string };
beforeAll(async () => {
  t = await createTestContext();
  lenovo = await createCategory(t.database.db, { name: 'Lenovo' });
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function member(typeOfUser: 'buyer' | 'seller' | 'admin' = 'buyer') {
  const user = await createUser(t.database.db, { typeOfUser });
  return { user, cookie: await signIn(t.app, user.email, user.password) };
}

const save = (cookie: string, filters: Record<string, string>, frequency = 'instant') =>
  call('POST', '/api/saved-searches', cookie, { filters, frequency });

describe('saving a search', () => {
  it('keeps the search as the page has it, and lists it', async () => {
    const { cookie } = await member();
    const saved = await save(cookie, {
      q: '  ThinkPad ',
      category: lenovo.id,
      maxPrice: '500',
      ramMin: '16',
      serialChecked: 'true',
      sort: 'price_asc',
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<SavedSearch>()).toMatchObject({
      // Trimmed as the search reads it; the order of results is not kept.
      filters: {
        q: 'ThinkPad',
        category: lenovo.id,
        maxPrice: '500',
        ramMin: '16',
        serialChecked: 'true',
      },
      categoryName: 'Lenovo',
      frequency: 'instant',
      emailsOff: false,
    });
    const list = await call('GET', '/api/saved-searches', cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      max: SAVED_SEARCHES_MAX,
      savedSearches: [{ filters: { q: 'ThinkPad' }, categoryName: 'Lenovo' }],
    });
  });

  it('lets sellers save searches too, and refuses admins', async () => {
    const seller = await member('seller');
    expect((await save(seller.cookie, { q: 'macbook' })).statusCode).toBe(201);
    const admin = await member('admin');
    const refused = await save(admin.cookie, { q: 'macbook' });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/api/saved-searches', admin.cookie)).statusCode).toBe(403);
  });

  it('asks a guest to sign in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload: { filters: { q: 'dell' }, frequency: 'daily' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses the same search twice, even written differently', async () => {
    const { cookie } = await member();
    expect((await save(cookie, { q: 'xps', minPrice: '300' })).statusCode).toBe(201);
    const again = await save(cookie, { minPrice: '300.0', q: ' xps ', sort: 'newest' }, 'daily');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: { code: 'DUPLICATE', message: 'You have already saved this search.' },
    });
  });

  it(`refuses a search past the limit of ${SAVED_SEARCHES_MAX}`, async () => {
    const { cookie } = await member();
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) {
      expect((await save(cookie, { q: `model${i}` })).statusCode).toBe(201);
    }
    const over = await save(cookie, { q: 'one more' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: { code: 'LIMIT_REACHED' } });
    expect(over.json<{ error: { message: string } }>().error.message).toContain(
      `up to ${SAVED_SEARCHES_MAX} searches`,
    );
  });

  it('refuses bad input with a clear 400, and saves nothing', async () => {
    const { cookie } = await member();
    const cases: [object, string][] = [
      [{ filters: {}, frequency: 'instant' }, 'EMPTY_SEARCH'],
      [{ filters: { q: '   ' }, frequency: 'instant' }, 'EMPTY_SEARCH'],
      [{ filters: { q: 'hp' }, frequency: 'hourly' }, 'VALIDATION_ERROR'],
      [{ filters: { q: 'hp' } }, 'VALIDATION_ERROR'],
      [{ filters: { maxPrice: 'cheap' }, frequency: 'daily' }, 'VALIDATION_ERROR'],
      [{ filters: { category: 'not-a-uuid' }, frequency: 'daily' }, 'VALIDATION_ERROR'],
      [{ filters: { minPrice: '900', maxPrice: '100' }, frequency: 'daily' }, 'PRICE_RANGE'],
      // Nothing but the page's filters is taken.
      [{ filters: { q: 'hp', userId: 'someone-else' }, frequency: 'daily' }, 'VALIDATION_ERROR'],
      [{ filters: { q: 'hp' }, frequency: 'daily', userId: 'x' }, 'VALIDATION_ERROR'],
      [{ filters: { q: 'hp', includeSold: 'true' }, frequency: 'daily' }, 'VALIDATION_ERROR'],
    ];
    for (const [payload, code] of cases) {
      const response = await call('POST', '/api/saved-searches', cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ error: { code } });
    }
    const list = await call('GET', '/api/saved-searches', cookie);
    expect(list.json()).toMatchObject({ savedSearches: [] });
  });
});

describe('changing and deleting', () => {
  it('changes the frequency of my own search only', async () => {
    const me = await member();
    const other = await member();
    const { id } = (await save(me.cookie, { q: 'zenbook' })).json<SavedSearch>();
    const theirs = await call('PATCH', `/api/saved-searches/${id}`, other.cookie, {
      frequency: 'daily',
    });
    expect(theirs.statusCode).toBe(404);
    const changed = await call('PATCH', `/api/saved-searches/${id}`, me.cookie, {
      frequency: 'daily',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id, frequency: 'daily' });
    const bad = await call('PATCH', `/api/saved-searches/${id}`, me.cookie, { frequency: 'x' });
    expect(bad.statusCode).toBe(400);
    const badId = await call('PATCH', '/api/saved-searches/nope', me.cookie, {
      frequency: 'daily',
    });
    expect(badId.statusCode).toBe(400);
  });

  it('deletes my own search only, which frees its place', async () => {
    const me = await member();
    const other = await member();
    const { id } = (await save(me.cookie, { q: 'surface' })).json<SavedSearch>();
    expect((await call('DELETE', `/api/saved-searches/${id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/saved-searches/${id}`, me.cookie)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/saved-searches/${id}`, me.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/saved-searches', me.cookie)).json()).toMatchObject({
      savedSearches: [],
    });
    // The same search can be saved again.
    expect((await save(me.cookie, { q: 'surface' })).statusCode).toBe(201);
  });
});
