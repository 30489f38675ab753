// Saved laptops (decision 0041): a buyer saves a laptop with a card's heart, finds it
// on Saved laptops, and is emailed once when its seller lowers the price. The test
// server waits 3 seconds before emailing (FAVOURITE_EMAIL_DELAY_MINUTES in serve.mjs)
// and writes mail to its outbox, which the test reads.
import { expect, test } from '@playwright/test';
import {
  apiSignedInAs,
  createAccount,
  dashboardMenu,
  emailsTo,
  signIn,
} from './support/accounts.ts';
import { sellerWithListing } from './support/listings.ts';

test('a saved laptop whose price drops is emailed once, with its link and one-click unsubscribe', async ({
  page,
  request,
}) => {
  const listing = await sellerWithListing({
    name: `HP EliteBook Saved${Date.now().toString(36)}`,
    brand: 'HP',
    price: 420,
  });
  const buyer = await createAccount(request, 'buyer', 'Sol Saver');
  const origin = String(test.info().project.use.baseURL);

  // The heart on the laptop's card, in the search results.
  await signIn(page, buyer);
  await page.goto(`/search?q=${encodeURIComponent(listing.name)}`);
  const card = page.getByRole('article', { name: listing.name });
  const heart = card.getByRole('button', { name: `Save ${listing.name}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(
    card.getByRole('button', { name: `Remove ${listing.name} from saved` }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Saved laptops lists it, from the dashboard's menu.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Sol Saver' })).toBeVisible();
  await (await dashboardMenu(page)).getByRole('link', { name: 'Saved laptops' }).click();
  await expect(page.getByRole('heading', { name: 'Saved laptops', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: listing.name })).toContainText('$420.00');

  // The seller lowers the price.
  const sellerApi = await apiSignedInAs(listing.seller);
  let price = 380;
  const lower = async () => {
    const edited = await sellerApi.patch(`/api/myProducts/${listing.productId}`, {
      headers: { origin },
      data: { resalePrice: price },
    });
    expect(edited.status()).toBe(200);
  };
  await lower();
  const dropEmails = () =>
    emailsTo(buyer.email).filter((mail) =>
      /^Subject: The .* you saved is now /m.test(mail.headers),
    );
  // The job queue starts a few seconds after the server first answers, and a change
  // before then queues no email (decision 0041). On a server that has only just
  // started, the seller lowers it again, until an email is on its way.
  let lastEdit = Date.now();
  await expect
    .poll(
      async () => {
        const count = dropEmails().length;
        if (count === 0 && Date.now() - lastEdit > 15_000) {
          price -= 1;
          await lower();
          lastEdit = Date.now();
        }
        return count;
      },
      { timeout: 80_000, intervals: [500] },
    )
    .toBeGreaterThan(0);

  const [email] = dropEmails();
  expect(email?.headers).toContain(
    `Subject: The ${listing.name} you saved is now $${price}.00, was $420.00`,
  );
  const laptopUrl = `${origin}/laptops/${listing.productId}`;
  expect(email?.text).toContain(`See it: ${laptopUrl}\n`);
  const unsubscribeUrl = /^List-Unsubscribe: <([^>]+)>$/m.exec(email?.headers ?? '')?.[1] ?? '';
  expect(unsubscribeUrl).toMatch(new RegExp(`^${origin}/api/unsubscribe/favourites\\?token=`));
  expect(email?.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(email?.text).toContain(`Stop these emails: ${unsubscribeUrl}`);

  // The link opens the laptop, its heart pressed; the Saved page says it got cheaper.
  await page.goto(laptopUrl);
  await expect(page.getByRole('heading', { name: listing.name, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Remove ${listing.name} from saved` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/dashboard/saved');
  await expect(page.getByRole('article', { name: listing.name })).toContainText(
    'Price dropped from $420.00',
  );

  // The unsubscribe link: a page with a button (changes nothing), then a mail app's
  // one-click POST, without cookies.
  const shown = await request.get(unsubscribeUrl);
  expect(await shown.text()).toContain('Stop emails about saved laptops?');
  const unsubscribed = await request.post(unsubscribeUrl, {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(unsubscribed.status()).toBe(200);
  await page.goto('/dashboard/profile');
  await expect(
    page.getByRole('checkbox', {
      name: 'Email me when a laptop I saved gets cheaper or is booked',
    }),
  ).not.toBeChecked();

  // One email for the drop: no second one came meanwhile.
  expect(dropEmails()).toHaveLength(1);
  await sellerApi.dispose();
});
