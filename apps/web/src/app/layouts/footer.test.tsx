import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { Footer } from './footer.tsx';

afterEach(() => {
  vi.useRealTimers();
});

it("says the visitor's current year, not a year written into the code", () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
  renderWithProviders(<Footer />);
  expect(
    within(screen.getByRole('contentinfo')).getByText('© 2031 Laptop Resale. All rights reserved.'),
  ).toBeTruthy();
});

it('links to the FAQ, Privacy and Terms pages', () => {
  renderWithProviders(<Footer />);
  const footer = within(screen.getByRole('contentinfo'));
  expect(footer.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
  expect(footer.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
  expect(footer.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/terms');
});
