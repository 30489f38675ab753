// Email when away (decision 0034): a message left unread is emailed to its recipient.
// The test server waits 3 seconds, not 5 minutes (MESSAGE_EMAIL_DELAY_MINUTES in
// serve.mjs), and writes mail to its outbox, which the test reads.
import { expect, test } from '@playwright/test';
import { apiSignedInAs, createAccount, emailsTo, logIn } from './support/accounts.ts';
import { sellerWithListing } from './support/listings.ts';

test('a message left unread is emailed once, links to its thread, and one click stops them', async ({
  browser,
  request,
}) => {
  const listing = await sellerWithListing({
    name: `HP ZBook Away${Date.now().toString(36)}`,
    brand: 'HP',
  });
  const buyer = await createAccount(request, 'buyer', 'Abe Away');
  const origin = String(test.info().project.use.baseURL);
  const buyerApi = await apiSignedInAs(buyer);
  const started = await buyerApi.post('/api/conversations', {
    headers: { origin },
    data: { productId: listing.productId },
  });
  expect(started.ok()).toBe(true);
  const { conversationId } = (await started.json()) as { conversationId: string };
  const send = async (body: string) => {
    const sent = await buyerApi.post(`/api/conversations/${conversationId}/messages`, {
      headers: { origin },
      data: { body },
    });
    expect(sent.status()).toBe(201);
  };

  // The seller's emails about messages (they also had a welcome email).
  const messageEmails = () =>
    emailsTo(listing.seller.email).filter((mail) =>
      /^Subject: .* wrote to you about /m.test(mail.headers),
    );

  // The seller is away: nobody reads it.
  await send('Hello! Is the battery original?');
  // The job queue starts a few seconds after the server first answers, and a message
  // sent before then queues no email (decision 0034). On a server that has only just
  // started, the buyer writes again, as a person would, until an email is on its way.
  let lastSent = Date.now();
  await expect
    .poll(
      async () => {
        const count = messageEmails().length;
        if (count === 0 && Date.now() - lastSent > 15_000) {
          await send('Are you still selling it?');
          lastSent = Date.now();
        }
        return count;
      },
      { timeout: 80_000, intervals: [500] },
    )
    .toBeGreaterThan(0);

  const [email] = messageEmails();
  const threadUrl = `${origin}/dashboard/messages/${conversationId}`;
  expect(email?.headers).toContain(`Subject: Abe Away wrote to you about ${listing.name}`);
  expect(email?.text).toContain('> Hello! Is the battery original?');
  expect(email?.text).toContain(`Read and answer: ${threadUrl}\n`);
  const unsubscribeUrl = /^List-Unsubscribe: <([^>]+)>$/m.exec(email?.headers ?? '')?.[1] ?? '';
  expect(unsubscribeUrl).toMatch(new RegExp(`^${origin}/api/unsubscribe/messages\\?token=`));
  expect(email?.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

  // The link, opened signed out, asks the seller to log in, then shows the thread.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto(threadUrl);
  await logIn(sellerPage, listing.seller);
  await expect(sellerPage).toHaveURL(threadUrl);
  await expect(sellerPage.getByRole('heading', { name: 'With Abe Away' })).toBeVisible();
  await expect(
    sellerPage.getByRole('list', { name: 'Messages' }).getByText('Hello! Is the battery original?'),
  ).toBeVisible();

  // A mail app's one-click unsubscribe (RFC 8058): a POST of the link, without cookies.
  const unsubscribed = await request.post(unsubscribeUrl, {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(unsubscribed.status()).toBe(200);
  await sellerPage.goto('/dashboard/profile');
  await expect(
    sellerPage.getByRole('checkbox', { name: 'Email me about messages I have not read' }),
  ).not.toBeChecked();

  // One email for the whole unread spell, however many messages it had.
  expect(messageEmails()).toHaveLength(1);
  await sellerContext.close();
  await buyerApi.dispose();
});
