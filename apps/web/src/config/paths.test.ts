import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

/** Each route's full pattern (its path under its parents) and a link to it. */
const routes: [pattern: string, href: string][] = [
  ['/', paths.home.getHref()],
  ...(
    ['blogs', 'faq', 'privacy', 'terms', 'search', 'login', 'signUp', 'resetPassword'] as const
  ).map((name): [string, string] => [`/${paths[name].path}`, paths[name].getHref().split('?')[0]!]),
  [`/${paths.category.path}`, paths.category.getHref('c 1')],
  [`/${paths.dashboard.root.path}`, paths.dashboard.root.getHref()],
  ...Object.values(paths.dashboard)
    .filter((route) => route !== paths.dashboard.root)
    .map((route): [string, string] => [
      `/${paths.dashboard.root.path}/${route.path}`,
      route.getHref('o 1'),
    ]),
];

describe('paths', () => {
  it.each(routes)('a link made for %s is matched by it', (pattern, href) => {
    expect(matchPath(pattern, href)).not.toBeNull();
  });

  it('links with an id carry it, encoded', () => {
    expect(paths.dashboard.order.getHref('a/b')).toBe('/dashboard/orders/a%2Fb');
    expect(paths.category.getHref('c 1')).toBe('/category/c%201');
    expect(paths.laptop.getHref('p/1')).toBe('/laptops/p%2F1');
    expect(paths.dashboard.editProduct.getHref('p1')).toBe('/dashboard/myproducts/p1/edit');
  });

  it('a search or a failed sign-in is written into the query', () => {
    expect(paths.search.getHref()).toBe('/search');
    expect(paths.search.getHref('dell xps')).toBe('/search?q=dell+xps');
    expect(paths.login.getHref('google')).toBe('/login?error=google');
  });
});
