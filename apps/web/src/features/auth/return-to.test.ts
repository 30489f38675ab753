import { describe, expect, it } from 'vitest';
import type { Location } from 'react-router';
import { afterSignUpPath, loginState, returnPath, wasSignedOut } from './return-to.ts';

const from = { pathname: '/dashboard/myproducts', search: '?page=2', hash: '' } as Location;

describe('returnPath: where signing in leads', () => {
  it('goes back to the page that asked for a login', () => {
    expect(returnPath(loginState(from))).toBe('/dashboard/myproducts?page=2');
    expect(returnPath(loginState(from, 'seller'), 'seller')).toBe('/dashboard/myproducts?page=2');
  });

  it('goes to the dashboard when that page needs another kind of account (it would only say whose page it is)', () => {
    expect(returnPath(loginState(from, 'seller'), 'buyer')).toBe('/dashboard');
    // A Google sign-in's account is not known before it returns.
    expect(returnPath(loginState(from, 'seller'))).toBe('/dashboard');
  });

  it('goes home when nothing sent the visitor to log in', () => {
    expect(returnPath(null, 'buyer')).toBe('/');
    expect(returnPath(undefined)).toBe('/');
  });
});

describe('afterSignUpPath: where a new account leads', () => {
  it('takes a new seller who came from nowhere in particular to add their first laptop', () => {
    expect(afterSignUpPath(null, 'seller')).toBe('/dashboard/addaproduct');
    expect(afterSignUpPath(null, 'buyer')).toBe('/');
  });

  it('goes back to the page that asked for an account, as a login does', () => {
    expect(afterSignUpPath(loginState(from, 'seller'), 'seller')).toBe(
      '/dashboard/myproducts?page=2',
    );
    expect(afterSignUpPath(loginState(from, 'seller'), 'buyer')).toBe('/dashboard');
  });
});

describe('wasSignedOut: why the visitor was sent to log in', () => {
  it('is true only when their session ended elsewhere', () => {
    expect(wasSignedOut({ ...loginState(from, 'seller'), signedOut: true })).toBe(true);
    expect(returnPath({ ...loginState(from, 'seller'), signedOut: true }, 'seller')).toBe(
      '/dashboard/myproducts?page=2',
    );
    expect(wasSignedOut(loginState(from, 'seller'))).toBe(false);
    expect(wasSignedOut(loginState(from))).toBe(false);
    for (const state of [null, undefined, 'x', {}]) expect(wasSignedOut(state)).toBe(false);
  });
});
