import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe.ts';

/** The footer's link to one of its pages, followed on the page the visitor is on. */
async function openFromFooter(page: Page, link: string) {
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: link, exact: true }).click();
}

test('the footer opens the FAQ, Privacy and Terms pages, and says the current year', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  // The browser's year, as the visitor's clock has it, not one written into the page.
  const year = await page.evaluate(() => new Date().getFullYear());
  await expect(footer.getByText(`© ${year} Laptop Resale. All rights reserved.`)).toBeVisible();

  const pages = [
    {
      link: 'FAQ',
      path: '/faq',
      heading: 'Frequently asked questions',
      section: 'How do I book a laptop?',
    },
    { link: 'Privacy', path: '/privacy', heading: 'Privacy', section: 'Cookies' },
    {
      link: 'Terms of use',
      path: '/terms',
      heading: 'Terms of use',
      section: 'Payments and refunds',
    },
  ];
  for (const { link, path, heading, section } of pages) {
    await openFromFooter(page, link);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} · Laptop Resale`);
    // Each section has an anchor in the page's own list of contents.
    const contents = page.getByRole('navigation', { name: 'On this page' });
    await contents.getByRole('link', { name: section }).click();
    await expect(page).toHaveURL(new RegExp(`${path}#`));
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeInViewport();
    await expect(page.getByRole('contentinfo').getByText(`© ${year} Laptop Resale.`)).toBeVisible();
  }
});

test('a footer page opened directly has the way to ask us and to the other two pages', async ({
  page,
}) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  const seeAlso = page.getByRole('navigation', { name: 'See also' });
  await expect(seeAlso.getByRole('link')).toHaveText(['FAQ', 'Terms of use']);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Still have a question?' }),
  ).toBeVisible();
  // The address the page points at: the footer's.
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'hello@laptop-resale.example' }),
  ).toHaveAttribute('href', 'mailto:hello@laptop-resale.example');
  await seeAlso.getByRole('link', { name: 'Terms of use' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
});
