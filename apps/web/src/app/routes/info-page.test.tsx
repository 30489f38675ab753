import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { infoPageFor } from './info-page.tsx';

it('shows the page with a list of its sections, each linking to its own anchor', () => {
  const Terms = infoPageFor('terms');
  render(<Terms />);
  expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeTruthy();
  const contents = within(screen.getByRole('navigation', { name: 'On this page' }));
  const payments = contents.getByRole('link', { name: 'Payments and refunds' });
  const target = document.getElementById(payments.getAttribute('href')?.slice(1) ?? '');
  expect(target?.querySelector('h2')?.textContent).toBe('Payments and refunds');
});

it('says how to reach us and links to the other two pages, not itself', () => {
  const Faq = infoPageFor('faq');
  render(<Faq />);
  expect(screen.getByRole('heading', { name: 'Still have a question?' })).toBeTruthy();
  const seeAlso = within(screen.getByRole('navigation', { name: 'See also' }));
  expect(seeAlso.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
    '/privacy',
    '/terms',
  ]);
});
